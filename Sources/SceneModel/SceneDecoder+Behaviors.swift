import Geometry

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
            throw error(at: entry.keyMark, path,
                        "unknown behavior \(quoted(entry.key)); expected one of: \(listing(Keys.behaviors))",
                        suggestion: didYouMean(entry.key, Keys.behaviors))
        }
        if entries.count > 1 {
            throw error(at: entries[1].keyMark, path,
                        "expected one behavior per list entry, found '\(first.key)' and '\(entries[1].key)'",
                        suggestion: "start each behavior with its own '-'")
        }
        let body = first.value
        let at = path + "." + first.key
        switch first.key {
        case "snap": return .snap(try decode(BehaviorKeys.snap, body, at: at))
        case "gravity": return .gravity(try decode(BehaviorKeys.gravity, body, at: at))
        case "push": return .push(try decodePush(body, at: at))
        case "collision": return .collision(try decodeCollision(body, at: at))
        case "attachment": return .attachment(try decodeAttachment(body, at: at))
        case "itemBehavior": return .itemBehavior(try decode(BehaviorKeys.itemBehavior, body, at: at))
        case "field": return .field(try decode(BehaviorKeys.field, body, at: at))
        case "watcher": return .watcher(try decode(BehaviorKeys.watcher, body, at: at))
        case "dampedResize": return .dampedResize(try decode(BehaviorKeys.dampedResize, body, at: at))
        case "transformTween": return .transformTween(try decode(BehaviorKeys.transformTween, body, at: at))
        case "transformNest": return .transformNest(try decodeTransformNest(body, at: at))
        default: return .snapZones(try decodeSnapZones(body, at: at)) // the last of Keys.behaviors
        }
    }

    private func decodePush(_ body: SourceNode, at path: String) throws -> PushSpec {
        let f = try fields(body, at: path, allowed: Keys.push, required: [
            ("items", "items: a list of item ids"),
        ], what: "a push")
        var push = PushSpec(items: try ids(f[checked: "items"], at: path + ".items"))
        if let n = f["mode"] { push.mode = try word(n, at: path + ".mode", PushSpec.Mode.self) }
        if let direction = f.entry("direction") {
            for key in ["angle", "magnitude"] {
                if let other = f.entry(key) {
                    throw error(at: other.keyMark, path + "." + key,
                                "'direction' and '\(key)' are both given; expected either direction: [dx, dy] or angle and magnitude")
                }
            }
            push.force = .direction(try vector(direction.value, at: path + ".direction"))
        } else {
            let angle = try f["angle"].map { try number($0, at: path + ".angle") } ?? 0
            let magnitude = try f["magnitude"].map { try number($0, at: path + ".magnitude") } ?? 0
            push.force = .angle(.degrees(angle), magnitude: magnitude)
        }
        if let n = f["offset"] { push.offset = try vector(n, at: path + ".offset") }
        if let n = f["active"] { push.active = try bool(n, at: path + ".active") }
        return push
    }

    private func decodeCollision(_ body: SourceNode, at path: String) throws -> CollisionSpec {
        let f = try fields(body, at: path, allowed: Keys.collision, required: [
            ("items", "items: a list of item ids"),
        ], what: "a collision")
        var collision = CollisionSpec(items: try ids(f[checked: "items"], at: path + ".items"))
        if let n = f["mode"] { collision.mode = try word(n, at: path + ".mode", CollisionSpec.Mode.self) }
        if let n = f["boundaries"] {
            collision.boundaries = try list(n, at: path + ".boundaries").enumerated().map { j, node in
                try decodeBoundary(node, at: path + ".boundaries[\(j)]")
            }
        }
        if let n = f["translatesReferenceBoundsIntoBoundary"] {
            collision.canvasBoundary = try bool(n, at: path + ".translatesReferenceBoundsIntoBoundary")
        }
        if let n = f["insets"] {
            let v = try numbers(n, at: path + ".insets", count: 4, names: "[top, left, bottom, right]")
            collision.insets = .init(top: v[0], left: v[1], bottom: v[2], right: v[3])
        }
        return collision
    }

    private func decodeBoundary(_ node: SourceNode, at path: String) throws -> CollisionSpec.Boundary {
        let f = try fields(node, at: path, allowed: Keys.boundary, required: [
            ("id", "id: a name for the boundary"),
        ], what: "a boundary")
        let id = try string(f[checked: "id"], at: path + ".id")
        if let pathNode = f.entry("path") {
            for key in ["from", "to"] where f.entry(key) != nil {
                throw error(at: f.entry(key)?.keyMark, path + "." + key,
                            "'path' and '\(key)' are both given; expected either from and to (a line) or path (a closed shape)")
            }
            let points = try list(pathNode.value, at: path + ".path").enumerated().map { k, node in
                try point(node, at: path + ".path[\(k)]")
            }
            return .init(id: id, shape: .path(points))
        }
        let from = try f.required("from", hint: "from: [x, y] and to: [x, y] for a line, or path: [[x, y], …]", decoder: self)
        let to = try f.required("to", hint: "to: [x, y], the line's other end", decoder: self)
        return .init(id: id, shape: .line(from: try point(from, at: path + ".from"), to: try point(to, at: path + ".to")))
    }

    private func decodeAttachment(_ body: SourceNode, at path: String) throws -> AttachmentSpec {
        let f = try fields(body, at: path, allowed: Keys.attachment, required: [
            ("item", "item: the id of the attached item"),
        ], what: "an attachment")
        var a = AttachmentSpec(item: try string(f[checked: "item"], at: path + ".item"))
        if let n = f["kind"] { a.kind = try word(n, at: path + ".kind", AttachmentSpec.Kind.self) }
        if let n = f["toItem"] { a.toItem = try string(n, at: path + ".toItem") }
        if let n = f["anchor"] { a.anchor = try position(n, at: path + ".anchor") }
        if let n = f["offset"] { a.offset = try vector(n, at: path + ".offset") }
        if let n = f["toOffset"] { a.toOffset = try vector(n, at: path + ".toOffset") }
        if let n = f["length"] { a.length = try number(n, at: path + ".length") }
        if let n = f["frequency"] { a.frequency = try number(n, at: path + ".frequency") }
        if let n = f["damping"] { a.damping = try number(n, at: path + ".damping") }
        if let n = f["range"] {
            let r = try pair(n, at: path + ".range", names: ("min", "max"))
            guard r.0 <= r.1 else {
                throw error(at: n, path + ".range", "expected [min, max] with min ≤ max, found [\(SceneModel.format(r.0)), \(SceneModel.format(r.1))]")
            }
            a.range = r.0...r.1
        }
        if let n = f["frictionTorque"] { a.frictionTorque = try number(n, at: path + ".frictionTorque") }
        if let n = f["axis"] { a.axis = try vector(n, at: path + ".axis") }
        return a
    }

    /// `region: { radius: r }` or `{ size: [width, height] }`.
    func decodeRegion(_ n: SourceNode, at path: String) throws -> FieldSpec.Region {
        let r = try fields(n, at: path, allowed: Keys.region, required: [], what: "a region")
        switch (r["radius"], r["size"]) {
        case (let radius?, nil): return .radius(try number(radius, at: path + ".radius"))
        case (nil, let size?): return .size(try self.size(size, at: path + ".size"))
        case (nil, nil): throw error(at: n, path, "expected { radius: r } or { size: [width, height] }, found an empty mapping")
        case (_?, _?): throw error(at: r.entry("size")?.keyMark, path + ".size",
                                   "'radius' and 'size' are both given; expected one of them")
        }
    }

    private func decodeTransformNest(_ body: SourceNode, at path: String) throws -> TransformNestSpec {
        let f = try fields(body, at: path, allowed: Keys.transformNest, required: [
            ("items", "items: a list of item ids"),
            ("to", "to: [x, y], the point the items pile up on"),
        ], what: "a transform nest")
        var n = TransformNestSpec(items: try ids(f[checked: "items"], at: path + ".items"),
                                  point: try position(f[checked: "to"], at: path + ".to"))
        if let a = f["angles"] {
            n.angles = try list(a, at: path + ".angles").enumerated().map { k, node in
                Angle.degrees(try number(node, at: path + ".angles[\(k)]"))
            }
        }
        if let d = f["damping"] { n.damping = try number(d, at: path + ".damping") }
        if let a = f["acceleration"] { n.acceleration = try number(a, at: path + ".acceleration") }
        return n
    }

    private func decodeSnapZones(_ body: SourceNode, at path: String) throws -> SnapZonesSpec {
        let f = try fields(body, at: path, allowed: Keys.snapZones, required: [
            ("zones", "zones: a list of { id, rect: [x, y, width, height] }"),
        ], what: "snap zones")
        let zones = try list(f[checked: "zones"], at: path + ".zones").enumerated().map { k, node -> SnapZonesSpec.Zone in
            let at = path + ".zones[\(k)]"
            let z = try fields(node, at: at, allowed: Keys.zone, required: [
                ("id", "id: a name for the zone"), ("rect", "rect: [x, y, width, height] in canvas points"),
            ], what: "a zone")
            let r = try numbers(z[checked: "rect"], at: at + ".rect", count: 4, names: "[x, y, width, height]")
            return SnapZonesSpec.Zone(id: try string(z[checked: "id"], at: at + ".id"),
                                      rect: Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
        }
        let drags: [SnapZonesSpec.Drag] = try f["drags"].map { node in
            try list(node, at: path + ".drags").enumerated().map { k, node -> SnapZonesSpec.Drag in
                let at = path + ".drags[\(k)]"
                let d = try fields(node, at: at, allowed: Keys.drag, required: [
                    ("item", "item: the id of the dragged item"),
                    ("path", "path: [[time, x, y], …], the finger's position over time"),
                ], what: "a drag")
                let keyframes = try list(d[checked: "path"], at: at + ".path").enumerated().map { j, node -> SnapZonesSpec.Drag.Keyframe in
                    let v = try numbers(node, at: at + ".path[\(j)]", count: 3, names: "[time, x, y]")
                    return SnapZonesSpec.Drag.Keyframe(time: v[0], point: Point(v[1], v[2]))
                }
                return SnapZonesSpec.Drag(item: try string(d[checked: "item"], at: at + ".item"), keyframes: keyframes)
            }
        } ?? []
        return SnapZonesSpec(zones: zones, drags: drags)
    }

    func decodeCollisionBounds(_ node: SourceNode, at path: String) throws -> CollisionBounds {
        if case .mapping = node.value {
            let f = try fields(node, at: path, allowed: ["path"], required: [
                ("path", "path: [[x, y], …], a convex polygon around the item's centre"),
            ], what: "collision bounds")
            let points = try list(f[checked: "path"], at: path + ".path").enumerated().map { k, n in
                try point(n, at: path + ".path[\(k)]")
            }
            return .path(points)
        }
        let choices = ["rectangle", "ellipse"]
        guard case .string(let w)? = node.scalarMeaning, choices.contains(w) else {
            throw error(at: node, path, "expected 'rectangle', 'ellipse' or { path: [[x, y], …] }, found \(node.foundDescription)",
                        suggestion: { if case .string(let w)? = node.scalarMeaning { return didYouMean(w, choices) } else { return nil } }())
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
            throw error(at: node, path, "expected \(names), found a list of \(nodes.count) value\(nodes.count == 1 ? "" : "s")")
        }
        return try nodes.enumerated().map { k, n in try number(n, at: path + "[\(k)]") }
    }

    /// One of an enum's raw values, with a did-you-mean.
    func word<W: RawRepresentable & CaseIterable>(_ node: SourceNode, at path: String, _: W.Type) throws -> W
    where W.RawValue == String {
        let choices = W.allCases.map(\.rawValue)
        guard case .string(let w)? = node.scalarMeaning, let value = W(rawValue: w) else {
            let found: String? = if case .string(let w)? = node.scalarMeaning { w } else { nil }
            throw error(at: node, path, "expected one of: \(listing(choices)), found \(node.foundDescription)",
                        suggestion: found.flatMap { didYouMean($0, choices) })
        }
        return value
    }
}
