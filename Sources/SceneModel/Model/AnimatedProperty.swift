import Geometry
import SceneSyntax
import Timing

/// The scene-file names of `LayerProperty` (the item keys they animate) and how each one's values
/// are written. Adding an animatable property to scene files is one entry here (and, for a new
/// kind of value, one `ValueForm`); animations, view animations, animators and layer calls all
/// read their values through this table.
public enum AnimatedProperty {
    /// How a value is written in a scene file.
    public enum ValueForm: Sendable {
        /// `[x, y]` canvas points.
        case point
        /// `[dx, dy]` points.
        case vector
        /// `[width, height]`.
        case size
        /// A number of degrees, clockwise.
        case degrees
        /// A number, or `[sx, sy]`.
        case scale
        case number
        case colour
        /// A colour, or `none` for clear.
        case colourOrNone
        /// SVG path data.
        case pathData
        /// A gradient fill's list or point (`colors`, `locations`, `startPoint`, `endPoint`):
        /// `gradientValue` reads it by property.
        case gradient
        /// A list of CATransform3D operations, as `transform3D:` writes them
        /// (`[{ rotateY: 180 }, { perspective: 500 }]`).
        case transform
    }

    /// Scene name → layer property and value form, in documentation order.
    public static let all: [(name: String, property: LayerProperty, form: ValueForm)] = [
        ("center", .center, .point), ("size", .size, .size), ("rotation", .rotation, .degrees),
        ("scale", .scale, .scale), ("translation", .translation, .vector), ("opacity", .opacity, .number),
        ("fill", .fillColor, .colour), ("cornerRadius", .cornerRadius, .number),
        ("borderWidth", .borderWidth, .number), ("borderColor", .borderColor, .colour),
        ("strokeStart", .strokeStart, .number), ("strokeEnd", .strokeEnd, .number),
        ("lineWidth", .lineWidth, .number), ("fillColor", .shapeFillColor, .colourOrNone),
        ("strokeColor", .strokeColor, .colourOrNone), ("lineDashPhase", .lineDashPhase, .number),
        ("path", .path, .pathData), ("textColor", .textColor, .colour), ("foregroundColor", .textColor, .colour),
        ("colors", .gradientColors, .gradient), ("locations", .gradientLocations, .gradient),
        ("startPoint", .gradientStartPoint, .gradient), ("endPoint", .gradientEndPoint, .gradient),
        ("shadowOpacity", .shadowOpacity, .number), ("shadowRadius", .shadowRadius, .number),
        ("shadowOffset", .shadowOffset, .vector), ("shadowColor", .shadowColor, .colour),
        ("shadowPath", .shadowPath, .pathData), ("blurRadius", .blurRadius, .number),
        ("filters.gaussianBlur.inputRadius", .blurRadius, .number), ("anchorPoint", .anchorPoint, .vector),
        ("rotationX", .rotationX, .degrees), ("rotationY", .rotationY, .degrees), ("zPosition", .zPosition, .number),
        ("anchorPointZ", .anchorPointZ, .number), ("transform3D", .transform3D, .transform),
        ("sublayerTransform", .sublayerTransform, .transform),
        // Core Animation's key paths for the transform's parts (in degrees here, as everywhere).
        ("transform.rotation.x", .rotationX, .degrees), ("transform.rotation.y", .rotationY, .degrees),
        ("transform.rotation.z", .rotation, .degrees), ("transform.rotation", .rotation, .degrees),
        ("transform", .transform3D, .transform),
    ]
    public static var names: [String] { all.map(\.name) }

    public static func property(named name: String) -> LayerProperty? { all.first { $0.name == name }?.property }
    public static func name(of property: LayerProperty) -> String {
        all.first { $0.property == property }?.name ?? property.rawValue
    }
    static func form(of property: LayerProperty) -> ValueForm {
        guard let form = all.first(where: { $0.property == property })?.form else {
            preconditionFailure("\(property) has no entry in AnimatedProperty.all")
        }
        return form
    }
}

extension SceneDecoder {
    /// A value of the property's form (`AnimatedProperty.all`).
    func animatableValue(_ node: SourceNode, for property: LayerProperty, at path: String) throws -> AnimatableValue {
        switch AnimatedProperty.form(of: property) {
        case .point: return .point(try point(node, at: path))
        case .vector: return .point(try vector(node, at: path))
        case .size: return .size(try size(node, at: path))
        case .degrees: return .angle(.degrees(try number(node, at: path)))
        case .scale:
            if case .sequence = node.value {
                let p = try pair(node, at: path, names: ("sx", "sy"))
                return .point(Point(p.0, p.1))
            }
            guard case .number? = node.scalarMeaning else {
                throw error(at: node, path, "expected a scale factor or [sx, sy], found \(node.foundDescription)")
            }
            let s = try number(node, at: path)
            return .point(Point(s, s))
        case .number: return .scalar(try number(node, at: path))
        case .colour: return .color(AnimatableColor(try color(node, at: path)))
        case .colourOrNone: return .color(AnimatableColor(try colorOrNone(node, at: path)))
        case .pathData: return .path(PathValue(try pathData(node, at: path)))
        case .gradient: return try gradientValue(node, for: property, at: path)
        case .transform: return .transform(try transform3D(node, at: path))
        }
    }

