import Foundation
import Geometry
import SceneLoading
import SceneModel
import TestSupport
import Testing

@testable import Pipeline

/// A flick's speed handed on: `linearVelocity: fromDrag` in the `dynamicsTimeline` entry of a
/// drag gives the dragged item the finger's release velocity (its last 50 ms), in both axes.
@Suite("Velocity hand-off")
struct VelocityHandOffTests {
    static func scene(_ linearVelocity: String, drag: Bool = true) throws -> Scene {
        let gesture = drag ? "drag: { item: card, path: [[0, 100, 300], [0.1, 130, 255], [0.2, 190, 165]] }, " : ""
        return try SceneLoader.decode(
            """
            canvas: { size: [400, 600], scale: 1 }
            duration: 1
            items: [{ id: card, size: [60, 60], center: [100, 300] }]
            dynamicsTimeline:
              - { at: 0.5, \(gesture)add: { itemBehavior: { items: [card], resistance: 0, linearVelocity: \(linearVelocity) } } }
            """, fileName: "handoff.yaml", format: .yaml)
    }

    @Test(
        "the item leaves the finger at the finger's speed: the first tick's finite difference is the release velocity")
    func flickHandsOnItsSpeed() throws {
        // The last segment (0.1 s, longer than the 50 ms window) moves (60, −90) pt: (600, −900) pt/s.
        let expected = Point(600, -900)
        guard case .add(.itemBehavior(let behavior), _) = try Self.scene("fromDrag").dynamicsTimeline[0].action else {
            Issue.record("the entry does not add an item behaviour")
            return
        }
        #expect(behavior.linearVelocity == expected && !behavior.linearVelocityFromDrag)
        let simulation = try SceneSimulation(scene: Self.scene("fromDrag"))
        // The finger lifts at 0.7 s: tick 42, where the handler adds the behaviour before the
        // step (the resumed animator's first step is its sub-step remainder, part of a tick).
        while simulation.tick < 42 { simulation.advance() }
        let lifted = try #require(simulation.tracedLayers().first { $0.id == "card" })
        #expect(lifted.velocity == expected)
        simulation.advance()
        let next = try #require(simulation.tracedLayers().first { $0.id == "card" }).center
        let speed = (next - lifted.center) * 60
        // Box2D integrates in 32-bit floats: within 0.1 % of the hand-off.
        #expect(abs(speed.x - expected.x) < 0.6 && abs(speed.y - expected.y) < 0.9, "\(speed)")
    }

