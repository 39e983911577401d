import Geometry
import SceneSyntax
import Shapes

// Behaviours: one `- kind: { … }` entry per list item. The same rules as SceneDecoder.swift:
// types, shapes, keys and defaults here; ranges and references in `Scene.validate`.

extension SceneDecoder {
    func decodeBehavior(_ node: SourceNode, at path: String) throws -> BehaviorSpec {
        let example = "a behavior such as snap: { item: card, to: [x, y] } or gravity: { items: [card] }"
        guard case .mapping(let entries) = node.value else {
            throw error(at: node, path, "expected \(example), found \(node.foundDescription)")
        }
        guard let first = entries.first else {
            throw error(at: node, path, "expected \(example), found an empty mapping")
        }
        for entry in entries where !Keys.behaviors.contains(entry.key) {
            throw error(
                at: entry.keyMark, path,
                "unknown behavior \(quoted(entry.key)); expected one of: \(listing(Keys.behaviors))",
                suggestion: didYouMean(entry.key, Keys.behaviors))
        }
        if entries.count > 1 {
            throw error(
                at: entries[1].keyMark, path,
                "expected one behavior per list entry, found '\(first.key)' and '\(entries[1].key)'",
                suggestion: "start each behavior with its own '-'")
        }
        let body = first.value
        let at = path + "." + first.key
        switch first.key {
        case "snap": return .snap(try decode(BehaviorKeys.snap, body, at: at))
        case "gravity": return .gravity(try decode(BehaviorKeys.gravity, body, at: at))
        case "push":
            var push = BehaviorKeys.push.prototype
            let f = try decode(BehaviorKeys.push, body, at: at, into: &push)
            push.force = try decodePushForce(f, at: at)
            return .push(push)
        case "collision": return .collision(try decode(BehaviorKeys.collision, body, at: at))
        case "attachment": return .attachment(try decode(BehaviorKeys.attachment, body, at: at))
        case "itemBehavior": return .itemBehavior(try decode(BehaviorKeys.itemBehavior, body, at: at))
        case "field": return .field(try decode(BehaviorKeys.field, body, at: at))
        case "watcher": return .watcher(try decode(BehaviorKeys.watcher, body, at: at))
        case "dampedResize": return .dampedResize(try decode(BehaviorKeys.dampedResize, body, at: at))
        case "transformTween": return .transformTween(try decode(BehaviorKeys.transformTween, body, at: at))
        case "transformNest": return .transformNest(try decode(BehaviorKeys.transformNest, body, at: at))
        default: return .snapZones(try decode(BehaviorKeys.snapZones, body, at: at))  // the last of Keys.behaviors
        }
    }

    func decodeBoundary(_ node: SourceNode, at path: String) throws -> CollisionSpec.Boundary {
        let f = try fields(node, at: path, NestedKeys.boundary.declared)
        let id = try string(f[checked: "id"], at: path + ".id")
        if let pathNode = f.entry("path") {
            for key in ["from", "to"] where f.entry(key) != nil {
                throw error(
                    at: f.entry(key)?.keyMark, path + "." + key,
                    "'path' and '\(key)' are both given; expected either from and to (a line) or path (a closed shape)")
            }
            if case .string? = pathNode.value.scalarMeaning {
                return .init(id: id, shape: .path(try boundaryOutline(pathNode.value, at: path + ".path")))
            }
            let points = try list(pathNode.value, at: path + ".path").enumerated().map { k, node in
                try point(node, at: path + ".path[\(k)]")
            }
            return .init(id: id, shape: .path(points))
        }
        let from = try f.required(
            "from", hint: "from: [x, y] and to: [x, y] for a line, or path: [[x, y], …]", decoder: self)
        let to = try f.required("to", hint: "to: [x, y], the line's other end", decoder: self)
        return .init(
            id: id, shape: .line(from: try point(from, at: path + ".from"), to: try point(to, at: path + ".to")))
    }

    /// A boundary's outline from SVG path data: one closed subpath, curves flattened with
    /// chords within `CollisionSpec.Boundary.flatness` of them.
    func boundaryOutline(_ node: SourceNode, at path: String) throws -> [Point] {
        let subpaths = try pathData(node, at: path).flattenedSubpaths(tolerance: CollisionSpec.Boundary.flatness)
        guard subpaths.count == 1, let outline = subpaths.first else {
            throw error(
                at: node, path,
                "expected one closed shape, found \(subpaths.count) subpaths; a boundary is one outline",
                suggestion: "give each shape a boundary of its own")
        }
        guard outline.closed else {
            throw error(
                at: node, path, "expected a closed shape, found a path that does not close",
                suggestion: "end the path data with Z")
        }
        return outline.points
    }

    /// A push's `angle` and `magnitude`, or its `direction` (not both).
    func decodePushForce(_ f: Fields, at path: String) throws -> PushSpec.Force {
        if let direction = f.entry("direction") {
            for key in ["angle", "magnitude"] {
                if let other = f.entry(key) {
                    throw error(
                        at: other.keyMark, path + "." + key,
                        "'direction' and '\(key)' are both given; expected either direction: [dx, dy] or angle and magnitude"
                    )
                }
            }
            return .direction(try vector(direction.value, at: path + ".direction"))
        }
        let angle = try f["angle"].map { try number($0, at: path + ".angle") } ?? 0
        let magnitude = try f["magnitude"].map { try number($0, at: path + ".magnitude") } ?? 0
        return .angle(.degrees(angle), magnitude: magnitude)
    }

