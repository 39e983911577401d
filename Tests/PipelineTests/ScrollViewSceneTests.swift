import Foundation
import Geometry
import Raster
import SceneLoading
import SceneModel
import Scrolling
import TestSupport
import Testing

@testable import Pipeline

/// `scroll:` items from the scene file to the frame and the trace: content placed in content
/// coordinates and moved by the offset, clipped to the bounds, the indicator bars, the delegate
/// callbacks, and the touch indicator under the finger.
@Suite("Scroll views in scenes")
struct ScrollViewSceneTests {
    /// A 200 × 200 list whose top is at y 50, over 1,000 pt of content; a finger flicks it up 100 pt
    /// in 0.1 s from t = 0.1 s, releasing at 1,000 pt/s.
    static let yaml = """
        canvas: { size: [200, 300], scale: 1 }
        duration: 5
        items:
          - id: list
            size: [200, 200]
            center: [100, 150]
            scroll:
              contentSize: [200, 1000]
              drags: [{ at: 0.1, path: [[0, 100, 200], [0.1, 100, 100]] }]
            children:
              - { id: row, size: [200, 50], center: [100, 25], fill: "#FF0000" }
        """

    static func simulation(_ yaml: String = yaml) throws -> SceneSimulation {
        try SceneSimulation(
            scene: SceneLoader.decode(yaml, fileName: repositoryRoot + "/scenes/scroll-test.yaml", format: .yaml))
    }

    static func rowCentre(_ simulation: SceneSimulation) -> Point? {
        simulation.tracedLayers().first { $0.id == "row" }?.center
    }

    @Test(
        "a child sits in content coordinates and moves with the offset: with the finger, then on the glide's integral")
    func contentFollowsTheOffset() throws {
        let simulation = try Self.simulation()
        #expect(Self.rowCentre(simulation) == Point(100, 75))
        var centres: [Int: Double] = [:]
        while simulation.tick < 120 {
            simulation.advance()
            centres[simulation.tick] = Self.rowCentre(simulation)?.y
        }
        // Mid-drag (t = 0.15 s): the finger has moved 50 pt up, and so has the content.
        #expect(abs(centres[9]! - 25) < 1e-9)
        // Released at t = 0.2 s, 100 pt up, at 1,000 pt/s.
        #expect(abs(centres[12]! - (-25)) < 1e-9)
        let k = -1000 * log(0.998)
        for tick in [18, 30, 60, 120] {
            let t = Double(tick) / 60 - 0.2
            let offset = 100 + 1000 * (1 - exp(-k * t)) / k
            #expect(abs(centres[tick]! - (75 - offset)) < 1e-9, "tick \(tick)")
        }
    }

