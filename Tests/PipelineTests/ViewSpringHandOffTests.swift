import Foundation
import Geometry
import SceneLoading
import SceneModel
import TestSupport
import Testing

@testable import Pipeline

/// A view animation's pan (`drag:`) and a spring that takes the finger's speed
/// (`spring.initialVelocity: fromDrag`): the pan handler's `.ended` calling
/// `UIView.animate(…usingSpringWithDamping:initialSpringVelocity: v / distance…)`.
@Suite("View spring hand-off")
struct ViewSpringHandOffTests {
    /// A card dragged from (160, 600) for 0.3 s, its last 100 ms at `finger` pt/s, then sent to
    /// `target` on a critically damped spring of 0.5 s with `velocity`.
    static func card(velocity: String, finger: Point, target: Point = Point(460, 200)) throws -> SceneSimulation {
        // The finger moves 0.1·finger in its last 100 ms, from (160, 600) − that to (160, 600).
        let from = Point(160, 600) - finger * 0.1
        let start = from - Point(0, 40)
        return try SceneSimulation(
            scene: SceneLoader.decode(
                """
                canvas: { size: [800, 800], scale: 1 }
                fps: 240
                duration: 1.5
                items: [{ id: card, size: [100, 100], center: [\(start.x), \(start.y)] }]
                viewAnimations:
                  - at: 0.1
                    item: card
                    drag: { path: [[0, \(start.x), \(start.y)], [0.2, \(from.x), \(from.y)], [0.3, 160, 600]] }
                    duration: 0.5
                    spring: { dampingRatio: 1, initialVelocity: \(velocity) }
                    changes: { center: [\(target.x), \(target.y)] }
                """, fileName: "card.yaml", format: .yaml))
    }

    /// The card's centres on the release tick (0.4 s: tick 96 at 240 fps) and the two after.
    static func firstTicks(_ simulation: SceneSimulation) throws -> [Point] {
        var centers: [Point] = []
        while simulation.tick < 98 {
            if simulation.tick >= 96 { centers.append(try #require(simulation.tracedLayers().first?.center)) }
            simulation.advance()
        }
        centers.append(try #require(simulation.tracedLayers().first?.center))
        return centers
    }

    @Test("while the finger is down the card follows it; it is let go where the finger lifts")
    func followsTheFinger() throws {
        let simulation = try Self.card(velocity: "0", finger: Point(600, -800))
        while simulation.tick < 72 { simulation.advance() }
        // 0.3 s: 0.2 s into the pan, at its second keyframe (160, 600) − (60, −80).
        #expect(simulation.tracedLayers()[0].center == Point(100, 680))
        while simulation.tick < 96 { simulation.advance() }
        #expect(simulation.tracedLayers()[0].center == Point(160, 600))
        let lines = simulation.events.map(\.description)
        #expect(
            lines.contains("drag of card began")
                && lines.contains("drag of card ended, velocity (600.00, -800.00) pt/s"))
        #expect(simulation.touches.first?.center == Point(160, 600))
    }

    @Test("thrown along the way to its target, the card starts at the finger's velocity in both axes")
    func startsAtTheFingersVelocity() throws {
        // The way from (160, 600) to (460, 200) is (300, −400), 500 pt; the finger's (600, −800)
        // pt/s is along it: 1,000 pt/s, a relative velocity of 2 per second.
        let handed = try Self.firstTicks(Self.card(velocity: "fromDrag", finger: Point(600, -800)))
        let still = try Self.firstTicks(Self.card(velocity: "0", finger: Point(600, -800)))
        let d = zip(handed, still).map { $0 - $1 }
        #expect(d[0] == .zero)
        // The spring is linear in its start: the run with the hand-off less the run from rest is
        // the velocity's own part; its second-order one-sided difference at 240 fps.
        let speed = (d[0] * -3 + d[1] * 4 - d[2]) * (240.0 / 2)
        #expect(abs(speed.x / 600 - 1) < 0.03 && abs(speed.y / -800 - 1) < 0.03, "\(speed) pt/s")
    }

    @Test("a finger moving across the way hands on nothing: one number carries UIKit's spring velocity")
    func velocityAcrossTheWayIsLost() throws {
        let across = try Self.firstTicks(Self.card(velocity: "fromDrag", finger: Point(800, 600)))
        let still = try Self.firstTicks(Self.card(velocity: "0", finger: Point(800, 600)))
        #expect(across == still)
    }

    @Test("fromDrag without a drag, or without a new centre, is an error at the key")
    func badHandOff() throws {
        func message(_ block: String) -> String {
            let yaml = """
                canvas: { size: [200, 300] }
                duration: 1
                items: [{ id: card, size: [10, 10], center: [50, 50] }]
                viewAnimations:
                  - \(block)
                """
            do {
                _ = try SceneLoader.decode(yaml, fileName: "v.yaml", format: .yaml)
                return "no error"
            } catch { return "\(error)" }
        }
        #expect(
            message(
                "{ item: card, duration: 1, spring: { dampingRatio: 1, initialVelocity: fromDrag }, changes: { center: [1, 1] } }"
            )
                == "v.yaml:5:76: viewAnimations[0].spring.initialVelocity: initialVelocity: fromDrag takes the release velocity of the block's drag; expected a drag: { path: [[t, x, y], …] } on this view animation (add the pan as drag:, or give the velocity as a number)"
        )
        #expect(
            message(
                "{ item: card, duration: 1, drag: { path: [[0, 1, 1], [0.1, 2, 2]] }, spring: { dampingRatio: 1, initialVelocity: fromDrag }, changes: { opacity: 0 } }"
            )
                == "v.yaml:5:118: viewAnimations[0].spring.initialVelocity: initialVelocity: fromDrag is the release velocity over the distance to the new center; expected a center in changes"
        )
    }
}
