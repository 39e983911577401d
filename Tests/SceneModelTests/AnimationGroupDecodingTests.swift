import Geometry
import Testing
import Timing

@testable import SceneModel

/// `group: { duration, animations: [ … ] }` in scene files (CAAnimationGroup).
@Suite("Animation groups in scene files")
struct AnimationGroupDecodingTests {
    static func scene(_ group: String) -> String {
        header + """
            items:
              - id: a
                size: [10, 10]
                center: [5, 5]
                animations:
                  - group: { \(group) }
            """
    }

    @Test("a group holds its members with its own timing, key and start")
    func decodes() throws {
        let scene = try decodeYAML(
            Self.scene(
                "key: pop, at: 0.5, duration: 0.6, animations: [{ basic: { property: scale, to: 1.2 } }, { basic: { property: opacity, to: 0, beginTime: 0.3 } }]"
            ))
        let spec = scene.items[0].animations[0]
        guard case .group(let group) = spec.kind else {
            Issue.record("not a group")
            return
        }
        #expect(spec.key == "pop" && spec.at == 0.5 && group.timing.duration == 0.6)
        #expect(group.members.map(\.property) == [.scale, .opacity])
        #expect(
            scene.items[0].animationLeaves(at: "items[0]").map(\.path) == [
                "items[0].animations[0].group.animations[0]", "items[0].animations[0].group.animations[1]",
            ])
    }

    static let refusals: [(String, String)] = [
        (
            "duration: 1, animations: []",
            "test.yaml:8:43: items[0].animations[0].group.animations: expected at least one animation in the group"
        ),
        (
            "duration: 1, animations: [{ group: { animations: [{ basic: { property: opacity, to: 0 } }] } }]",
            "test.yaml:8:44: items[0].animations[0].group.animations[0]: a group cannot hold a group; expected a basic, keyframe or spring animation (list the inner group's animations in this one)"
        ),
        (
            "duration: 1, animations: [{ basic: { property: opacity, to: 0, at: 0.5 } }]",
            "test.yaml:8:85: items[0].animations[0].group.animations[0].basic.at: a group's animation starts with its group and stops under its key; expected no at or key here (give the group at: and key:, and this animation a beginTime: within the group)"
        ),
    ]

    @Test(
        "empty groups, groups in groups and members with their own start are refused at their key", arguments: refusals)
    func refused(group: String, expected: String) {
        #expect(sceneError { try decodeYAML(Self.scene(group)) }?.description == expected)
    }
}
