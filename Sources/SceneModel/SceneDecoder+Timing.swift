import Colors
import Geometry
import Timing

// The layer tree and Core Animation timing keys: item extras (children, masksToBounds, shadow,
// timing, animations), `viewAnimations`, `animators`, `layerTimeline`. Same rules as
// SceneDecoder.swift: types, shapes, keys and defaults here. Timing's throwing initializers
// check the values of animations while they are built; their `TimingError` becomes a scene error
// at the key it names (`KeyframeAnimation.keyTimes` → `….keyTimes`) with Timing's own words.

extension SceneDecoder {
    // MARK: Items

    func decodeLayerKeys(_ f: Fields, into item: inout Item, at path: String) throws {
        if let n = f["timing"] {
            let t = try fields(
                n, at: path + ".timing", allowed: MediaTimingKeys.spec.keyNames, required: [], what: "a layer timing")
            item.timing = try decodeMediaTiming(t, at: path + ".timing")
            do { try item.timing.validate(call: "timing") } catch { throw timingError(error, t, at: path + ".timing") }
        }
        if let n = f["animations"] {
            item.animations = try list(n, at: path + ".animations").enumerated().map { k, node in
                try decodeAnimation(node, at: path + ".animations[\(k)]")
            }
        }
        if let n = f["children"] {
            item.children = try list(n, at: path + ".children").enumerated().map { k, node in
                try decodeItem(node, at: path + ".children[\(k)]")
            }
        }
    }

    /// The `CAMediaTiming` keys of a mapping. `repeatCount` also takes `forever` (∞).
    /// The `CAMediaTiming` keys of a mapping (`MediaTimingKeys`); the mapping's other keys are
    /// read by the caller.
    func decodeMediaTiming(_ f: Fields, at path: String) throws -> MediaTiming {
        var timing = MediaTiming()
        try decodeKeys(MediaTimingKeys.spec, from: f, at: path, into: &timing)
        return timing
    }

    /// A number that must fit a Float (CA's `speed` and `repeatCount` are Float).
    func float(_ node: SourceNode, at path: String) throws -> Float {
        let v = try number(node, at: path)
        guard Float(v).isFinite else {
            throw error(
                at: node, path,
                "expected a number within ±3.4e38 (a Float, as in Core Animation), found \(SceneModel.format(v))")
        }
        return Float(v)
    }

    // MARK: Animations

    func decodeAnimation(_ node: SourceNode, at path: String) throws -> AnimationSpec {
        let (kind, body, at) = try oneKey(
            node, at: path, kinds: TimingKeys.animationKinds,
            example: "an animation such as basic: { property: opacity, to: 0 }", what: "animation")
        let allowed = kind == "basic" ? TimingKeys.basic : kind == "keyframe" ? TimingKeys.keyframe : TimingKeys.spring
        let f = try fields(
            body, at: at, allowed: allowed,
            required: [
                ("property", "property: one of \(listing(AnimatedProperty.names))")
            ], what: "a \(kind) animation")
        let property = try layerProperty(f[checked: "property"], at: at + ".property")
        var spec = AnimationSpec(property: property, kind: .basic(try BasicAnimation(toValue: property.defaultValue)))
        if let n = f["key"] { spec.key = try string(n, at: at + ".key") }
        if let n = f["at"] { spec.at = try number(n, at: at + ".at") }
        let timing = try decodeMediaTiming(f, at: at)
        let additive = try f["additive"].map { try bool($0, at: at + ".additive") } ?? false
        let cumulative = try f["cumulative"].map { try bool($0, at: at + ".cumulative") } ?? false
        let removed = try f["removedOnCompletion"].map { try bool($0, at: at + ".removedOnCompletion") } ?? true
        func value(_ key: String) throws -> AnimatableValue? {
            try f[key].map { try animatableValue($0, for: property, at: at + "." + key) }
        }
        do {
            switch kind {
            case "basic":
                let tf = try f["timingFunction"].map { try timingFunction($0, at: at + ".timingFunction") }
                spec.kind = .basic(
                    try BasicAnimation(
                        fromValue: try value("from"), toValue: try value("to"), byValue: try value("by"),
                        timing: timing, timingFunction: tf, isAdditive: additive,
                        isCumulative: cumulative, isRemovedOnCompletion: removed))
            case "keyframe":
                let valuesNode = try f.required("values", hint: "values: a list of keyframe values", decoder: self)
                let values = try list(valuesNode, at: at + ".values").enumerated().map { k, n in
                    try animatableValue(n, for: property, at: at + ".values[\(k)]")
                }
                func numbers(_ key: String) throws -> [Double]? {
                    try f[key].map { n in
                        try list(n, at: at + "." + key).enumerated().map { k, x in
                            try number(x, at: at + ".\(key)[\(k)]")
                        }
                    }
                }
                let mode =
                    try f["calculationMode"].map { try word($0, at: at + ".calculationMode", CalculationMode.self) }
                    ?? .linear
                let tf = try f["timingFunction"].map { try timingFunction($0, at: at + ".timingFunction") }
                let tfs = try f["timingFunctions"].map { n in
                    try list(n, at: at + ".timingFunctions").enumerated().map { k, x in
                        try timingFunction(x, at: at + ".timingFunctions[\(k)]")
                    }
                }
                spec.kind = .keyframe(
                    try KeyframeAnimation(
                        values: values, keyTimes: try numbers("keyTimes"), calculationMode: mode, timing: timing,
                        timingFunction: tf, timingFunctions: tfs, tensionValues: try numbers("tensionValues"),
                        continuityValues: try numbers("continuityValues"), biasValues: try numbers("biasValues"),
                        isAdditive: additive, isCumulative: cumulative, isRemovedOnCompletion: removed))
            default:
                let spring = try decodeSpring(f, at: at)
                spec.kind = .spring(
                    try SpringAnimation(
                        spring: spring, fromValue: try value("from"), toValue: try value("to"),
                        byValue: try value("by"), timing: timing, isAdditive: additive,
                        isCumulative: cumulative, isRemovedOnCompletion: removed))
            }
        } catch let e as TimingError {
            throw timingError(e, f, at: at)
        }
        return spec
    }

