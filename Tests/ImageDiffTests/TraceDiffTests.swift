import Foundation
import ImageDiff
import Testing

@Suite("Semantic trace diff and time shifts")
struct TraceDiffTests {
    static let header =
        "tick,time,item,center_x,center_y,frame_x,frame_y,frame_width,frame_height,angle_rad,scale_x,scale_y"

    /// A card easing from x = 160 towards 80 and a box at rest, for `ticks` ticks; `delay` ticks
    /// of standing still first; `nudge` moves the card from tick `nudgeFrom` on.
    static func csv(
        ticks: Int = 30, delay: Int = 0, nudge: Double = 0, nudgeFrom: Int = .max,
        extraColumns: [(String, Double)] = []
    ) -> String {
        var lines = [header + extraColumns.map { "," + $0.0 }.joined()]
        for tick in 0..<(ticks + delay) {
            let t = max(0, tick - delay)
            let x = 80 + 80 * pow(0.8, Double(t)) + (tick >= nudgeFrom ? nudge : 0)
            let extra = extraColumns.map { String(format: ",%.6f", $0.1) }.joined()
            lines.append(
                String(
                    format: "%d,%.6f,card,%.6f,252.000000,%.6f,222.000000,60.000000,60.000000,%.9f,1.000000,1.000000",
                    tick, Double(tick) / 60, x, x - 30, 0.01 * Double(t)) + extra)
            lines.append(
                String(
                    format:
                        "%d,%.6f,box,40.000000,40.000000,20.000000,20.000000,40.000000,40.000000,0.000000000,1.000000,1.000000",
                    tick, Double(tick) / 60) + extra)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func table(_ text: String, events: [TraceEvent] = []) throws -> TraceTable {
        var t = try TraceTable.parseCSV(text, path: "test.csv")
        t.events = events
        return t
    }

    /// One item, "bar", 343 × 52 pt, at 3° (so its size is derived from the frame), printed as
    /// the trace prints it; `width` is its bounds width.
    static func bar(width: Double, scale: Double = 1) -> String {
        let angle = 3 * Double.pi / 180
        let (c, s) = (cos(angle), sin(angle))
        let (w, h) = (width * scale, 52.0)
        return header + "\n"
            + String(
                format: "0,0.000000,bar,200.000000,100.000000,0.000000,0.000000,%.6f,%.6f,%.9f,%.6f,1.000000\n",
                w * c + h * s, w * s + h * c, angle, scale)
    }

    @Test("a size that differs by the printing's round-off is no finding; a tenth of a point is")
    func sizeRoundOffIsNoFinding() throws {
        // 343 pt at scales 1.0000004 and 0.9999996, both printed 1.000000: the derived widths
        // are 343.000137 and 342.999863, 2.7e-4 pt apart, more than 1e-4 but within what the
        // printing of each row allows (343 · 5e-7 ≈ 1.7e-4 pt each).
        let expected = try Self.table(Self.bar(width: 343, scale: 1.0000004))
        let roundOff = try Self.table(Self.bar(width: 343, scale: 0.9999996))
        #expect(!TraceDiff.compare(expected: expected, actual: roundOff).differs)
        let changed = TraceDiff.compare(expected: expected, actual: try Self.table(Self.bar(width: 343.1)))
        #expect(changed.items.first?.properties.map(\.property) == ["size"])
    }

    @Test("an event one run lacks is said in words: the other run ends without it")
    func missingEventInWords() throws {
        let paused = TraceEvent(tick: 68, what: "animator paused")
        let withEvent = try Self.table(Self.csv(), events: [paused])
        let without = try Self.table(Self.csv())
        #expect(
            TraceDiff.compare(expected: withEvent, actual: without).eventDivergence
                == "expected \(paused), but the actual run ends without it")
        #expect(
            TraceDiff.compare(expected: without, actual: withEvent).eventDivergence
                == "actual \(paused), which the expected run ends without")
    }

