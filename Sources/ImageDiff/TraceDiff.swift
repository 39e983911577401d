import Foundation

/// How one property of one item first diverged, and how far it went.
public struct PropertyDivergence: Sendable, Equatable, Codable {
    /// "position", "size" (the item's bounds size, before rotation), "angle", "scale", "opacity",
    /// or a column name for columns this module does not know yet.
    public var property: String
    /// "pt", "°", or "" for unitless. Angles are shown in degrees, as scenes write them.
    public var unit: String
    /// The columns it is read from ("center_x", "center_y").
    public var columns: [String]
    public var firstTick: Int
    /// Values at `firstTick`, in `unit` (the size derived from the frame, the angle in degrees).
    public var expected: [Double]
    public var actual: [Double]
    /// The largest deviation over the ticks present on both sides: Euclidean for position, the
    /// largest absolute column difference otherwise; in `unit`.
    public var largest: Double
    public var largestTick: Int
}

extension PropertyDivergence {
    /// The first differing values and the largest difference as a report shows them: degrees
    /// with their sign, colours as `#RRGGBBAA` and their difference in 8-bit levels.
    public var shown: (expected: String, actual: String, largest: String) {
        if unit == TraceDiff.colourUnit {
            func hex(_ channels: [Double]) -> String {
                "#" + channels.map { String(format: "%02X", Int($0.rounded())) }.joined()
            }
            return (hex(expected), hex(actual), "\(Int(largest.rounded())) levels")
        }
        let (e, a) = TraceDiff.format(expected, actual)
        let degrees = unit == "°" ? "°" : ""
        return (e + degrees, a + degrees, TraceDiff.format(largest, unit: unit))
    }
}

/// The semantic difference of one item.
public struct ItemDiff: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable { case same, changed, onlyExpected, onlyActual }
    public var item: String
    public var status: Status
    /// The first tick at which any property differs or only one side has the item.
    public var firstDivergentTick: Int?
    public var properties: [PropertyDivergence]
    public var expectedLastTick: Int?
    public var actualLastTick: Int?
    /// The parent this child only moved with: its own placement is unchanged, so its findings are
    /// its parent's (said once, on the parent). Nil for an item that changed on its own.
    public var movesWith: String?

    /// One sentence per finding, e.g. "card: position first differs at tick 1: …"; none for a
    /// child that only moved with its parent.
    public var sentences: [String] {
        guard movesWith == nil else { return [] }
        switch status {
        case .same: return []
        case .onlyExpected: return ["\(item): expected but missing from the actual trace"]
        case .onlyActual: return ["\(item): in the actual trace only"]
        case .changed:
            var out: [String] = []
            if let tick = firstDivergentTick {
                let first = properties.filter { $0.firstTick == tick }.map(\.property)
                out.append(
                    "\(item): first divergent tick \(tick)"
                        + (first.isEmpty ? "" : " (\(first.joined(separator: ", ")))"))
            }
            out += properties.sorted { $0.firstTick < $1.firstTick }.map { p in
                let (e, a, largest) = p.shown
                return
                    "\(item): \(p.property) first differs at tick \(p.firstTick): expected \(e), actual \(a); largest difference \(largest) at tick \(p.largestTick)"
            }
            if expectedLastTick != actualLastTick, let e = expectedLastTick, let a = actualLastTick {
                out.append("\(item): traced until tick \(a), expected until tick \(e)")
            }
            return out
        }
    }
}

/// The semantic comparison of two traces: per item, per property, the first divergent tick; the
/// state events; and a pure time shift when one explains everything.
public struct TraceDiff: Sendable, Equatable, Codable {
    public var items: [ItemDiff]
    public var expectedEvents: [TraceEvent]
    public var actualEvents: [TraceEvent]
    /// "expected animator paused (tick 68), actual animator paused (tick 71)", or nil when the
    /// events agree.
    public var eventDivergence: String?
    /// As `SequenceDiff.timeShift`, from the traces: actual tick t + k equals expected tick t.
    public var timeShift: Int?
    /// Absolute tolerance per value, in the value's unit (pt, rad, or none).
    public var tolerance: Double

    public var firstDivergentTick: Int? { items.compactMap(\.firstDivergentTick).min() }
    public var differs: Bool { items.contains { $0.status != .same } || eventDivergence != nil }

