import Foundation

/// What the player shows of one render, read back from the files the render wrote: the frame
/// window, the trace's per-item values (one series per numeric CSV column) and the events of the
/// text trace. Built from files, not from the renderer's memory, so the player works the same for
/// a render, a resumed render or a shard, and the render loop knows nothing of it.
public struct PlayerData: Equatable, Sendable {
    /// One item's values, `series[column][k]` for frame `firstFrame + k`; nil where the trace has
    /// no row for that tick.
    public struct Item: Equatable, Sendable {
        public var id: String
        public var series: [[String?]]
    }

    /// A line of the text trace that is not motion: the animator pausing, a watcher firing, a
    /// completion, a scripted drag or call. `kind` groups them for colour on the timeline.
    public struct Event: Equatable, Sendable {
        public var tick: Int
        public var text: String
        public var kind: String
    }

    public var sceneName: String
    public var fps: Int
    /// Frame size in pixels, and pixels per point (trace values are in points).
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var scale: Double
    public var firstFrame: Int
    public var frameCount: Int
    /// The numeric columns of the trace CSV, in its order (tick, time and item excluded).
    public var columns: [String] = []
    /// Decimals each column is written with in the trace, so the inspector prints the trace's text.
    public var decimals: [Int] = []
    public var items: [Item] = []
    public var events: [Event] = []
    /// Why some values are missing from the page (the value budget), nil when none are.
    public var omitted: String?

    /// Most trace values one page embeds (about 10 bytes each in the page): a 300-frame scene of
    /// 100 items with 12 columns is 360,000. Items past the budget are left out of the inspector
    /// and plots, and the page says so; the frames and events are always complete.
    public static let valueBudget = 3_000_000

    public init(
        sceneName: String, fps: Int, pixelWidth: Int, pixelHeight: Int, scale: Double,
        firstFrame: Int, frameCount: Int
    ) {
        precondition(fps > 0 && frameCount >= 0 && firstFrame >= 0 && scale > 0, "invalid player frame window")
        self.sceneName = sceneName
        self.fps = fps
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.firstFrame = firstFrame
        self.frameCount = frameCount
    }

    /// Reads `<scene>.trace.csv` line by line (the trace can be large: memory stays within the
    /// value budget, not the file's size) and keeps the rows of ticks inside the frame window.
    public mutating func readTraceCSV(at path: String, valueBudget: Int = PlayerData.valueBudget) throws {
        var header: [Substring]?
        var itemIndex: [String: Int] = [:]
        var tickColumn = 0
        var itemColumn = 0
        var valueColumns: [Int] = []
        var values = 0
        var omittedItems: [String] = []
        try LineReader.forEachLine(ofFileAt: path) { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard let names = header else {
                guard let tick = fields.firstIndex(of: "tick"), let item = fields.firstIndex(of: "item") else {
                    throw PlayerError.unreadableTrace(path: path, reason: "its first line has no tick and item columns")
                }
                header = fields
                tickColumn = tick
                itemColumn = item
                valueColumns = fields.indices.filter { $0 != tick && $0 != item && fields[$0] != "time" }
                columns = valueColumns.map { String(fields[$0]) }
                decimals = Array(repeating: 0, count: columns.count)
                return
            }
            guard fields.count == names.count, let tick = Int(fields[tickColumn]) else { return }
            let k = tick - firstFrame
            guard k >= 0 && k < frameCount else { return }
            let id = String(fields[itemColumn])
            let index: Int
            if let known = itemIndex[id] {
                index = known
            } else {
                guard values + columns.count * frameCount <= valueBudget else {
                    if !omittedItems.contains(id) { omittedItems.append(id) }
                    return
                }
                values += columns.count * frameCount
                index = items.count
                itemIndex[id] = index
                items.append(
                    Item(
                        id: id, series: Array(repeating: Array(repeating: nil, count: frameCount), count: columns.count)
                    ))
            }
            for (c, column) in valueColumns.enumerated() {
                let field = fields[column]
                // Only JSON-safe numbers go into the page; the trace writes plain decimals.
                let isNumber = Double(field) != nil && field.allSatisfy({ "0123456789.-e+".contains($0) })
                items[index].series[c][k] = isNumber ? String(field) : nil
                if isNumber, let dot = field.firstIndex(of: ".") {
                    decimals[c] = max(decimals[c], field.distance(from: dot, to: field.endIndex) - 1)
                }
            }
        }
        if !omittedItems.isEmpty {
            omitted =
                "values of \(omittedItems.count) item\(omittedItems.count == 1 ? "" : "s") left out "
                + "(more than \(valueBudget) values); the trace CSV has them all"
        }
    }

    /// Reads the events of `<scene>.trace.txt`: lines `[time] text (tick N)`.
    public mutating func readTraceText(at path: String) throws {
        try LineReader.forEachLine(ofFileAt: path) { line in
            guard line.hasPrefix("["), line.hasSuffix(")"),
                let close = line.firstIndex(of: "]"),
                let open = line.range(of: " (tick ", options: .backwards)
            else { return }
            guard let tick = Int(line[open.upperBound..<line.index(before: line.endIndex)]) else { return }
            let text = line[line.index(after: close)..<open.lowerBound].trimmingCharacters(in: .whitespaces)
            events.append(Event(tick: tick, text: text, kind: Self.kind(of: text)))
        }
    }

    /// A coarse class for the timeline's colours, from the words the trace uses.
    static func kind(of text: String) -> String {
        if text.hasPrefix("animator paused") || text.hasPrefix("animator resumed") { return "animator" }
        if text.contains("drag") || text.contains("tap") { return "touch" }
        if text.contains("completed") || text.contains("stopped") { return "completion" }
        if text.contains(" layer ") || text.hasPrefix("animator ") { return "call" }
        return "behavior"
    }
}

public enum PlayerError: Error, Equatable, CustomStringConvertible {
    case unreadableTrace(path: String, reason: String)
    case missingResource(String)

    public var description: String {
        switch self {
        case .unreadableTrace(let path, let reason): return "cannot read the trace \(path) for the player: \(reason)"
        case .missingResource(let name):
            return
                "the player's resource \(name) is missing beside the flipbook binary (Flipbook_Player.resources); rebuild, or render with --no-player"
        }
    }
}

/// Reads a text file a line at a time with a fixed buffer, so a large trace never sits in memory.
enum LineReader {
    static func forEachLine(ofFileAt path: String, _ body: (String) throws -> Void) throws {
        guard let file = fopen(path, "r") else {
            throw PlayerError.unreadableTrace(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while true {
            let n = getline(&buffer, &capacity, file)
            if n < 0 { break }
            guard let buffer else { break }
            var line = String(cString: buffer)
            if line.hasSuffix("\n") { line.removeLast() }
            try body(line)
        }
    }
}
