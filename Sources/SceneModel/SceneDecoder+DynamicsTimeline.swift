import Geometry

// `dynamicsTimeline:` and behaviour ids. Same rules as the rest of the decoder: shapes, types
// and keys here; references and ranges in `Scene.validate`.

extension SceneDecoder {
    /// A `behaviors` entry, `- { id: name, kind: { … } }`: the behaviour and its optional id.
    func decodeBehaviorEntry(_ node: SourceNode, at path: String) throws -> (BehaviorSpec, String?) {
        guard case .mapping(let entries) = node.value, let idEntry = entries.first(where: { $0.key == "id" }) else {
            return (try decodeBehavior(node, at: path), nil)
        }
        if entries.filter({ $0.key == "id" }).count > 1 {
            let second = entries.filter { $0.key == "id" }[1]
            throw error(at: second.keyMark, path + ".id", "duplicate key 'id'; expected each key once")
        }
        let id = try string(idEntry.value, at: path + ".id")
        var rest = node
        rest.value = .mapping(entries.filter { $0.key != "id" })
        return (try decodeBehavior(rest, at: path), id)
    }

    func decodeDynamicsTimeline(_ node: SourceNode) throws -> [DynamicsTimelineEntry] {
        try list(node, at: "dynamicsTimeline").enumerated().map { i, node in
            try decodeDynamicsEntry(node, at: "dynamicsTimeline[\(i)]")
        }
    }

    private func decodeDynamicsEntry(_ node: SourceNode, at path: String) throws -> DynamicsTimelineEntry {
        let f = try fields(
            node, at: path, allowed: ["at", "tap", "drag", "set", "remove", "add"],
            required: [
                ("at", "at: the time in seconds")
            ], what: "a dynamics timeline entry")
        let actions = ["set", "remove", "add"].filter { f[$0] != nil }
        // A bare tap (`{ at: 0.5, tap: card }`) needs no change: it is a touch on its own.
        let bareTap = actions.isEmpty && f["tap"] != nil
        guard actions.count == 1 || bareTap else {
            let found = actions.isEmpty ? "none" : actions.map { "'\($0)'" }.joined(separator: " and ")
            throw error(
                at: actions.count > 1 ? f.entry(actions[1])?.keyMark : node.mark, path,
                "expected exactly one of set, remove or add, found \(found)",
                suggestion: actions.count > 1 ? "give each change its own entry" : "for example remove: fall")
        }
        let at = try number(f[checked: "at"], at: path + ".at")
        let tap = try f["tap"].map { try string($0, at: path + ".tap") }
        if tap != nil, let d = f.entry("drag") {
            throw error(
                at: d.keyMark, path + ".drag", "'tap' and 'drag' are both given; expected one gesture per entry")
        }
        let drag = try f["drag"].map { try decodeDrag($0, at: path + ".drag") }
        let action: DynamicsTimelineEntry.Action
        switch actions.first ?? "" {
        case "":
            action = .none
        case "remove":
            action = .remove(try string(f[checked: "remove"], at: path + ".remove"))
        case "add":
            let (spec, id) = try decodeBehaviorEntry(f[checked: "add"], at: path + ".add")
            action = .add(spec, id: id)
        default:
            action = try decodeSet(f[checked: "set"], at: path + ".set")
        }
        return DynamicsTimelineEntry(at: at, tap: tap, drag: drag, action: action)
    }

    /// `drag: { item: card, path: [[t, x, y], …] }`, times in seconds after `at`.
    private func decodeDrag(_ node: SourceNode, at path: String) throws -> DynamicsTimelineEntry.Drag {
        let f = try fields(
            node, at: path, allowed: ["item", "path"],
            required: [
                ("item", "item: the id of the dragged item"), ("path", "path: [[seconds after at, x, y], …]"),
            ], what: "a drag")
        let rows = try list(f[checked: "path"], at: path + ".path")
        if rows.isEmpty {
            throw error(at: f["path"]!, path + ".path", "expected at least one [t, x, y] keyframe, found an empty list")
        }
        var times: [Double] = []
        var points: [Point] = []
        for (k, row) in rows.enumerated() {
            let v = try numbers(row, at: path + ".path[\(k)]", count: 3, names: "[t, x, y]")
            if v[0] < 0 || (k > 0 && v[0] <= times[k - 1]) {
                throw error(
                    at: row, path + ".path[\(k)][0]",
                    "expected times ≥ 0 that increase, found \(SceneModel.format(v[0])) after \(k > 0 ? SceneModel.format(times[k - 1]) : "the start")"
                )
            }
            times.append(v[0])
            points.append(Point(v[1], v[2]))
        }
        return DynamicsTimelineEntry.Drag(
            item: try string(f[checked: "item"], at: path + ".item"), times: times, points: points)
    }

    private func decodeSet(_ node: SourceNode, at path: String) throws -> DynamicsTimelineEntry.Action {
        let keys = BehaviorSetting.allKeys
        let f = try fields(
            node, at: path, allowed: ["behavior"] + keys,
            required: [
                ("behavior", "behavior: the id of the behavior to change")
            ], what: "a set")
        guard case .mapping(let entries) = node.value else { preconditionFailure("fields() checked the mapping") }
        var settings: [BehaviorSetting] = []
        for entry in entries where entry.key != "behavior" {
            let at = path + "." + entry.key
            if BehaviorSetting.pointKeys.contains(entry.key) {
                settings.append(BehaviorSetting(entry.key, .point(try point(entry.value, at: at))))
            } else if BehaviorSetting.boolKeys.contains(entry.key) {
                settings.append(BehaviorSetting(entry.key, .bool(try bool(entry.value, at: at))))
            } else {
                settings.append(BehaviorSetting(entry.key, .number(try number(entry.value, at: at))))
            }
        }
        if settings.isEmpty {
            throw error(
                at: node, path, "expected at least one property to set besides 'behavior'",
                suggestion: "for example set: { behavior: cardSnap, snapPoint: [240, 300] }")
        }
        return .set(behavior: try string(f[checked: "behavior"], at: path + ".behavior"), settings: settings)
    }
}
