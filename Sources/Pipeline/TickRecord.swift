import Geometry
import Raster

/// One tick as the scene presents it, taken once: what the frame draws, and the state of every
/// presented layer with the tick's animators and events.
///
/// This is the only per-tick recording. The render draws its display list and streams its layers
/// to the trace files; figures keep every tick's record (`MotionRecording`); SVG frames draw
/// theirs; the Lottie export reads each rectangle's layer from its labels. The player reads the
/// trace files the render wrote from these records, so it works for resumed and sharded renders.
///
/// What a record holds is chosen when it is taken (`Parts`), so a render without a trace pays
/// nothing for layer rows and a replayed tick nothing for drawing.
public struct TickRecord: Sendable {
    /// The parts a record is taken with.
    public struct Parts: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The display list (`displayList`).
        public static let drawing = Parts(rawValue: 1 << 0)
        /// The display list with the layer that draws each rectangle (`labels`).
        public static let labelledDrawing: Parts = [.drawing, Parts(rawValue: 1 << 1)]
        /// Every presented layer (`layers`), the property animators and the events.
        public static let layers = Parts(rawValue: 1 << 2)
    }

    /// What the record was taken with.
    public let parts: Parts
    public let tick: Int
    /// Seconds a tick lasts (1 / fps).
    public let tickInterval: Double
    /// Seconds since the scene's start.
    public var time: Double { Double(tick) * tickInterval }
    /// What the frame draws; nil when taken without `.drawing`.
    public var displayList: DisplayList?
    /// `labels[i]`: the id of the layer that draws `displayList.rects[i]` (nil for the background
    /// gradient, touches and the device bezel); empty unless taken with `.labelledDrawing`.
    public let labels: [String?]
    /// Every presented layer: each top-level item in scene order, followed by its descendants
    /// depth first in drawing order; empty unless taken with `.layers`.
    public let layers: [TracedLayer]
    /// Each property animator's `fractionComplete` and state, in declaration order.
    public let animators: [(id: String, fractionComplete: Double, state: String)]
    /// The dynamic animator's `elapsedTime`, s.
    public let elapsedTime: Double
    /// Every event up to this tick, in order: the simulation's log, which a consumer reads on from
    /// where it stopped.
    public let events: [SimulationEvent]
    /// Scene-wide facts that decide the trace's columns: scroll views' content columns, and the
    /// 3-D columns of a scene with depth.
    public let hasScrollViews: Bool
    public let hasDepth: Bool
    /// The colour columns of a scene that animates colours (`SceneSimulation.colorColumns`).
    public let colorColumns: [String]

    /// The display list of a record taken with `.drawing`.
    public var frame: DisplayList {
        guard let displayList else { preconditionFailure("a record taken without .drawing has no frame") }
        return displayList
    }

    /// The top-level items' rows, in scene order (one per item).
    public var topLevelLayers: [TracedLayer] { layers.filter { $0.parent == nil } }
}

extension SceneSimulation {
    /// The record of the current tick, with `parts`.
    public func record(_ parts: TickRecord.Parts) -> TickRecord {
        var list: DisplayList?
        var labels: [String?] = []
        if parts.contains(.labelledDrawing) {
            (list, labels) = labelledDisplayList()
        } else if parts.contains(.drawing) {
            list = displayList()
        }
        var layers: [TracedLayer] = []
        if parts.contains(.layers) {
            layers = tracedLayers()
            for i in layers.indices { layers[i].text = textSummary(of: layers[i].id) }
        }
        return TickRecord(
            parts: parts, tick: tick, tickInterval: tickInterval, displayList: list, labels: labels, layers: layers,
            animators: parts.contains(.layers) ? animatorFractions : [], elapsedTime: animator.elapsedTime,
            events: events, hasScrollViews: hasScrollViews, hasDepth: hasDepth,
            colorColumns: colorColumns)
    }
}

extension SceneTicks {
    /// The run's ticks as records with `parts`, one per tick.
    public consuming func records(_ parts: TickRecord.Parts) -> Records { Records(ticks: self, parts: parts) }

    /// `SceneTicks.records(_:)`: each tick's record, taken as the run reaches it.
    public struct Records: Sequence, IteratorProtocol {
        var ticks: SceneTicks
        let parts: TickRecord.Parts

        public mutating func next() -> TickRecord? {
            guard ticks.next() != nil else { return nil }
            return ticks.simulation.record(parts)
        }
    }
}
