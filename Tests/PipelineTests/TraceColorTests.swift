import Foundation
import ImageDiff
import Pipeline
import SceneLoading
import SceneModel
import Testing

/// A scene that animates colours traces them, so a check can say which colour changed and how.
@Suite("Colours in the trace")
struct TraceColorTests {
    /// `card` fades its fill from red to blue over a second; `box` animates its border from
    /// black to white in a view animation; `plain` animates nothing and has no fill.
    static func simulation(cardTo: String = "#0000FF") throws -> SceneSimulation {
        try SceneSimulation(
            scene: SceneLoader.decode(
                """
                canvas: { size: [200, 100] }
                duration: 1
                items:
                  - id: card
                    size: [40, 40]
                    center: [40, 50]
                    fill: "#FF0000"
                    animations:
                      - basic: { property: fill, from: "#FF0000", to: "\(cardTo)", duration: 1, timingFunction: linear }
                  - { id: box, size: [40, 40], center: [100, 50], fill: "#336699", border: { width: 2, color: "#000000" } }
                  - { id: plain, size: [40, 40], center: [160, 50], fill: "#00000000" }
                viewAnimations:
                  - { at: 0, item: box, duration: 1, options: [curveLinear], changes: { borderColor: "#FFFFFF" } }
                """, fileName: "colours.yaml", format: .yaml))
    }

    static func trace(_ simulation: SceneSimulation, ticks: Int = 60) -> Trace {
        var trace = Trace(sceneName: "colours", fps: 60)
        trace.record(simulation)
        for _ in 0..<ticks {
            simulation.advance()
            trace.record(simulation)
        }
        return trace
    }

    static func value(_ trace: Trace, tick: Int, item: String, column: String) throws -> String {
        let names = trace.csv[0].split(separator: ",").map(String.init)
        let index = try #require(names.firstIndex(of: column), "no column \(column)")
        let line = try #require(trace.csv.first { $0.hasPrefix("\(tick),") && $0.contains(",\(item),") })
        return String(line.split(separator: ",")[index])
    }

    @Test(
        "a scene that animates colours traces each animated colour as 0xRRGGBBAA in decimal, after the other columns, in the order fill, border"
    )
    func columnsAndValues() throws {
        let trace = Self.trace(try Self.simulation())
        #expect(trace.csv[0] == Trace.csvHeader + ",fill_color,border_color")
        // Red at tick 0; half way (tick 30, t = 0.5) each channel is 127.5, rounded to 0x80;
        // a quarter of the way, 0.75 · 255 = 191.25 → 0xBF and 63.75 → 0x40.
        #expect(try Self.value(trace, tick: 0, item: "card", column: "fill_color") == "\(0xFF00_00FF as UInt32)")
        #expect(try Self.value(trace, tick: 15, item: "card", column: "fill_color") == "\(0xBF00_40FF as UInt32)")
        #expect(try Self.value(trace, tick: 30, item: "card", column: "fill_color") == "\(0x8000_80FF as UInt32)")
        // A colour no animation touches is traced as it is; a clear fill is 0.
        #expect(try Self.value(trace, tick: 30, item: "box", column: "fill_color") == "\(0x3366_99FF as UInt32)")
        #expect(try Self.value(trace, tick: 30, item: "plain", column: "fill_color") == "0")
        #expect(try Self.value(trace, tick: 30, item: "box", column: "border_color") == "\(0x8080_80FF as UInt32)")
        #expect(try Self.value(trace, tick: 0, item: "box", column: "border_color") == "\(0x0000_00FF as UInt32)")
    }

    @Test("a scene whose colours never move traces no colour columns")
    func stillColoursAddNoColumns() throws {
        let still = try SceneSimulation(
            scene: SceneLoader.decode(
                "canvas: { size: [100, 100] }\nduration: 1\nitems: [{ id: a, size: [10, 10], center: [50, 50], fill: \"#FF0000\" }]",
                fileName: "still.yaml", format: .yaml))
        #expect(Self.trace(still, ticks: 2).csv[0] == Trace.csvHeader)
    }

    @Test(
        "a check names a changed colour with both values as #RRGGBBAA and the largest difference in 8-bit levels"
    )
    func checkNamesColourChange() throws {
        let expected = try TraceTable.parseCSV(
            Self.trace(try Self.simulation()).csv.joined(separator: "\n") + "\n", path: "expected.csv")
        let actual = try TraceTable.parseCSV(
            Self.trace(try Self.simulation(cardTo: "#00FF00")).csv.joined(separator: "\n") + "\n", path: "actual.csv")
        let diff = TraceDiff.compare(expected: expected, actual: actual)
        let card = try #require(diff.items.first { $0.item == "card" })
        let colour = try #require(card.properties.first { $0.property == "fill colour" })
        // Tick 1 is 1/60 of the way: blue 255/60 = 4.25 → 0x04 against green 0x04; red 250.75 → 0xFB.
        #expect(colour.firstTick == 1 && colour.unit == "RGBA")
        #expect(colour.shown.expected == "#FB0004FF" && colour.shown.actual == "#FB0400FF")
        // At tick 60 (t = 1, the animation's last instant) blue and green each stand at 255 against 0.
        #expect(colour.shown.largest == "255 levels" && colour.largestTick == 60)
        #expect(
            card.sentences.contains(
                "card: fill colour first differs at tick 1: expected #FB0004FF, actual #FB0400FF; largest difference 255 levels at tick 60"
            ))
        #expect(diff.items.filter { $0.status == .changed }.map(\.item) == ["card"])
    }

    @Test("a colour column holding a value no trace writes reads as no colour instead of stopping the check")
    func hostileColourValue() throws {
        let header = Trace.csvHeader + ",fill_color"
        let row = { (value: String) in
            header + "\n0,0.000000,a,1,1,0,0,2,2,0,1,1,1,1,0,0,0,0,0,1,\(value)\n"
        }
        let diff = TraceDiff.compare(
            expected: try TraceTable.parseCSV(row("1e300"), path: "e.csv"),
            actual: try TraceTable.parseCSV(row("-5"), path: "a.csv"))
        #expect(!diff.differs)
    }
}
