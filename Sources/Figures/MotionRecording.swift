import Foundation
import Geometry
import Pipeline
import Raster
import SceneModel

/// A scene simulated once, the way `flipbook render` does (frame 0 as written, one tick per
/// frame, stopping at rest or at the scene's length), keeping everything a figure may need from
/// each tick's record (`TickRecord`): every frame's display list, every item's presented
/// geometry, the trace table and the events.
public struct MotionRecording: Sendable {
    public let scene: Scene
    /// One display list per tick, index = tick.
    public let frames: [DisplayList]
    /// `labels[tick][rect]`: the id of the item (or child layer) that draws each rectangle of
    /// `frames[tick]`; nil for the background gradient, touches and the device bezel.
    public let labels: [[String?]]
    /// `states[tick][item]`, items in scene order: each top-level layer as presented (the trace's
    /// rows).
    public let states: [[ItemState]]
    public let trace: TraceTable
    /// The trace as the render writes it (`<scene>.trace.csv`): one row per item per tick.
    public let traceCSV: String
    public let events: [SimulationEvent]

    public struct ItemState: Equatable, Sendable {
        public var center: Point
        /// The item's own transform (rotation and scale about its centre).
        public var transform: Geometry.AffineTransform
        public var bounds: Size

        /// The four corners in canvas points: top-left, top-right, bottom-right, bottom-left.
        public var corners: [Point] {
            let w = bounds.width / 2
            let h = bounds.height / 2
            return [Point(-w, -h), Point(w, -h), Point(w, h), Point(-w, h)].map {
                center + transform.applyLinear(to: $0)
            }
        }

        /// The item's bounding box in canvas points.
        public var frame: Rect {
            let c = corners
            let xs = c.map(\.x)
            let ys = c.map(\.y)
            let minX = xs.min() ?? center.x
            let minY = ys.min() ?? center.y
            return Rect(x: minX, y: minY, width: (xs.max() ?? minX) - minX, height: (ys.max() ?? minY) - minY)
        }
    }

    /// Simulates `scene`. `file` names the scene in error messages.
    public init(scene: Scene, file: String = "<swift>") throws {
        let simulation = try SceneSimulation(scene: scene, file: file)
        var trace = Trace(sceneName: scene.name, fps: scene.fps)
        var frames: [DisplayList] = []
        var labels: [[String?]] = []
        var states: [[ItemState]] = []
        for record in SceneTicks(simulation, plan: FramePlan(scene: scene)).records([.labelledDrawing, .layers]) {
            frames.append(record.frame)
            labels.append(record.labels)
            states.append(
                record.topLevelLayers.map { ItemState(center: $0.center, transform: $0.transform, bounds: $0.bounds) })
            trace.record(record)
        }
        self.scene = scene
        self.frames = frames
        self.labels = labels
        self.states = states
        self.traceCSV = trace.csvContents
        self.trace = TraceTable(csv: traceCSV)
        self.events = simulation.events
    }

    public var lastTick: Int { frames.count - 1 }
    public var fps: Int { scene.fps }
    public var itemIDs: [String] { scene.items.map(\.id) }

    public func time(ofTick tick: Int) -> Double { Double(tick) / Double(scene.fps) }

    /// The tick shown at `time` seconds: the nearest whole tick.
    public func tick(atTime time: Double) throws -> Int {
        let tick = Int((time * Double(scene.fps)).rounded())
        guard tick >= 0, tick <= lastTick else {
            throw FigureError.timeOutOfRange(time, duration: self.time(ofTick: lastTick))
        }
        return tick
    }

    public func checkTick(_ tick: Int) throws {
        guard tick >= 0, tick <= lastTick else { throw FigureError.tickOutOfRange(tick, lastTick: lastTick) }
    }

    /// The index of the top-level item `id`. A child layer, named by its id or by the dotted
    /// path of ids from the top (`card.heart`), is a `childLayer` error naming its top-level item.
    public func itemIndex(_ id: String) throws -> Int {
        if let index = scene.items.firstIndex(where: { $0.id == id }) { return index }
        if let layers = Self.layerChain(to: id, in: scene.items, above: []) {
            throw FigureError.childLayer(id, layers: layers)
        }
        throw FigureError.unknownItem(id, available: itemIDs)
    }

    /// The id the trace records a layer under, for `id` naming a top-level item, a child layer by
    /// its own id, or a child by the dotted path of ids from the top (`card.heart`): the trace has
    /// a row per layer per tick, so plots follow any of them. Unknown ids list the top-level items.
    public func traceID(_ id: String) throws -> String {
        if scene.items.contains(where: { $0.id == id }) { return id }
        if let layers = Self.layerChain(to: id, in: scene.items, above: []), let own = layers.last { return own }
        throw FigureError.unknownItem(id, available: itemIDs)
    }

    /// The ids from a top-level item down to the layer whose id is `id`, or whose ancestors' and
    /// own ids joined by dots are `id`; depth first, in scene order.
    static func layerChain(to id: String, in items: [Item], above: [String]) -> [String]? {
        for item in items {
            let chain = above + [item.id]
            if item.id == id || chain.joined(separator: ".") == id { return chain }
            if let found = layerChain(to: id, in: item.children, above: chain) { return found }
        }
        return nil
    }

    /// The union of the items' bounding boxes at `ticks`, in canvas points.
    public func motionBounds(ticks: [Int], items: [Int]? = nil) -> Rect {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for tick in ticks {
            for (index, state) in states[tick].enumerated() where items?.contains(index) ?? true {
                let f = state.frame
                minX = min(minX, f.origin.x)
                minY = min(minY, f.origin.y)
                maxX = max(maxX, f.origin.x + f.size.width)
                maxY = max(maxY, f.origin.y + f.size.height)
            }
        }
        guard minX.isFinite else { return Rect(origin: .zero, size: scene.canvas.size) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// The trace CSV (`Trace.csvContents`) as columns: what plots read, so any column a trace gains
/// can be plotted without this module changing.
public struct TraceTable: Equatable, Sendable {
    public let columns: [String]
    /// Rows as written, split at commas.
    public let rows: [[String]]

    public init(csv: String) {
        var lines = csv.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        columns =
            lines.isEmpty
            ? [] : lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        rows = lines.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Numeric columns (everything but tick and item).
    public var valueColumns: [String] { columns.filter { $0 != "tick" && $0 != "item" && $0 != "time" } }

    /// (time, value) for one item and column, in tick order, parsed from the trace's text.
    public func series(item: String, column: String) -> [Point]? {
        guard let itemColumn = columns.firstIndex(of: "item"), let timeColumn = columns.firstIndex(of: "time"),
            let valueColumn = columns.firstIndex(of: column)
        else { return nil }
        return rows.compactMap { row in
            guard row.count > max(valueColumn, timeColumn, itemColumn), row[itemColumn] == item,
                let t = Double(row[timeColumn]), let v = Double(row[valueColumn])
            else { return nil }
            return Point(t, v)
        }
    }
}