    @Test("the trace names the callbacks on their ticks, with the release velocity and the target offset")
    func callbacksInTheTrace() throws {
        let simulation = try Self.simulation()
        while simulation.tick < 300 { simulation.advance() }
        let scroll = simulation.events.compactMap { event -> String? in
            if case .scroll = event.kind { return "\(event.tick) \(event.description)" }
            return nil
        }
        let k = -1000 * log(0.998)
        let stop = log(1000) / k
        let target = 100 + 1000 * (1 - exp(-k * stop)) / k
        let text = String(format: "%.2f", target)
        #expect(
            scroll == [
                "6 list scrollViewWillBeginDragging",
                "12 list scrollViewWillEndDragging velocity (0.00, 1000.00) pt/s target (0.00, \(text))",
                "\(12 + Int((stop * 60).rounded(.up))) list scrollViewDidEndDecelerating offset (0.00, \(text))",
            ])
    }

    @Test("the trace's CSV gains the scroll views' content offset and velocity columns, zero on other layers")
    func traceColumns() throws {
        let simulation = try Self.simulation()
        var trace = Trace(sceneName: "scroll", fps: 60)
        trace.record(simulation)
        while simulation.tick < 18 {
            simulation.advance()
            trace.record(simulation)
        }
        #expect(
            trace.csv[0] == Trace.csvHeader + ",content_offset_x,content_offset_y,content_velocity_x,content_velocity_y"
        )
        // Tick 18, 0.1 s after the release at 1,000 pt/s: offset 100 + ∫v, velocity 1000·0.998^100.
        let k = -1000 * log(0.998)
        let offset = 100 + 1000 * (1 - exp(-k * 0.1)) / k
        let velocity: Double = 1000 * pow(0.998, 100.0)
        let rows = trace.csv.filter { $0.hasPrefix("18,") }
        let list = try #require(rows.first { $0.split(separator: ",")[2] == "list" })
        #expect(list.hasSuffix(String(format: ",0.000000,%.6f,0.000000,%.6f", offset, velocity)), "\(list)")
        let row = try #require(rows.first { $0.split(separator: ",")[2] == "row" })
        #expect(row.hasSuffix(",0.000000,0.000000,0.000000,0.000000"))
        // Mid-drag (tick 9): the content moves at the finger's 1,000 pt/s, against it.
        #expect(
            trace.csv.first { $0.hasPrefix("9,") && $0.contains(",list,") }?.hasSuffix(
                ",0.000000,50.000000,0.000000,1000.000000") == true)
    }

    @Test("content is clipped to the scroll view's bounds, and the indicator shows while the content moves, then fades")
    func clipsAndIndicator() throws {
        let simulation = try Self.simulation()
        let (still, labels) = simulation.labelledDisplayList()
        let row = try #require(labels.firstIndex(of: "row"))
        #expect(still.rects[row].clips.count == 1)
        #expect(still.rects[row].clips[0].size == Size(200, 200))
        #expect(still.rects.count == 2, "no indicator before the finger comes down")
        while simulation.tick < 30 { simulation.advance() }
        let moving = simulation.labelledDisplayList()
        let bars = moving.items.enumerated().filter { $0.element == nil }.map { moving.list.rects[$0.offset] }
        // The vertical bar (the content is as wide as the bounds: no horizontal one) and the
        // touch circle fading after the finger lifted.
        let bar = try #require(bars.first { $0.size.width == ScrollIndicators.thickness })
        #expect(bar.fill == .black && abs(bar.opacity - ScrollIndicators.alpha) < 1e-12)
        #expect(bar.size.height == max((200 - 2 * ScrollIndicators.inset) * 0.2, ScrollIndicators.minimumLength))
        while simulation.tick < 299 { simulation.advance() }
        let rested = simulation.labelledDisplayList()
        #expect(rested.list.rects.count == 2, "the bar has faded")
    }

    @Test(
        "content below the fold and a refresh control above the top are no warning; content beyond what a pull can uncover is"
    )
    func warnings() throws {
        let children =
            "- { id: refresh, size: [20, 20], center: [100, -30] }\n      - { id: far, size: [10, 10], center: [100, 1300] }\n      - { id: row,"
        let scene = try SceneLoader.decode(
            Self.yaml.replacingOccurrences(of: "- { id: row,", with: children), fileName: "scroll.yaml", format: .yaml)
        let warnings = try SceneWarnings.check(scene).map(\.message)
        // The 200×200 view bounces vertically: a pull uncovers up to 200 pt past either end.
        #expect(
            warnings == [
                "'far' lies wholly outside its parent 'list': it spans x 95…105, y 1295…1305 in the scroll view's 200×1000 content or a pull past its edges (a child's center is in its parent's bounds, origin top-left)"
            ])
    }

    @Test("bad scroll keys are refused at their key path")
    func badInput() throws {
        func message(_ scroll: String) -> String {
            let yaml = """
                canvas: { size: [200, 300] }
                duration: 1
                items:
                  - { id: list, size: [200, 200], center: [100, 150], scroll: \(scroll) }
                """
            do {
                _ = try SceneLoader.decode(yaml, fileName: "scroll.yaml", format: .yaml)
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(message("{ contentSize: [200, -5] }").contains("items[0].scroll.contentSize[1]"))
        #expect(
            message("{ contentSize: [200, 500], decelerationRate: 1.2 }").contains("greater than 0 and less than 1"))
        #expect(message("{ contentSize: [200, 500], decelerationRate: fsat }").contains("did you mean 'fast'?"))
        #expect(
            message("{ contentSize: [200, 500], decelerationRate: 0 }").contains("items[0].scroll.decelerationRate"))
        #expect(message("{ contentSize: [200, .nan] }").contains("items[0].scroll.contentSize[1]"))
        #expect(
            message(
                "{ contentSize: [200, 500], drags: [{ at: 0, path: [[0, 1, 1], [1, 1, 1]] }, { at: 0.5, path: [[0, 1, 1]] }] }"
            ).contains("items[0].scroll.drags[1].at: expected a drag that starts after the previous one lifts at 1 s"))
        #expect(message("{ drags: [] }").contains("contentSize"))
        #expect(
            message(
                "{ contentSize: [200, 500], drags: [{ at: 1, path: [[0, 1, 1], [1, 1, 1]] }], setContentOffset: [{ at: 1.5, offset: [0, 100] }] }"
            ).contains("items[0].scroll.setContentOffset[0].at: expected a time when no finger is down, found 1.5 s"))
    }
}