    /// Every finding as a sentence, time shift first (it explains the rest).
    public var sentences: [String] {
        var out: [String] = []
        if let timeShift { out.append("time shift: \(TimeShift.describe(timeShift)) (every traced value and event)") }
        for item in items {
            out += item.sentences
            let riders = children(movingWith: item.item)
            if !riders.isEmpty {
                out.append(
                    "\(item.item): \(riders.count == 1 ? "its child" : "its children") \(riders.joined(separator: ", ")) moved with it, with no change of \(riders.count == 1 ? "its" : "their") own"
                )
            }
        }
        if let eventDivergence { out.append("events: \(eventDivergence)") }
        return out
    }

    /// Default tolerance: half of the last printed digit of the CSV (6 decimals), so that any
    /// difference the file can show counts and parsing noise never does.
    public static let defaultTolerance = 5e-7

    /// Property groups: columns that describe one thing are reported together. `frame_x` and
    /// `frame_y` are left out: the centre and the frame size determine them, and reporting them
    /// would say everything twice. Unknown columns are compared one by one under their own name.
    ///
    /// "size" is the item's bounds size, what a scene's `size:` says, not the frame (the rotated
    /// bounding box the trace records, which grows whenever the item turns: a 60×60 card at 3° has
    /// a 63.07×63.07 frame). It is derived from the frame, the angle and the scale (`BoundsSize`);
    /// a turn alone therefore reports "angle" only.
    static let groups: [(name: String, unit: String, columns: [String])] = [
        ("position", "pt", ["center_x", "center_y"]),
        ("size", "pt", ["frame_width", "frame_height"]),
        ("angle", "°", ["angle_rad"]),
        ("scale", "", ["scale_x", "scale_y"]),
        ("opacity", "", ["opacity"]),
        ("fill colour", colourUnit, ["fill_color"]), ("border colour", colourUnit, ["border_color"]),
        ("shape fill colour", colourUnit, ["shape_fill_color"]), ("stroke colour", colourUnit, ["stroke_color"]),
        ("text colour", colourUnit, ["text_color"]),
    ]
    /// The unit of a colour property: its column holds 0xRRGGBBAA; it is compared and shown as
    /// its four 8-bit channels.
    static let colourUnit = "RGBA"
    /// Not compared: `frame_x`/`frame_y` (see above); the body velocities, which the centre and
    /// angle over time determine (a changed motion is reported once, as position and angle); and
    /// the clocks `local_time` and `elapsed_time`, which advance with the tick itself, so
    /// comparing them would turn every time shift into a difference of every row; and
    /// `effective_opacity`, the product of the opacities compared on the layer and its ancestors.
    static let derivedColumns: Set<String> = [
        "frame_x", "frame_y", "velocity_x", "velocity_y", "angular_velocity",
        "local_time", "elapsed_time", "effective_opacity",
    ]

    public static func compare(expected: TraceTable, actual: TraceTable, tolerance: Double = defaultTolerance)
        -> TraceDiff
    {
        let shared = Set(expected.columns).intersection(actual.columns)
        var groups = Self.groups.map { g in (g.name, g.unit, g.columns.filter(shared.contains)) }.filter {
            !$0.2.isEmpty
        }
        let known = Set(Self.groups.flatMap(\.columns)).union(derivedColumns)
        for column in expected.columns where shared.contains(column) && !known.contains(column) {
            groups.append((column, "", [column]))
        }

        var items: [ItemDiff] = []
        let expectedItems = expected.items
        let actualItems = actual.items
        for item in expectedItems + actualItems.filter({ !expectedItems.contains($0) }) {
            items.append(compare(item, expected: expected, actual: actual, groups: groups, tolerance: tolerance))
        }

        var result = TraceDiff(
            items: items, expectedEvents: expected.events, actualEvents: actual.events,
            eventDivergence: nil, timeShift: nil, tolerance: tolerance)
        foldChildren(
            &result.items, expected: expected, actual: actual,
            parents: expected.parents.merging(actual.parents) { _, fromActual in fromActual })
        result.eventDivergence = eventDivergence(expected.events, actual.events)
        if result.differs {
            result.timeShift = detectShift(expected, actual, tolerance: tolerance)
        }
        return result
    }