    /// An attachment's `range: [min, max]`, min ≤ max.
    func decodeRange(_ n: SourceNode, at path: String) throws -> ClosedRange<Double> {
        let r = try pair(n, at: path, names: ("min", "max"))
        guard r.0 <= r.1 else {
            throw error(
                at: n, path,
                "expected [min, max] with min ≤ max, found [\(SceneSyntax.format(r.0)), \(SceneSyntax.format(r.1))]")
        }
        return r.0...r.1
    }

    /// `zones: [{ id, rect: [x, y, width, height] }, …]`.
    func decodeZones(_ node: SourceNode, at path: String) throws -> [SnapZonesSpec.Zone] {
        try list(node, at: path).enumerated().map { k, node -> SnapZonesSpec.Zone in
            let at = path + "[\(k)]"
            let z = try fields(node, at: at, NestedKeys.zone.declared)
            let r = try numbers(z[checked: "rect"], at: at + ".rect", count: 4, names: "[x, y, width, height]")
            return SnapZonesSpec.Zone(
                id: try string(z[checked: "id"], at: at + ".id"),
                rect: Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
        }
    }

    /// `drags: [{ item, path: [[time, x, y], …] }, …]`.
    func decodeDrags(_ node: SourceNode, at path: String) throws -> [SnapZonesSpec.Drag] {
        try list(node, at: path).enumerated().map { k, node -> SnapZonesSpec.Drag in
            let at = path + "[\(k)]"
            let d = try fields(node, at: at, NestedKeys.snapDrag.declared)
            let keyframes = try list(d[checked: "path"], at: at + ".path").enumerated().map {
                j, node -> SnapZonesSpec.Drag.Keyframe in
                let v = try numbers(node, at: at + ".path[\(j)]", count: 3, names: "[time, x, y]")
                return SnapZonesSpec.Drag.Keyframe(time: v[0], point: Point(v[1], v[2]))
            }
            return SnapZonesSpec.Drag(item: try string(d[checked: "item"], at: at + ".item"), keyframes: keyframes)
        }
    }

    /// `region: { radius: r }` or `{ size: [width, height] }`.
    func decodeRegion(_ n: SourceNode, at path: String) throws -> FieldSpec.Region {
        let r = try fields(n, at: path, NestedKeys.region.declared)
        switch (r["radius"], r["size"]) {
        case (let radius?, nil): return .radius(try number(radius, at: path + ".radius"))
        case (nil, let size?): return .size(try self.size(size, at: path + ".size"))
        case (nil, nil):
            throw error(at: n, path, "expected { radius: r } or { size: [width, height] }, found an empty mapping")
        case (_?, _?):
            throw error(
                at: r.entry("size")?.keyMark, path + ".size",
                "'radius' and 'size' are both given; expected one of them")
        }
    }

    func decodeCollisionBounds(_ node: SourceNode, at path: String) throws -> CollisionBounds {
        if case .mapping = node.value {
            let f = try fields(node, at: path, NestedKeys.collisionBounds.declared)
            let points = try list(f[checked: "path"], at: path + ".path").enumerated().map { k, n in
                try point(n, at: path + ".path[\(k)]")
            }
            return .path(points)
        }
        let choices = ["rectangle", "ellipse"]
        guard case .string(let w)? = node.scalarMeaning, choices.contains(w) else {
            throw error(
                at: node, path,
                "expected 'rectangle', 'ellipse' or { path: [[x, y], …] }, found \(node.foundDescription)",
                suggestion: {
                    if case .string(let w)? = node.scalarMeaning { return didYouMean(w, choices) } else { return nil }
                }())
        }
        return w == "ellipse" ? .ellipse : .rectangle
    }

    // MARK: Shapes shared by behaviours

    func ids(_ node: SourceNode, at path: String) throws -> [String] {
        try list(node, at: path).enumerated().map { j, n in try string(n, at: path + "[\(j)]") }
    }

    func point(_ node: SourceNode, at path: String) throws -> Point {
        let p = try pair(node, at: path, names: ("x", "y"))
        return Point(p.0, p.1)
    }

    func vector(_ node: SourceNode, at path: String) throws -> Point {
        let p = try pair(node, at: path, names: ("dx", "dy"))
        return Point(p.0, p.1)
    }

    func size(_ node: SourceNode, at path: String) throws -> Size {
        let p = try pair(node, at: path, names: ("width", "height"))
        return Size(p.0, p.1)
    }

    /// Exactly `count` finite numbers.
    func numbers(_ node: SourceNode, at path: String, count: Int, names: String) throws -> [Double] {
        let nodes = try list(node, at: path)
        guard nodes.count == count else {
            throw error(
                at: node, path, "expected \(names), found a list of \(nodes.count) value\(nodes.count == 1 ? "" : "s")")
        }
        return try nodes.enumerated().map { k, n in try number(n, at: path + "[\(k)]") }
    }

    /// One of an enum's raw values, with a did-you-mean.
    func word<W: RawRepresentable & CaseIterable>(_ node: SourceNode, at path: String, _: W.Type) throws -> W
    where W.RawValue == String {
        let choices = W.allCases.map(\.rawValue)
        guard case .string(let w)? = node.scalarMeaning, let value = W(rawValue: w) else {
            let found: String? = if case .string(let w)? = node.scalarMeaning { w } else { nil }
            throw error(
                at: node, path, "expected one of: \(listing(choices)), found \(node.foundDescription)",
                suggestion: found.flatMap { didYouMean($0, choices) })
        }
        return value
    }
}
