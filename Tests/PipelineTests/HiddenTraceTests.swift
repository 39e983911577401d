import Pipeline
import SceneLoading
import SceneModel
import Testing

// The trace's `drawn` column says what the frame shows: `isHidden` (CALayer.isHidden) hides a
// layer and all its sublayers, so none of them is drawn, whether or not the scene has timing.

@Test(
    "a hidden item and its children trace drawn = false on every tick; a visible sibling traces true",
    arguments: ["", ", animations: [{ basic: { property: opacity, from: 1, to: 0.5, duration: 0.05 } }]"])
func hiddenItemsTraceNotDrawn(timing: String) throws {
    let text = """
        canvas: { size: [200, 200] }
        duration: 0.05
        items:
          - { id: a, size: [40, 40], center: [50, 50], fill: "#FF0000", isHidden: true, children: [{ id: kid, size: [10, 10], center: [5, 5] }] }
          - { id: b, size: [40, 40], center: [150, 50], fill: "#00FF00", children: [{ id: inner, size: [10, 10], center: [5, 5], isHidden: true }]\(timing) }
        """
    let scene = try SceneLoader.decode(text, fileName: "hidden.yaml", format: .yaml)
    let simulation = try SceneSimulation(scene: scene, file: "hidden.yaml")
    for _ in 0..<3 {
        let drawn = Dictionary(uniqueKeysWithValues: simulation.tracedLayers().map { ($0.id, $0.drawn) })
        #expect(drawn["a"] == false)
        #expect(drawn["b"] == true)
        #expect(drawn["inner"] == false)
        if let kid = drawn["kid"] { #expect(kid == false) }
        simulation.advance()
    }
}