    /// One item's rows compared, property group by property group.
    static func compare(
        _ item: String, expected: TraceTable, actual: TraceTable,
        groups: [(name: String, unit: String, columns: [String])], tolerance: Double
    ) -> ItemDiff {
        let e = expected.rows(of: item)
        let a = actual.rows(of: item)
        var diff = ItemDiff(
            item: item, status: .same, firstDivergentTick: nil, properties: [],
            expectedLastTick: e.keys.max(), actualLastTick: a.keys.max())
        if e.isEmpty || a.isEmpty {
            diff.status = e.isEmpty ? .onlyActual : .onlyExpected
            diff.firstDivergentTick = (e.isEmpty ? a : e).keys.min()
            return diff
        }
        let common = Set(e.keys).intersection(a.keys).sorted()
        let shared = Set(expected.columns).intersection(actual.columns)
        for (name, unit, columns) in groups {
            let read = Self.reader(name: name, columns: columns, shared: shared)
            // The size is derived from 6-decimal text through a 2×2 solve and a division by
            // the scale: a difference counts past 1e-4 pt and past what the printing of both
            // rows can do (`BoundsSize.noise`), so round-off is never a finding.
            let limit = read.derived ? max(tolerance, BoundsSize.tolerance) : tolerance
            var first: Int?
            var largest = 0.0
            var largestTick = 0
            var firstValues: ([Double], [Double]) = ([], [])
            for tick in common {
                guard let ev = read.values(e[tick]!.values), let av = read.values(a[tick]!.values) else { continue }
                let raw = zip(read.compared(e[tick]!.values), read.compared(a[tick]!.values)).map { abs($0 - $1) }
                let noise = zip(read.noise(e[tick]!.values), read.noise(a[tick]!.values)).map { $0 + $1 }
                let differs = raw.indices.contains { i in raw[i] > max(limit, i < noise.count ? noise[i] : 0) }
                guard differs else { continue }
                if first == nil {
                    first = tick
                    firstValues = (ev, av)
                }
                let deltas = zip(ev, av).map { abs($0 - $1) }
                let size =
                    name == "position" ? (deltas.map { $0 * $0 }.reduce(0, +)).squareRoot() : (deltas.max() ?? 0)
                if size > largest {
                    largest = size
                    largestTick = tick
                }
            }
            if let first {
                diff.properties.append(
                    PropertyDivergence(
                        property: name, unit: read.unit ?? unit, columns: columns, firstTick: first,
                        expected: firstValues.0, actual: firstValues.1,
                        largest: largest, largestTick: largestTick))
            }
        }
        let oneSided = Set(e.keys).symmetricDifference(a.keys).min()
        let candidates = diff.properties.map(\.firstTick) + (oneSided.map { [$0] } ?? [])
        diff.firstDivergentTick = candidates.min()
        if diff.firstDivergentTick != nil { diff.status = .changed }
        return diff
    }

