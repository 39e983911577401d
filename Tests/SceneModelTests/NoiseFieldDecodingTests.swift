import Geometry
import Testing

@testable import SceneModel

/// Noise and turbulence fields and the 32-field limit, as scene files spell them.
@Suite("Noise fields in scene files")
struct NoiseFieldDecodingTests {
    let items = """
        items:
          - { id: a, size: [40, 40], center: [100, 100] }

        """

    private func behaviors(_ yaml: String) throws -> [BehaviorSpec] {
        try decodeYAML(header + items + "behaviors:\n" + yaml).behaviors
    }

    private func message(_ yaml: String) -> String {
        sceneError { try decodeYAML(header + items + "behaviors:\n" + yaml) }?.description ?? "<no error>"
    }

    @Test("noise and turbulence take smoothness and animationSpeed, both defaulting to 0")
    func decode() throws {
        let b = try behaviors(
            """
              - field: { kind: noise, items: [a], strength: 0.5, smoothness: 0.25, animationSpeed: 2 }
              - field: { kind: turbulence, items: [a] }
            """)
        #expect(
            b[0] == .field(FieldSpec(kind: .noise, items: ["a"], strength: 0.5, smoothness: 0.25, animationSpeed: 2)))
        #expect(b[1] == .field(FieldSpec(kind: .turbulence, items: ["a"])))
        #expect(FieldSpec(kind: .noise, items: []).smoothness == 0)
        #expect(FieldSpec(kind: .noise, items: []).animationSpeed == 0)
    }

    static let errors: [(String, String)] = [
        (
            "  - field: { kind: noise, items: [a], smoothness: 1.5 }",
            "test.yaml:6:51: behaviors[0].field.smoothness: expected a smoothness from 0 to 1, found 1.5"
        ),
        (
            "  - field: { kind: turbulence, items: [a], smoothness: -0.1 }",
            "test.yaml:6:56: behaviors[0].field.smoothness: expected a smoothness from 0 to 1, found -0.1"
        ),
        (
            "  - field: { kind: noise, items: [a], animationSpeed: -1 }",
            "test.yaml:6:55: behaviors[0].field.animationSpeed: expected an animation speed of at least 0, found -1"
        ),
    ]

    @Test("a smoothness outside 0...1 or a negative animation speed is a scene error at its place", arguments: errors)
    func badParameters(yaml: String, expected: String) {
        #expect(message(yaml) == expected)
    }

    @Test("a scene may hold 32 field behaviours; the 33rd is an error naming the limit")
    func fieldLimit() throws {
        let field = "  - field: { kind: noise, items: [a] }\n"
        #expect(try behaviors(String(repeating: field, count: 32)).count == 32)
        #expect(
            message(String(repeating: field, count: 33))
                == "test.yaml:38:12: behaviors[32].field: this is field behavior 33; a scene can have at most 32 field behaviors (UIKit's limit per animator)"
        )
        // Fields that are watcher clients count too.
        let watched = "  - watcher: { item: a, client: { field: { kind: noise, items: [a] } } }\n"
        #expect(message(String(repeating: field, count: 32) + watched).contains("at most 32 field behaviors"))
    }
}
