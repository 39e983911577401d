import Foundation
import Geometry
import SceneLoading
import SceneModel
import SceneSyntax
import TestSupport
import Testing
import Timing

@testable import Pipeline

/// `scrollTransition:` against the phase written out here: (child's centre − (content offset +
/// half the bounds)) / distance along the axis, held to [−1, 1], the values spread evenly over it.
@Suite("Scroll transitions")
struct ScrollTransitionTests {
    /// A 300 × 200 scroll view whose content is 1,200 wide, scrolled to `offset`, with one 100 pt
    /// card at x = 400 of the content turning by its place.
    static func scene(offset: Double, transition: String) throws -> SceneSimulation {
        try SceneSimulation(
            scene: SceneLoader.decode(
                """
                canvas: { size: [300, 200], scale: 1 }
                duration: 1
                items:
                  - id: scroller
                    size: [300, 200]
                    center: [150, 100]
                    scroll: { contentSize: [1200, 200], contentOffset: [\(offset), 0] }
                    children:
                      - { id: card, size: [100, 100], center: [400, 100], scrollTransition: [\(transition)] }
                """, fileName: "scroll.yaml", format: .yaml))
    }

    static func presented(_ simulation: SceneSimulation, _ property: LayerProperty) -> AnimatableValue {
        simulation.timing.presentation("card", property, at: 0)
    }

    @Test(
        "the value follows the phase: middle, part way, at the distance and beyond it",
        arguments: [
            // Visible middle = offset + 150; phase = (400 − middle) / 100.
            (250.0, 0.0), (200.0, 25.0), (150.0, 50.0), (100.0, 50.0), (300.0, -25.0), (350.0, -50.0),
            (900.0, -50.0),
        ])
    func valueFollowsPhase(offset: Double, degrees: Double) throws {
        let simulation = try Self.scene(offset: offset, transition: "{ property: rotationY, values: [-50, 0, 50] }")
        let angle = try #require(Self.presented(simulation, .rotationY).angle)
        #expect(abs(angle.degrees - degrees) < 1e-9, "offset \(offset): \(angle.degrees)°")
    }

    @Test("values spread evenly over −1 … 1: four values, phase 1/3 halfway between the third and fourth")
    func severalValues() throws {
        // Phase (400 − (200 + 150)) / 150 = 1/3 … with values at −1, −1/3, 1/3, 1: exactly the third.
        let simulation = try Self.scene(
            offset: 200, transition: "{ property: opacity, values: [0, 0.2, 0.6, 1], distance: 150 }")
        let opacity = try #require(Self.presented(simulation, .opacity).scalar)
        #expect(abs(opacity - 0.6) < 1e-12)
        // And the drawn layer is the traced one: the trace reads the same presentation.
        #expect(abs((simulation.tracedLayers().first { $0.id == "card" }?.opacity ?? -1) - 0.6) < 1e-12)
    }

    @Test(
        "a scroll transition outside a scroll view, on center, or with one value is an error at its key",
        arguments: [
            (
                "items: [{ id: a, size: [10, 10], center: [50, 50], scrollTransition: [{ property: opacity, values: [0, 1] }] }]",
                "items[0].scrollTransition: 'a' is not a child of a scroll view"
            ),
            (
                "items: [{ id: s, size: [100, 100], center: [50, 50], scroll: { contentSize: [400, 100] }, children: [{ id: a, size: [10, 10], center: [50, 50], scrollTransition: [{ property: center, values: [[0, 0], [1, 1]] }] }] }]",
                "items[0].children[0].scrollTransition[0].property: center cannot follow the scroll position"
            ),
            (
                "items: [{ id: s, size: [100, 100], center: [50, 50], scroll: { contentSize: [400, 100] }, children: [{ id: a, size: [10, 10], center: [50, 50], scrollTransition: [{ property: opacity, values: [1] }] }] }]",
                "items[0].children[0].scrollTransition[0].values: expected at least two values"
            ),
        ])
    func badScrollTransitions(items: String, message: String) throws {
        let text = """
            canvas: { size: [100, 100] }
            duration: 1
            \(items)
            """
        let error = try #require(throws: SceneError.self) {
            try SceneLoader.decode(text, fileName: "t.yaml", format: .yaml)
        }
        #expect(error.description.contains(message), "\(error.description)")
    }
}
