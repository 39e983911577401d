import Geometry
import SceneSyntax

// Behaviour ids and the readers behind the declarations of `dynamicsTimeline:`
// (Keys/DynamicsTimelineKeys.swift): a `set:` mapping of settable properties. References and
// ranges are checked in `Scene.validate`.

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

    func decodeSet(_ node: SourceNode, at path: String) throws -> DynamicsTimelineEntry.Action {
        let f = try fields(node, at: path, NestedKeys.set.declared)
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
