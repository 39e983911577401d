import ImageDiff
import Testing

/// `SceneChanges`: what changed between two listings of a resolved scene.
@Suite("Scene changes")
struct SceneChangesTests {
    static let before = [
        "fps = 60", "items[0].id = \"card\"", "items[0].center.x = 160", "items[0].spring.damping = 11",
        "items[1].id = \"badge\"",
    ]

    @Test("a changed value, an added one and a removed one, each with its path, in the new listing's order")
    func changedAddedRemoved() {
        let after = [
            "fps = 60", "items[0].id = \"card\"", "items[0].center.x = 160", "items[0].spring.damping = 7",
            "items[0].opacity = 0.5",
        ]
        #expect(
            SceneChanges.describe(expected: Self.before, actual: after) == [
                "items[0].spring.damping: 11 → 7", "items[0].opacity: (none) → 0.5", "items[1].id: \"badge\" → (none)",
            ])
        #expect(SceneChanges.describe(expected: Self.before, actual: Self.before) == [])
    }

    @Test("past the limit, the rest is counted in one line")
    func limit() {
        let after = (0..<30).map { "items[\($0)].z = \($0)" }
        let lines = SceneChanges.describe(expected: [], actual: after, limit: 20)
        #expect(lines.count == 21)
        #expect(lines[0] == "items[0].z: (none) → 0")
        #expect(lines[20] == "… and 10 more changes in the scene")
    }
}