    /// `CASpringAnimation`'s physical parameters, or `perceptualDuration` + `bounce` (not both).
    func decodeSpring(_ f: Fields, at path: String) throws -> Spring {
        let physical = ["mass", "stiffness", "damping"].compactMap { f.entry($0) }
        let perceptual = ["perceptualDuration", "bounce"].compactMap { f.entry($0) }
        let velocity = try f["initialVelocity"].map { try number($0, at: path + ".initialVelocity") } ?? 0
        if let p = perceptual.first, let m = physical.first {
            let later =
                (m.keyMark?.line ?? 0, m.keyMark?.column ?? 0) > (p.keyMark?.line ?? 0, p.keyMark?.column ?? 0) ? m : p
            throw error(
                at: later.keyMark, path + "." + later.key,
                "mass/stiffness/damping and perceptualDuration/bounce are both given; expected one way to describe the spring"
            )
        }
        if !perceptual.isEmpty {
            if f.entry("allowsOverdamping") != nil {
                throw error(
                    at: f.entry("allowsOverdamping")?.keyMark, path + ".allowsOverdamping",
                    "not allowed with perceptualDuration/bounce, which always allow overdamping (CASpringAnimation(perceptualDuration:bounce:))"
                )
            }
            let p = try f["perceptualDuration"].map { try number($0, at: path + ".perceptualDuration") } ?? 1
            let b = try f["bounce"].map { try number($0, at: path + ".bounce") } ?? 0
            return try Spring(perceptualDuration: p, bounce: b, initialVelocity: velocity)
        }
        return try Spring(
            mass: try f["mass"].map { try number($0, at: path + ".mass") } ?? 1,
            stiffness: try f["stiffness"].map { try number($0, at: path + ".stiffness") } ?? 100,
            damping: try f["damping"].map { try number($0, at: path + ".damping") } ?? 10,
            initialVelocity: velocity,
            allowsOverdamping: try f["allowsOverdamping"].map { try bool($0, at: path + ".allowsOverdamping") } ?? false
        )
    }

    /// A named `CAMediaTimingFunction` or `[c1x, c1y, c2x, c2y]`.
    func timingFunction(_ node: SourceNode, at path: String) throws -> MediaTimingFunction {
        if case .sequence = node.value {
            let v = try numbers(node, at: path, count: 4, names: "[c1x, c1y, c2x, c2y]")
            do {
                return try MediaTimingFunction(controlPoints: Float(v[0]), Float(v[1]), Float(v[2]), Float(v[3]))
            } catch let e as TimingError {
                throw error(at: node, path, e.description)
            }
        }
        let names = MediaTimingFunction.Name.allCases.map(\.rawValue)
        guard case .string(let w)? = node.scalarMeaning, let name = MediaTimingFunction.Name(rawValue: w) else {
            let found: String? = if case .string(let w)? = node.scalarMeaning { w } else { nil }
            // UIKit's curve names are not Core Animation's: its easeInOut is CA's easeInEaseOut.
            let uiKit = ["easeInOut": "easeInEaseOut"]
            throw error(
                at: node, path,
                "expected one of: \(listing(names)) or [c1x, c1y, c2x, c2y], found \(node.foundDescription)",
                suggestion: found.flatMap { w in
                    uiKit[w].map {
                        "did you mean '\($0)'? (easeInOut is UIKit's name for it; a timingFunction takes Core Animation's names)"
                    }
                        ?? didYouMean(w, names)
                })
        }
        return MediaTimingFunction(name: name)
    }

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

    /// A value of the property's kind: `[x, y]` (center, translation), `[w, h]` (size), degrees
    /// (rotation), a number or `[sx, sy]` (scale), a number (opacity, cornerRadius, borderWidth),
    /// a colour (fill, borderColor, textColor); a gradient fill's lists and points
    /// (`gradientValue`).
    func animatableValue(_ node: SourceNode, for property: LayerProperty, at path: String) throws -> AnimatableValue {
        switch property {
        case .center: return .point(try point(node, at: path))
        case .translation: return .point(try vector(node, at: path))
        case .size: return .size(try size(node, at: path))
        case .rotation: return .angle(.degrees(try number(node, at: path)))
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
        case .opacity, .cornerRadius, .borderWidth, .strokeStart, .strokeEnd, .lineWidth, .lineDashPhase:
            return .scalar(try number(node, at: path))
        case .fillColor, .borderColor, .textColor: return .color(AnimatableColor(try color(node, at: path)))
        case .shapeFillColor, .strokeColor: return .color(AnimatableColor(try colorOrNone(node, at: path)))
        case .path: return .path(PathValue(try pathData(node, at: path)))
        case .gradientColors, .gradientLocations, .gradientStartPoint, .gradientEndPoint:
            return try gradientValue(node, for: property, at: path)
        }
    }

    /// `{ property: value, … }` in file order.
    func changes(_ node: SourceNode, at path: String) throws -> [PropertyChange] {
        let f = try fields(node, at: path, allowed: AnimatedProperty.names, required: [], what: "property changes")
        guard case .mapping(let entries) = node.value else { return [] }
        return try entries.map { entry in
            let p = AnimatedProperty.property(named: entry.key)!  // checked by `fields`
            _ = f
            return PropertyChange(
                property: p, value: try animatableValue(entry.value, for: p, at: path + "." + entry.key))
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