    @Test("fromDrag without a drag to take it from is an error at the key")
    func fromDragNeedsADrag() throws {
        do {
            _ = try Self.scene("fromDrag", drag: false)
            Issue.record("accepted")
        } catch {
            #expect(
                "\(error)".contains(
                    "dynamicsTimeline[0].add.itemBehavior.linearVelocity: linearVelocity: fromDrag takes the release velocity of a drag"
                ), "\(error)")
        }
    }

    /// A sheet moved 400 pt up by a paused animator, scrubbed by a finger to halfway, then let go
    /// at 800 pt/s up with `continueAnimation` and a spring that takes the drag's velocity.
    static func sheet(_ velocity: String, reversed: Bool = false) throws -> SceneSimulation {
        let reverse = reversed ? "\n      - { at: 0.35, call: isReversed, value: true }" : ""
        return try SceneSimulation(
            scene: SceneLoader.decode(
                """
                canvas: { size: [320, 800], scale: 1 }
                fps: 240
                duration: 1.5
                items: [{ id: sheet, size: [320, 100], center: [160, 600] }]
                animators:
                  - id: a
                    duration: 0.5
                    timingParameters: { curve: linear }
                    animations: [{ changes: { sheet: { center: [160, 200] } } }]
                    timeline:
                      - { at: 0, call: pauseAnimation }
                      - { at: 0.1, call: scrub, drag: { path: [[0, 160, 600], [0.2, 160, 480], [0.3, 160, 400]], from: [160, 600], to: [160, 200] } }\(reverse)
                      - { at: 0.4, call: continueAnimation, timingParameters: { dampingRatio: 1, initialVelocity: \(velocity) } }
                """, fileName: "sheet.yaml", format: .yaml))
    }

    /// The sheet's y positions on the continue call's tick (0.4 s: tick 96 at 240 fps) and the two after.
    static func firstTicks(_ simulation: SceneSimulation) throws -> [Double] {
        var ys: [Double] = []
        while simulation.tick < 98 {
            if simulation.tick >= 96 { ys.append(try #require(simulation.tracedLayers().first?.center.y)) }
            simulation.advance()
        }
        ys.append(try #require(simulation.tracedLayers().first?.center.y))
        return ys
    }

    @Test("a property animator's spring continued with fromDrag starts at the finger's speed")
    func animatorSpringTakesTheFingersSpeed() throws {
        // The last 100 ms move the finger 80 pt up: 800 pt/s along the track, toward its end; at
        // release the scrub is at 0.5, so 200 pt remain: a relative velocity of 4 per second.
        guard
            case .continueAnimation(.spring(let spring)?, _) = try Self.sheet("fromDrag").scene.animators[0]
                .timeline[2].kind
        else {
            Issue.record("no spring continue")
            return
        }
        #expect(spring.initialVelocity == Point(4, 4))
        // The spring is linear in its start: the run with the hand-off less the run from rest is
        // the velocity's own part, whose slope at the start is that velocity. Its second-order
        // one-sided difference, (−3Δ₀ + 4Δ₁ − Δ₂)/(2·dt), is within 3 % at 240 fps for this spring.
        let handed = try Self.firstTicks(Self.sheet("fromDrag"))
        let still = try Self.firstTicks(Self.sheet("[0, 0]"))
        let d = zip(handed, still).map { $0 - $1 }
        #expect(d[0] == 0)
        let speed = (-3 * d[0] + 4 * d[1] - d[2]) * 240 / 2
        #expect(abs(speed / -800 - 1) < 0.03, "\(speed) pt/s")
    }

    @Test("reversed, the hand-off runs toward the start: the finger's speed away from it is a negative velocity")
    func reversedHandOff() throws {
        guard
            case .continueAnimation(.spring(let spring)?, _) = try Self.sheet("fromDrag", reversed: true).scene
                .animators[0].timeline[3].kind
        else {
            Issue.record("no spring continue")
            return
        }
        // 800 pt/s toward the end while 200 pt (fraction 0.5 of 400) remain toward the start.
        #expect(spring.initialVelocity == Point(-4, -4))
    }

    @Test("fromDrag in an animator's own timing parameters, with no drag before it, is an error at the key")
    func animatorFromDragNeedsAScrub() throws {
        let yaml = """
            canvas: { size: [320, 800], scale: 1 }
            duration: 1
            items: [{ id: sheet, size: [320, 100], center: [160, 600] }]
            animators:
              - id: a
                duration: 0.5
                timingParameters: { dampingRatio: 1, initialVelocity: fromDrag }
                animations: [{ changes: { sheet: { center: [160, 200] } } }]
            """
        do {
            _ = try SceneLoader.decode(yaml, fileName: "a.yaml", format: .yaml)
            Issue.record("accepted")
        } catch {
            #expect(
                "\(error)".contains(
                    "animators[0].timingParameters.initialVelocity: initialVelocity: fromDrag takes the release velocity of a scrub's drag"
                ), "\(error)")
        }
    }
}

/// `nearest:` snaps: the target chosen by projecting the velocity, as the talk's
/// `project(initialVelocity, decelerationRate)` picks a picture-in-picture window's corner.
@Suite("Projected snap targets")
struct ProjectedSnapTests {
    static let corners = "[[70, 90], [250, 90], [70, 480], [250, 480]]"

    static func scene(_ path: String) throws -> SceneSimulation {
        try SceneSimulation(
            scene: SceneLoader.decode(
                """
                canvas: { size: [320, 568], scale: 1 }
                duration: 3
                items: [{ id: pip, size: [120, 80], center: [100, 120] }]
                dynamicsTimeline:
                  - { at: 0.2, drag: { item: pip, path: \(path) }, add: { snap: { item: pip, nearest: \(corners) } } }
                """, fileName: "pip.yaml", format: .yaml))
    }

    @Test("thrown down and right, the window goes to the corner its velocity projects to, not the nearest one")
    func thrownToTheFarCorner() throws {
        // The last 50 ms move (30, 80) pt: (600, 1600) pt/s; released at (160, 260), nearest the
        // top-left corner, projected by (v/1000)·0.998/0.002 to (459.4, 1058.4): the bottom-right.
        let simulation = try Self.scene("[[0, 100, 120], [0.1, 130, 180], [0.15, 160, 260]]")
        while simulation.tick < 179 { simulation.advance() }
        let note = try #require(simulation.events.first { $0.description.hasPrefix("snap pip to the nearest") })
        #expect(note.description == "snap pip to the nearest of 4 points, [250, 480], projected to [459.4, 1058.4]")
        let pip = try #require(simulation.tracedLayers().first).center
        #expect(pip.distance(to: Point(250, 480)) < 1, "\(pip)")
    }

    @Test("let go without speed, it goes to the nearest corner")
    func heldGoesToTheNearest() throws {
        let simulation = try Self.scene("[[0, 100, 120], [0.1, 150, 250], [0.3, 150, 250]]")
        while simulation.tick < 179 { simulation.advance() }
        #expect(
            simulation.events.contains {
                $0.description == "snap pip to the nearest of 4 points, [70, 90], projected to [150, 250]"
            })
    }

    @Test("to and nearest together, or neither, are refused")
    func refused() throws {
        for (snap, expected) in [
            ("{ item: pip, to: [1, 1], nearest: [[2, 2]] }", "'to' and 'nearest' are both given"),
            ("{ item: pip }", "missing key 'to'"),
            ("{ item: pip, to: [1, 1], projection: fast }", "'projection' takes effect only with 'nearest'"),
            ("{ item: pip, nearest: [] }", "expected 1 to 64 points, found 0"),
        ] {
            do {
                _ = try SceneLoader.decode(
                    """
                    canvas: { size: [320, 568], scale: 1 }
                    duration: 1
                    items: [{ id: pip, size: [120, 80], center: [100, 120] }]
                    behaviors: [{ snap: \(snap) }]
                    """, fileName: "pip.yaml", format: .yaml)
                Issue.record("accepted \(snap)")
            } catch {
                #expect("\(error)".contains(expected), "\(error)")
            }
        }
    }
}