    /// The first event the runs disagree on, in words; nil when they agree.
    static func eventDivergence(_ expected: [TraceEvent], _ actual: [TraceEvent]) -> String? {
        guard expected != actual else { return nil }
        let i =
            zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expected.count, actual.count)
        // In words: a run that lacks the other's next event ended (or never got there) first.
        switch (i < expected.count, i < actual.count) {
        case (true, true): return "expected \(expected[i]), actual \(actual[i])"
        case (true, false): return "expected \(expected[i]), but the actual run ends without it"
        default: return "actual \(actual[i]), which the expected run ends without"
        }
    }

    /// How a group's values are read from a row: what is shown (`values`, nil when it cannot be
    /// derived at that tick) and what is compared against the tolerance (`compared`).
    struct Reader {
        var values: ([String: Double]) -> [Double]?
        var compared: ([String: Double]) -> [Double]
        var derived = false
        var unit: String?
        /// How far printing alone may move each compared value of a row; empty: not estimated.
        var noise: ([String: Double]) -> [Double] = { _ in [] }
    }

    static func reader(name: String, columns: [String], shared: Set<String>) -> Reader {
        let plain: ([String: Double]) -> [Double] = { row in columns.map { row[$0]! } }
        switch name {
        case "angle":
            // Compared in radians (the column's unit, so the tolerance keeps its meaning), shown in degrees.
            return Reader(values: { row in plain(row).map { $0 * 180 / .pi } }, compared: plain)
        case "size" where BoundsSize.columns.allSatisfy(shared.contains):
            let derive: ([String: Double]) -> [Double]? = { row in
                BoundsSize.derive(
                    frame: (row["frame_width"]!, row["frame_height"]!), angle: row["angle_rad"]!,
                    scale: (row["scale_x"]!, row["scale_y"]!)
                ).map { [$0.width, $0.height] }
            }
            let noise: ([String: Double]) -> [Double] = { row in
                BoundsSize.noise(
                    frame: (row["frame_width"]!, row["frame_height"]!), angle: row["angle_rad"]!,
                    scale: (row["scale_x"]!, row["scale_y"]!)
                ).map { [$0.0, $0.1] } ?? []
            }
            // Ticks where the size cannot be derived (near 45°) compare as equal.
            return Reader(values: derive, compared: { derive($0) ?? [0, 0] }, derived: true, noise: noise)
        case _ where name.hasSuffix(" colour"):
            let channels: ([String: Double]) -> [Double] = { row in
                // A value no trace writes (negative, past 32 bits, not finite) reads as no colour.
                let value = row[columns[0]]!
                let packed = value >= 0 && value <= Double(UInt32.max) ? UInt32(value) : 0
                return [24, 16, 8, 0].map { Double(packed >> UInt32($0) & 0xFF) }
            }
            return Reader(values: channels, compared: channels)
        case "size":
            // Without angle and scale columns only the frame can be compared: say so.
            return Reader(values: { plain($0) }, compared: plain, unit: "pt (frame)")
        default:
            return Reader(values: { plain($0) }, compared: plain)
        }
    }

    /// Ticks as indices: every item's values at expected tick t equal the actual ones at t + k.
    static func detectShift(_ expected: TraceTable, _ actual: TraceTable, tolerance: Double) -> Int? {
        guard let er = expected.tickRange, let ar = actual.tickRange, er.lowerBound == 0, ar.lowerBound == 0 else {
            return nil
        }
        let items = expected.items
        guard Set(items) == Set(actual.items) else { return nil }
        let columns = expected.columns.filter { actual.columns.contains($0) }
        let e = items.map { expected.rows(of: $0) }
        let a = items.map { actual.rows(of: $0) }
        let eventsMatch: (Int) -> Bool = { k in
            expected.events.count == actual.events.count
                && zip(expected.events, actual.events).allSatisfy {
                    $0.what == $1.what && ($1.tick - $0.tick == k || $0.tick == 0)
                }
        }
        let k = TimeShift.detect(expectedCount: er.upperBound + 1, actualCount: ar.upperBound + 1) { i, j in
            for n in items.indices {
                guard let x = e[n][i], let y = a[n][j] else { return false }
                for c in columns where abs(x.values[c]! - y.values[c]!) > tolerance { return false }
            }
            return true
        }
        // The events must move with the motion (an event at tick 0, the set-up, stays put).
        if let k, expected.events.isEmpty || eventsMatch(k) { return k }
        return nil
    }

    static func format(_ values: [Double], decimals: Int = 3) -> String {
        let parts = values.map { v -> String in
            var text = String(format: "%.\(decimals)f", v)
            while text.contains("."), text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text == "-0" ? "0" : text
        }
        return values.count == 1 ? parts[0] : "(" + parts.joined(separator: ", ") + ")"
    }

    /// Both sides with the fewest decimals (3 to 6) that tell them apart.
    static func format(_ expected: [Double], _ actual: [Double]) -> (String, String) {
        for decimals in 3...6 {
            let pair = (format(expected, decimals: decimals), format(actual, decimals: decimals))
            if pair.0 != pair.1 { return pair }
        }
        return (format(expected, decimals: 6), format(actual, decimals: 6))
    }

    /// Shortest spelling up to 6 significant decimals: "252", "159.8713", "2.13 pt";
    /// angles also in degrees.
    static func format(_ value: Double, unit: String) -> String {
        var text = String(format: "%.6g", value)
        if text == "-0" { text = "0" }
        switch unit {
        case "": return text
        case "°": return text + "°"
        default: return text + " " + unit
        }
    }
}