    @Test("a changed item is named with the property, its first divergent tick and the largest difference")
    func namesItemAndTick() throws {
        let expected = try Self.table(Self.csv())
        let actual = try Self.table(Self.csv(nudge: 2.5, nudgeFrom: 12))
        let diff = TraceDiff.compare(expected: expected, actual: actual)
        #expect(diff.differs)
        #expect(diff.firstDivergentTick == 12)
        #expect(diff.timeShift == nil)
        let card = try #require(diff.items.first { $0.item == "card" })
        #expect(card.status == .changed)
        #expect(card.properties.map(\.property) == ["position"])
        #expect(card.properties[0].firstTick == 12)
        #expect(abs(card.properties[0].largest - 2.5) < 1e-6)
        #expect(diff.items.first { $0.item == "box" }?.status == .same)
        #expect(diff.sentences.first == "card: first divergent tick 12 (position)")
        #expect(
            diff.sentences.dropFirst().first
                == "card: position first differs at tick 12: expected (85.498, 252), actual (87.998, 252); largest difference 2.5 pt at tick 12"
        )
    }

    /// One row of a 60×60 card (bounds w × h) turned by `degrees`, its frame the rotated box.
    static func row(tick: Int, w: Double = 60, h: Double = 60, degrees: Double) -> String {
        let r = degrees * .pi / 180
        let c = abs(cos(r))
        let s = abs(sin(r))
        let fw = w * c + h * s
        let fh = w * s + h * c
        return String(
            format: "%d,%.6f,card,160.000000,252.000000,%.6f,%.6f,%.6f,%.6f,%.9f,1.000000,1.000000",
            tick, Double(tick) / 60, 160 - fw / 2, 252 - fh / 2, fw, fh, r)
    }

    @Test("a turn reports the angle in degrees and no size; a changed size is the bounds size, not the rotated frame")
    func sizeIsBoundsAndAngleIsDegrees() throws {
        let expected = try Self.table(
            ([Self.header] + (0..<4).map { Self.row(tick: $0, degrees: 0) }).joined(separator: "\n") + "\n")
        let turned = try Self.table(
            ([Self.header] + (0..<4).map { Self.row(tick: $0, degrees: 3 * Double($0)) }).joined(separator: "\n") + "\n"
        )
        let turn = TraceDiff.compare(expected: expected, actual: turned)
        #expect(turn.items.first?.properties.map(\.property) == ["angle"])
        #expect(
            turn.sentences == [
                "card: first divergent tick 1 (angle)",
                "card: angle first differs at tick 1: expected 0°, actual 3°; largest difference 9° at tick 3",
            ])
        // Grown to 70 × 60 while turned by 20°: its frame is about 84 × 80, its size 70 × 60.
        let grown = try Self.table(
            ([Self.header] + (0..<4).map { Self.row(tick: $0, w: $0 >= 2 ? 70 : 60, degrees: 20) }).joined(
                separator: "\n") + "\n")
        let still = try Self.table(
            ([Self.header] + (0..<4).map { Self.row(tick: $0, degrees: 20) }).joined(separator: "\n") + "\n")
        let resize = TraceDiff.compare(expected: still, actual: grown)
        #expect(resize.items.first?.properties.map(\.property) == ["size"])
        #expect(
            resize.sentences.last
                == "card: size first differs at tick 2: expected (60, 60), actual (70, 60); largest difference 10 pt at tick 2"
        )
    }

    @Test("a one-tick delay is reported as a time shift, with the events moved along")
    func oneTickDelay() throws {
        let expected = try Self.table(
            Self.csv(),
            events: [
                TraceEvent(tick: 0, what: "animator resumed"),
                TraceEvent(tick: 29, what: "animator paused"),
            ])
        let actual = try Self.table(
            Self.csv(delay: 1),
            events: [
                TraceEvent(tick: 0, what: "animator resumed"),
                TraceEvent(tick: 30, what: "animator paused"),
            ])
        let diff = TraceDiff.compare(expected: expected, actual: actual)
        #expect(diff.timeShift == 1)
        #expect(
            diff.sentences.first == "time shift: actual matches expected 1 tick later (every traced value and event)")
        #expect(diff.eventDivergence == "expected animator paused (tick 29), actual animator paused (tick 30)")
        // Running early is the other direction.
        #expect(TraceDiff.compare(expected: actual, actual: expected).timeShift == -1)
    }

    @Test("columns are found by name: a column appended later is compared under its own name")
    func columnsByName() throws {
        let expected = try Self.table(Self.csv(extraColumns: [("opacity", 1), ("blur", 0)]))
        let actual = try Self.table(Self.csv(extraColumns: [("opacity", 0.5), ("blur", 2)]))
        let diff = TraceDiff.compare(expected: expected, actual: actual)
        let card = try #require(diff.items.first { $0.item == "card" })
        #expect(card.properties.map(\.property) == ["opacity", "blur"])
        #expect(card.properties.map(\.firstTick) == [0, 0])
        #expect(card.properties[0].largest == 0.5)
    }

    @Test("a missing column is an error with the file and line; a bad number names the column")
    func malformed() {
        #expect(
            throws: ImageDiffError.malformedTrace(
                path: "t.csv", line: 1,
                reason: "the header needs the columns 'tick' and 'item'; found: time,x")
        ) {
            try TraceTable.parseCSV("time,x\n0,1\n", path: "t.csv")
        }
        #expect(throws: ImageDiffError.malformedTrace(path: "t.csv", line: 2, reason: "x 'abc' is not a number")) {
            try TraceTable.parseCSV("tick,item,x\n0,card,abc\n", path: "t.csv")
        }
    }

    @Test("events are read from the text trace's event lines, item lines skipped")
    func eventsFromText() {
        let text = """
            # flipbook trace of snap
            [0.000] animator resumed (tick 0)
            [0.000] card NSRect: {{130, 222}, {60, 60}} center (160, 252) angle 0.000000
            [1.133] animator paused (tick 68)
            """
        let events = TraceEvent.parse(traceText: text)
        #expect(
            events == [TraceEvent(tick: 0, what: "animator resumed"), TraceEvent(tick: 68, what: "animator paused")])
        #expect(TraceEvent.parse(serialized: TraceEvent.serialize(events)) == events)
    }

    @Test("frame sequences offset by one tick are a time shift; other differences are not")
    func frameShift() throws {
        let hashes: [UInt64] = (0..<20).map { 1000 + UInt64(min($0, 15)) }  // moves, then rests
        let expected = FrameSet(
            label: "e", width: 1, height: 1,
            frames: hashes.enumerated().map { FrameRecord(index: $0.offset, pixelHash: $0.element, path: nil) })
        let late = [hashes[0]] + hashes
        let actual = FrameSet(
            label: "a", width: 1, height: 1,
            frames: late.enumerated().map { FrameRecord(index: $0.offset, pixelHash: $0.element, path: nil) })
        let diff = try SequenceComparison.compare(expected: expected, actual: actual)
        #expect(diff.timeShift == 1)
        #expect(diff.firstDifferentFrame == 1)
        #expect(diff.frames.last?.status == .onlyActual)
        #expect(TimeShift.describe(diff.timeShift!) == "actual matches expected 1 tick later")

        var changed = hashes
        changed[7] = 1
        let other = FrameSet(
            label: "a", width: 1, height: 1,
            frames: changed.enumerated().map { FrameRecord(index: $0.offset, pixelHash: $0.element, path: nil) })
        let diff2 = try SequenceComparison.compare(expected: expected, actual: other)
        #expect(diff2.timeShift == nil)
        #expect(diff2.failingFrames.map(\.index) == [7])
    }
}