    /// The `property:` of an animation, by its scene name.
    func layerProperty(_ node: SourceNode, at path: String) throws -> LayerProperty {
        guard case .string(let w)? = node.scalarMeaning, let p = AnimatedProperty.property(named: w) else {
            let found: String? = if case .string(let w)? = node.scalarMeaning { w } else { nil }
            throw error(
                at: node, path,
                "expected one of: \(listing(AnimatedProperty.names, limit: 30)), found \(node.foundDescription)",
                suggestion: found.flatMap { didYouMean($0, AnimatedProperty.names) })
        }
        return p
    }

    /// `{ property: value, … }` in file order.
    func changes(_ node: SourceNode, at path: String) throws -> [PropertyChange] {
        _ = try fields(
            node, at: path, DeclaredKeys(animatableProperties: AnimatedProperty.names, what: "property changes"))
        guard case .mapping(let entries) = node.value else { return [] }
        return try entries.map { entry in
            guard let p = AnimatedProperty.property(named: entry.key) else {
                preconditionFailure("fields() allowed only property names")
            }
            return PropertyChange(
                property: p, value: try animatableValue(entry.value, for: p, at: path + "." + entry.key))
        }
    }

    /// `scrollTransition:`: `[{ property, values, distance, axis }, …]`.
    func scrollTransitions(_ node: SourceNode, at path: String) throws -> [ScrollTransitionSpec] {
        let keys = DeclaredKeys(
            names: ["property", "values", "distance", "axis"],
            required: [("property", "property: the property that follows"), ("values", "values: [at −1, …, at 1]")],
            what: "a scroll transition")
        return try list(node, at: path).enumerated().map { k, element in
            let at = path + "[\(k)]"
            let fields = try self.fields(element, at: at, keys)
            let property = try layerProperty(fields[checked: "property"], at: at + ".property")
            let form = AnimatedProperty.form(of: property)
            guard [.number, .degrees, .scale, .vector, .colour, .colourOrNone].contains(form) else {
                throw error(
                    at: fields[checked: "property"], at + ".property",
                    "\(AnimatedProperty.name(of: property)) cannot follow the scroll position; expected a number, angle, scale, vector or colour property such as rotationY, zPosition, opacity or scale",
                    suggestion: property == .center ? "move the child with translation instead of center" : nil)
            }
            let values = try list(fields[checked: "values"], at: at + ".values").enumerated().map {
                try animatableValue($1, for: property, at: at + ".values[\($0)]")
            }
            guard values.count >= 2 else {
                throw error(
                    at: fields[checked: "values"], at + ".values",
                    "expected at least two values (at phases −1 and 1), found \(values.count)")
            }
            let distance = try fields["distance"].map { try number($0, at: at + ".distance") }
            if let distance, !(distance > 0 && distance <= 1e6) {
                throw error(
                    at: fields["distance"]!, at + ".distance",
                    "expected a distance from 0 to 10⁶ points, greater than 0, found \(SceneSyntax.format(distance))")
            }
            let axis = try fields["axis"].map { try word($0, at: at + ".axis", ScrollTransitionSpec.Axis.self) }
            return ScrollTransitionSpec(property: property, values: values, distance: distance, axis: axis)
        }
    }

    /// `{ itemId: true | false, … }` in file order: `isHidden` set on each.
    func hiddenChanges(_ node: SourceNode, at path: String) throws -> [ViewAnimationSpec.HiddenChange] {
        guard case .mapping(let entries) = node.value, !entries.isEmpty else {
            throw error(
                at: node, path,
                "expected a mapping of item ids to true or false, such as { front: true, back: false }, found \(node.foundDescription)"
            )
        }
        return try entries.map {
            ViewAnimationSpec.HiddenChange(item: $0.key, isHidden: try bool($0.value, at: path + "." + $0.key))
        }
    }

    /// `{ itemId: { property: value, … }, … }` in file order.
    func itemChanges(_ node: SourceNode, at path: String) throws -> [ItemChange] {
        guard case .mapping(let entries) = node.value else {
            throw error(
                at: node, path,
                "expected a mapping of item ids to property changes, such as { card: { center: [x, y] } }, found \(node.foundDescription)"
            )
        }
        var result: [ItemChange] = []
        for entry in entries {
            for c in try changes(entry.value, at: path + "." + entry.key) {
                result.append(ItemChange(item: entry.key, property: c.property, value: c.value))
            }
        }
        return result
    }
}
