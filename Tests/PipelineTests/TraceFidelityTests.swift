import Foundation
import Geometry
import Pipeline
import SceneLoading
import SceneModel
import TestSupport
import Testing

/// The trace matches the frames: a `drawn` flag, body velocities, the animator's elapsed time,
/// and child layers with their local time.
@Suite("What the trace reports")
struct TraceFidelityTests {
    static func trace(_ simulation: SceneSimulation, ticks: Int) -> Trace {
        var trace = Trace(sceneName: "t", fps: simulation.scene.fps)
        trace.record(simulation)
        for _ in 0..<ticks {
            simulation.advance()
            trace.record(simulation)
        }
        return trace
    }

    static func row(_ trace: Trace, tick: Int, item: String) -> [String: String] {
        let names = trace.csv[0].split(separator: ",").map(String.init)
        for line in trace.csv.dropFirst() {
            let fields = line.split(separator: ",").map(String.init)
            if fields[0] == String(tick) && fields[2] == item {
                return Dictionary(uniqueKeysWithValues: zip(names, fields))
            }
        }
        return [:]
    }

    @Test(
        "interactive-cancel: the reversed layer's hidden frame (tick 85) is traced drawn=0 and 'hidden', as the frame shows nothing"
    )
    func hiddenFrameFlagged() throws {
        let scene = try SceneLoader.load(path: repositoryRoot + "/scenes/interactive-cancel.yaml")
        let simulation = try SceneSimulation(scene: scene)
        let trace = Self.trace(simulation, ticks: 86)
        #expect(simulation.labelledDisplayList().items.filter { $0 == "box" }.count == 1)
        #expect(Self.row(trace, tick: 84, item: "box")["drawn"] == "1")
        #expect(Self.row(trace, tick: 85, item: "box")["drawn"] == "0")
        #expect(Self.row(trace, tick: 86, item: "box")["drawn"] == "1")
        #expect(
            trace.text.filter { $0.hasSuffix(" hidden") } == [
                "[1.417] box NSRect: {{110, 450}, {100, 100}} center (160, 500) angle 0.000000 hidden"
            ])
    }

    @Test(
        "effective_opacity is the layer's opacity times every ancestor's, tick by tick, while opacity stays the layer's own"
    )
    func effectiveOpacity() throws {
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [100, 100], scale: 1 }
            fps: 60
            duration: 1
            items:
              - { id: card, size: [80, 80], center: [50, 50], opacity: 0.5,
                  animations: [{ basic: { property: opacity, from: 0.5, to: 1, duration: 1, timingFunction: linear } }],
                  children: [{ id: row, size: [60, 20], center: [40, 20], opacity: 0.8,
                               children: [{ id: label, size: [40, 10], center: [30, 10], opacity: 0.5 }] }] }
            """, fileName: repositoryRoot + "/scenes/trace-test.yaml", format: .yaml)
        let trace = Self.trace(try SceneSimulation(scene: scene), ticks: 30)
        let expected: [(Int, String, String, String)] = [
            (0, "card", "0.500000", "0.500000"), (0, "row", "0.800000", "0.400000"),
            (0, "label", "0.500000", "0.200000"),
            // Half way the card is at 0.75: 0.75 · 0.8 = 0.6, · 0.5 = 0.3.
            (30, "card", "0.750000", "0.750000"), (30, "row", "0.800000", "0.600000"),
            (30, "label", "0.500000", "0.300000"),
        ]
        for (tick, item, own, effective) in expected {
            let row = Self.row(trace, tick: tick, item: item)
            #expect(row["opacity"] == own && row["effective_opacity"] == effective, "\(item) at tick \(tick): \(row)")
        }
    }

    @Test(
        "the snap trace gives the body's velocity and angular velocity and the animator's elapsedTime (4 ticks: 0.066667)"
    )
    func velocitiesAndElapsedTime() throws {
        let scene = try SceneLoader.load(path: repositoryRoot + "/scenes/snap.yaml")
        let simulation = try SceneSimulation(scene: scene)
        let trace = Self.trace(simulation, ticks: 4)
        let card = try #require(simulation.item("card"))
        let v = simulation.animator.linearVelocity(for: card)
        let w = simulation.animator.angularVelocity(for: card)
        let row = Self.row(trace, tick: 4, item: "card")
        #expect(row["velocity_x"] == String(format: "%.6f", v.x) && row["velocity_y"] == String(format: "%.6f", v.y))
        #expect(row["angular_velocity"] == String(format: "%.9f", w))
        #expect(v.x < -100, "the card swings left towards (80, 252) at more than 100 pt/s: \(v.x)")
        #expect(row["elapsed_time"] == "0.066667")
        #expect(Self.row(trace, tick: 0, item: "card")["velocity_x"] == "0.000000")
        // The text log's line for the card at tick 4 (the album's still layers have lines of their
        // own, without velocities).
        let line = trace.text.last { $0.hasPrefix("[0.067] card NSRect") }
        #expect(line?.contains(" velocity (") == true)
        #expect(line?.contains(String(format: "angularVelocity %.6f", w)) == true)
        #expect(trace.text.filter { $0.hasPrefix("[0.067] ") && $0.contains(" velocity (") }.count == 1)
    }

    @Test(
        "child layers are traced after their parent, drawn on the canvas, with their local time (parent speed 2, child beginTime 0.5, speed 0.5)"
    )
    func childLayers() throws {
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [200, 200], scale: 1 }
            duration: 1
            items:
              - id: parent
                size: [100, 50]
                center: [100, 100]
                rotation: 90
                timing: { speed: 2 }
                children:
                  - { id: child, size: [10, 10], center: [0, 0], timing: { beginTime: 0.5, speed: 0.5, timeOffset: 1 } }
            """, fileName: "t.yaml", format: .yaml)
        let simulation = try SceneSimulation(scene: scene)
        let trace = Self.trace(simulation, ticks: 30)
        #expect(trace.csv.count == 1 + 2 * 31)
        // At 0.5 s: parent local time 1.0; child (1.0 − 0.5)·0.5 + 1 = 1.25 (spec timing §1.4).
        let child = Self.row(trace, tick: 30, item: "child")
        #expect(child["local_time"] == "1.250000", "\(trace.csv[61]) \(trace.csv[62])")
        #expect(Self.row(trace, tick: 30, item: "parent")["local_time"] == "1.000000")
        // The child's centre (0, 0) is the parent's top-left corner, turned 90° about the
        // parent's centre: (100 + 25, 100 − 50).
        #expect(child["center_x"] == "125.000000" && child["center_y"] == "50.000000")
        #expect(child["drawn"] == "1")
        // Before its beginTime the child is not drawn (parent local time 0.4 < 0.5 at 0.2 s).
        #expect(Self.row(trace, tick: 12, item: "child")["drawn"] == "0")
        #expect(
            trace.text.contains(
                "[0.500] child NSRect: {{120, 45}, {10, 10}} center (125, 50) angle 1.570796 in parent localTime 1.250000"
            ))
    }

    @Test(
        "convertTime between item layers: parent speed 2, child (beginTime 5, speed 0.5, timeOffset 1) at host 100 → parent 200, child 98.5, and back (spec timing §6.5)"
    )
    func convertTimeBetweenLayers() throws {
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [200, 200], scale: 1 }
            duration: 1
            items:
              - id: parent
                size: [100, 50]
                center: [100, 100]
                timing: { speed: 2 }
                children: [{ id: child, size: [10, 10], center: [0, 0], timing: { beginTime: 5, speed: 0.5, timeOffset: 1 } }]
              - { id: other, size: [10, 10], center: [10, 10] }
            """, fileName: "t.yaml", format: .yaml)
        let s = try SceneSimulation(scene: scene)
        #expect(s.convertTime(100, from: nil, to: "parent") == 200)
        #expect(s.convertTime(100, from: nil, to: "child") == 98.5)
        #expect(s.convertTime(98.5, from: "child", to: nil) == 100)
        #expect(s.convertTime(98.5, from: "child", to: "other") == 100)
        #expect(s.convertTime(200, from: "parent", to: "child") == 98.5)
        #expect(s.convertTime(1, from: "nope", to: nil) == nil)
    }
}
