import SceneLoading
import Testing

@testable import Pipeline

@Suite("Layer tree paths")
struct SceneTimingPathTests {
    @Test("a layer's key path is spelt from its parents: top-level index, children and mask")
    func paths() throws {
        let simulation = try SceneSimulation(
            scene: SceneLoader.decode(
                """
                canvas: { size: [320, 568] }
                duration: 1
                items:
                  - { id: first, size: [10, 10], center: [20, 20] }
                  - id: card
                    size: [200, 200]
                    center: [160, 200]
                    children:
                      - { id: badge, size: [20, 20], center: [10, 10] }
                      - id: row
                        size: [100, 40]
                        center: [100, 100]
                        children: [{ id: dot, size: [4, 4], center: [2, 2] }]
                    mask: { id: hole, size: [100, 100], center: [100, 100], fill: "#000000" }
                """, fileName: "paths.yaml", format: .yaml))
        let timing = try #require(simulation.timing)
        func path(_ id: String) throws -> String {
            try timing.path(of: #require(timing.nodes.firstIndex { $0.item.id == id }))
        }
        #expect(try path("first") == "items[0]")
        #expect(try path("card") == "items[1]")
        #expect(try path("badge") == "items[1].children[0]")
        #expect(try path("row") == "items[1].children[1]")
        #expect(try path("dot") == "items[1].children[1].children[0]")
        #expect(try path("hole") == "items[1].mask")
    }
}
