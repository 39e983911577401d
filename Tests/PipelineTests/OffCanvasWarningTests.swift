import SceneLoading
import SceneModel
import Testing

@testable import Pipeline

// `validate`'s off-canvas warning simulates the scene only until every top-level item has met the
// canvas once, and looks at top-level frames only: its cost follows the items, not items × ticks.

/// A 2-second scene of `rows` top-level items in a column, each a component of ten children (so
/// 11 layers an item), the last item at `lastX`.
private func column(rows: Int, lastX: Double) throws -> Scene {
    var text = """
        canvas: { size: [320, 480] }
        duration: 2
        components:
          row:
            item:
              size: [300, 10]
              children:

        """
    for k in 0..<10 { text += "        - { id: c\(k), size: [2, 2], center: [\(4 + 3 * k), 5] }\n" }
    text += "items:\n"
    for r in 0..<rows {
        let x = r == rows - 1 ? lastX : 160
        text += "  - { id: r\(r), use: row, center: [\(x), \(8 + r)] }\n"
    }
    return try SceneLoader.decode(text, fileName: "column.yaml", format: .yaml)
}

@Test("the off-canvas check stops at the first tick when every item starts on the canvas")
func offCanvasStopsOnceAllSeen() throws {
    let scene = try column(rows: 400, lastX: 160)
    #expect(scene.items.count == 400)
    let check = try SceneWarnings.offCanvasCheck(scene, file: "column.yaml")
    #expect(check.warnings.isEmpty)
    #expect(check.ticks == 1)
}

@Test("an item that never meets the canvas is warned about after every tick of the scene")
func offCanvasRunsToTheEndForAnUnseenItem() throws {
    let scene = try column(rows: 40, lastX: 2000)
    let check = try SceneWarnings.offCanvasCheck(scene, file: "column.yaml")
    #expect(check.ticks == 120)
    #expect(check.warnings.map(\.keyPath) == ["items[39]"])
    #expect(
        check.warnings.first?.message
            == "'r39' is outside the 320×480 canvas on every frame of the scene (it starts at center (2000, 47))")
}

@Test("validate's one simulation serves both warnings: the check given a fresh simulation finds what it finds alone")
func offCanvasWithGivenSimulation() throws {
    let scene = try SceneLoader.decode(
        """
        canvas: { size: [100, 100] }
        duration: 0.5
        items:
          - { id: inside, size: [10, 10], center: [50, 50] }
          - { id: far, size: [10, 10], center: [500, 50] }
          - { id: label, size: [60, 20], center: [50, 80], text: { string: "Hi" } }
        """, fileName: "given.yaml", format: .yaml)
    let simulation = try SceneSimulation(scene: scene, file: "given.yaml")
    #expect(simulation.textWarnings.isEmpty)
    let given = try SceneWarnings.check(scene, file: "given.yaml", simulation: simulation)
    let alone = try SceneWarnings.check(scene, file: "given.yaml")
    #expect(given == alone)
    #expect(given.map(\.keyPath) == ["items[1]"])
}

@Test("items with the same text, style and size are set once, and each keeps its own warnings")
func sameTextsAreSetOnce() throws {
    let scene = try SceneLoader.decode(
        """
        canvas: { size: [200, 200] }
        duration: 0.5
        items:
          - { id: a, size: [80, 20], center: [50, 30], text: { string: "x\\u0F00" } }
          - { id: b, size: [80, 20], center: [50, 60], text: { string: "x\\u0F00" } }
          - { id: c, size: [90, 20], center: [50, 90], text: { string: "x\\u0F00" } }
        """, fileName: "same.yaml", format: .yaml)
    let simulation = try SceneSimulation(scene: scene, file: "same.yaml")
    #expect(
        simulation.textWarnings == [
            "item 'a': no font has U+0F00 (tried Inter Regular, DejaVu Sans Book); it is drawn as a missing-glyph box",
            "item 'b': no font has U+0F00 (tried Inter Regular, DejaVu Sans Book); it is drawn as a missing-glyph box",
            "item 'c': no font has U+0F00 (tried Inter Regular, DejaVu Sans Book); it is drawn as a missing-glyph box",
        ])
}
