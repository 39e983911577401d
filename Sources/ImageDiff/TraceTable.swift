import Foundation

/// A render's trace as data: the rows of `<scene>.trace.csv`, read by column name (columns may
/// be added; order does not matter), and the events of `<scene>.trace.txt`.
///
/// This module reads the trace's text format rather than importing `Pipeline`: comparisons know
/// no scene types, and traces recorded by older or newer Flipbooks stay comparable.
public struct TraceTable: Sendable, Equatable {
    /// One item at one tick.
    public struct Row: Sendable, Equatable {
        public var tick: Int
        public var item: String
        /// Every numeric column but `tick` and `time`, by name.
        public var values: [String: Double]
    }

    /// Numeric columns in file order, without `tick`, `time` and `item`.
    public var columns: [String]
    public var rows: [Row]
    /// Events (animator paused, resumed, behaviour events) in order; empty when no text trace was read.
    public var events: [TraceEvent]
    /// Each child layer's parent (`in <parent>` in the text trace); empty when none was read.
    public var parents: [String: String]

    public init(columns: [String], rows: [Row], events: [TraceEvent] = [], parents: [String: String] = [:]) {
        self.columns = columns
        self.rows = rows
        self.events = events
        self.parents = parents
    }

    /// Items in order of first appearance.
    public var items: [String] {
        var seen = Set<String>()
        var order: [String] = []
        for row in rows where seen.insert(row.item).inserted { order.append(row.item) }
        return order
    }

    /// Rows of one item by tick.
    public func rows(of item: String) -> [Int: Row] {
        Dictionary(rows.filter { $0.item == item }.map { ($0.tick, $0) }, uniquingKeysWith: { a, _ in a })
    }

    public var tickRange: ClosedRange<Int>? {
        guard let lo = rows.map(\.tick).min(), let hi = rows.map(\.tick).max() else { return nil }
        return lo...hi
    }

    /// Reads a trace CSV. Needs the columns `tick` and `item`; every other column but `time` must
    /// hold numbers. `path` names the file in errors.
    public static func parseCSV(_ text: String, path: String) throws(ImageDiffError) -> TraceTable {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        guard let header = lines.first, !header.isEmpty else {
            throw .malformedTrace(
                path: path, line: 1, reason: "empty file; expected a header line starting with tick,time,item")
        }
        let names = header.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard let tickColumn = names.firstIndex(of: "tick"), let itemColumn = names.firstIndex(of: "item") else {
            throw .malformedTrace(
                path: path, line: 1, reason: "the header needs the columns 'tick' and 'item'; found: \(header)")
        }
        let numeric = names.indices.filter { ![tickColumn, itemColumn].contains($0) && names[$0] != "time" }
        var rows: [Row] = []
        for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == names.count else {
                throw .malformedTrace(
                    path: path, line: offset + 1, reason: "\(fields.count) fields, the header has \(names.count)")
            }
            guard let tick = Int(fields[tickColumn]) else {
                throw .malformedTrace(
                    path: path, line: offset + 1, reason: "tick '\(fields[tickColumn])' is not an integer")
            }
            var values: [String: Double] = [:]
            for c in numeric {
                guard let v = Double(fields[c]) else {
                    throw .malformedTrace(
                        path: path, line: offset + 1, reason: "\(names[c]) '\(fields[c])' is not a number")
                }
                values[names[c]] = v
            }
            rows.append(Row(tick: tick, item: fields[itemColumn], values: values))
        }
        return TraceTable(columns: numeric.map { names[$0] }, rows: rows)
    }

    /// Reads a CSV trace and, when `textPath` names an existing `.trace.txt`, its events.
    public static func load(csvPath: String, textPath: String?) throws(ImageDiffError) -> TraceTable {
        guard let text = try? String(contentsOfFile: csvPath, encoding: .utf8) else {
            throw .missingFile(path: csvPath)
        }
        var table = try parseCSV(text, path: csvPath)
        if let textPath, let text = try? String(contentsOfFile: textPath, encoding: .utf8) {
            table.events = TraceEvent.parse(traceText: text)
            table.parents = parents(traceText: text)
        }
        return table
    }
}

/// A state event of a trace: "animator paused" at tick 68.
public struct TraceEvent: Sendable, Equatable, Codable, CustomStringConvertible {
    public var tick: Int
    public var what: String

    public init(tick: Int, what: String) {
        self.tick = tick
        self.what = what
    }

    public var description: String { "\(what) (tick \(tick))" }

    /// The event lines of a `.trace.txt`: `[1.133] animator paused (tick 68)`. Item lines (with
    /// `NSRect:`) and comments are skipped.
    public static func parse(traceText: String) -> [TraceEvent] {
        traceText.split(separator: "\n").compactMap { line -> TraceEvent? in
            guard line.hasPrefix("["), !line.contains(" NSRect: "), line.hasSuffix(")"),
                let close = line.firstIndex(of: "]"), let open = line.range(of: " (tick ", options: .backwards)
            else { return nil }
            let what = line[line.index(after: close)..<open.lowerBound].trimmingCharacters(in: .whitespaces)
            guard let tick = Int(line[open.upperBound..<line.index(before: line.endIndex)]) else { return nil }
            return TraceEvent(tick: tick, what: what)
        }
    }

    /// Events as the golden `events.txt` stores them: `68 animator paused`, one a line.
    public static func serialize(_ events: [TraceEvent]) -> String {
        events.map { "\($0.tick) \($0.what)\n" }.joined()
    }

    /// Reads `serialize`'s format.
    public static func parse(serialized text: String) -> [TraceEvent] {
        text.split(separator: "\n").compactMap { line in
            guard let space = line.firstIndex(of: " "), let tick = Int(line[..<space]) else { return nil }
            return TraceEvent(tick: tick, what: String(line[line.index(after: space)...]))
        }
    }
}
