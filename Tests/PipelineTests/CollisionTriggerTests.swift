import Foundation
import Geometry
import SceneLoading
import SceneModel
import TestSupport
import Testing

@testable import Pipeline

/// `dynamicsTimeline` entries that a collision runs: `on: { collision: [a, b] }` is the collision
/// delegate's handler, its change acting from the tick after the contact began.
@Suite("Collision triggers")
struct CollisionTriggerTests {
    static func simulation(from at: Double) throws -> SceneSimulation {
        try SceneSimulation(
            scene: SceneLoader.decode(
                """
                canvas: { size: [200, 400], scale: 1 }
                duration: 3
                items:
                  - { id: ball, size: [20, 20], center: [100, 50] }
                  - { id: floor, size: [200, 20], center: [100, 270] }
                behaviors:
                  - { id: fall, gravity: { items: [ball] } }
                  - collision: { items: [ball, floor] }
                  - itemBehavior: { items: [floor], anchored: true }
                  - itemBehavior: { items: [ball], elasticity: 0 }
                dynamicsTimeline:
                  - { at: \(at), on: { collision: [floor, ball] }, remove: fall }
                """, fileName: "trigger.yaml", format: .yaml))
    }

    @Test("the entry runs on the tick after the ball first touches the floor, named in the trace, before its change")
    func runsAfterTheContact() throws {
        let simulation = try Self.simulation(from: 0)
        var contactTick: Int?
        while simulation.tick < 120 {
            simulation.advance()
            // The ball's bottom reaches the floor's top (y 260), less Box2D's 2 pt of skins.
            if contactTick == nil, let ball = simulation.tracedLayers().first, ball.center.y + 10 >= 257.9 {
                contactTick = simulation.tick
            }
        }
        let lines = simulation.events.map { "\($0.tick) \($0.description)" }
        let fired = try #require(simulation.events.first { $0.description == "collision of floor and ball" })
        let touched = try #require(contactTick)
        #expect(fired.tick == touched + 1, "\(lines)")
        #expect(lines.contains("\(fired.tick) remove fall"))
        #expect(lines.filter { $0.hasSuffix("collision of floor and ball") }.count == 1, "once")
    }

    @Test("from its at on: a contact before it does not count")
    func listensFromAt() throws {
        let simulation = try Self.simulation(from: 2)
        while simulation.tick < 180 { simulation.advance() }
        #expect(!simulation.events.contains { $0.description.hasPrefix("collision of") })
    }

    @Test("a rest trigger runs on the tick after the item's body falls asleep, and the scene goes on from there")
    func restTrigger() throws {
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [200, 400], scale: 1 }
            duration: 4
            items:
              - { id: ball, size: [20, 20], center: [100, 50] }
              - { id: floor, size: [200, 20], center: [100, 270] }
            behaviors:
              - gravity: { items: [ball] }
              - collision: { items: [ball, floor] }
              - itemBehavior: { items: [floor], anchored: true }
              - itemBehavior: { items: [ball], elasticity: 0 }
            dynamicsTimeline:
              - { at: 0, on: { rest: ball }, add: { push: { items: [ball], mode: instantaneous, angle: -90, magnitude: 2 } } }
            """, fileName: "rest.yaml", format: .yaml)
        let simulation = try SceneSimulation(scene: scene)
        var asleepTick: Int?
        while simulation.tick < 239 {
            simulation.advance()
            if asleepTick == nil, let ball = simulation.item("ball"), simulation.animator.hasBody(ball),
                !simulation.animator.isAwake(ball)
            {
                asleepTick = simulation.tick
            }
        }
        let rest = try #require(simulation.events.first { $0.description == "ball came to rest" })
        #expect(rest.tick == (try #require(asleepTick)) + 1)
        #expect(simulation.events.contains { $0.tick == rest.tick && $0.description == "add push" })
    }

    @Test(
        "bad triggers are refused at their key",
        arguments: [
            (
                "on: { collision: [ball, ball] }, remove: fall",
                "dynamicsTimeline[0].on.collision: expected two different items"
            ),
            ("on: { collision: [ball, flor] }, remove: fall", "did you mean 'floor'?"),
            ("on: { collision: [ball] }, remove: fall", "expected two items, [a, b], found 1"),
            ("on: { contact: [ball, floor] }, remove: fall", "expected { collision: [a, b] } or { rest: item }"),
            ("on: { rest: bal }, remove: fall", "dynamicsTimeline[0].on.rest: unknown item 'bal'"),
            ("on: { collision: [ball, floor] }, tap: ball, remove: fall", "'on' and 'tap' are both given"),
        ])
    func refused(entry: String, expected: String) throws {
        do {
            _ = try SceneLoader.decode(
                """
                canvas: { size: [200, 400], scale: 1 }
                duration: 1
                items: [{ id: ball, size: [20, 20], center: [100, 50] }, { id: floor, size: [200, 20], center: [100, 270] }]
                behaviors: [{ id: fall, gravity: { items: [ball] } }]
                dynamicsTimeline:
                  - { at: 0, \(entry) }
                """, fileName: "bad.yaml", format: .yaml)
            Issue.record("accepted \(entry)")
        } catch {
            #expect("\(error)".contains(expected), "\(error)")
        }
    }
}
