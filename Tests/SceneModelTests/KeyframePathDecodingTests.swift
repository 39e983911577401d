import Geometry
import Testing
import Timing

@testable import SceneModel

/// `keyframe: { property: center, path: "M …", rotationMode: auto }` in scene files.
@Suite("Keyframe paths in scene files")
struct KeyframePathDecodingTests {
    static func scene(_ keyframe: String) -> String {
        header + """
            items:
              - id: a
                size: [10, 10]
                center: [5, 5]
                animations:
                  - keyframe: { \(keyframe) }
            """
    }

    @Test("a path becomes the animation's keyframes, with its rotation mode")
    func decodes() throws {
        let scene = try decodeYAML(
            Self.scene("property: center, path: \"M 0 0 L 100 0 Q 200 0 200 100\", rotationMode: auto, duration: 2"))
        guard case .keyframe(let k) = scene.items[0].animations[0].kind else {
            Issue.record("not a keyframe animation")
            return
        }
        #expect(k.values == [.point(Point(0, 0)), .point(Point(100, 0)), .point(Point(200, 100))])
        #expect(k.rotationMode == .auto && k.path?.keyPoints.count == 3)
    }

    static let refusals: [(String, String)] = [
        (
            "property: opacity, path: \"M 0 0 L 1 1\"",
            "test.yaml:8:46: items[0].animations[0].keyframe.path: a path moves the centre; expected property: center, found opacity"
        ),
        (
            "property: center, values: [[0, 0], [1, 1]], path: \"M 0 0 L 1 1\"",
            "test.yaml:8:65: items[0].animations[0].keyframe.path: 'values' and 'path' are both given; expected one (a path overrides values)"
        ),
        (
            "property: center, values: [[0, 0], [1, 1]], rotationMode: auto",
            "test.yaml:8:65: items[0].animations[0].keyframe.rotationMode: rotationMode turns the item along a path; expected it with path:"
        ),
        (
            "property: center, path: \"M 0 0 M 1 1\"",
            "test.yaml:8:45: items[0].animations[0].keyframe.path: expected a path with a line or curve to move along, found only moves"
        ),
        (
            "property: center",
            "test.yaml:8:19: items[0].animations[0].keyframe: missing key 'values'; expected values: [keyframe values], or path: \"M … \" for a centre"
        ),
    ]

    @Test("paths where they cannot go are refused at their key", arguments: refusals)
    func refused(keyframe: String, expected: String) {
        #expect(sceneError { try decodeYAML(Self.scene(keyframe)) }?.description == expected)
    }
}
