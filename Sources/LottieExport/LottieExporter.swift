import Geometry
import Pipeline
import Raster
import SceneModel

/// Something of a scene that Lottie cannot show as Flipbook draws it, exported as the closest
/// equivalent: the layer (its item id) and what was done.
public struct LottieExportWarning: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var layer: String
    public var message: String
    public var description: String { "\(layer): \(message)" }
}

/// `flipbook export --format lottie`: a scene's motion as a Lottie (Bodymovin) document.
///
/// The scene runs through `SceneTicks` as a render does; every tick's display list is read back
/// into one Lottie shape layer per drawn rectangle (its item's id), with the rectangle's
/// transform, body, border, content and clips as properties. Each property's per-tick values
/// are then reduced to cubic-eased keyframes within stated tolerances (`Tolerance`), so an item
/// at rest costs one keyframe and a spring about one per half swing.
public struct LottieExport: Sendable {
    public let document: LottieJSON
    public let warnings: [LottieExportWarning]
    /// Ticks exported (Lottie frames 0 ..< frameCount, at the scene's fps).
    public let frameCount: Int
    /// Keyframes of the animated properties, and what one keyframe per tick for each of them
    /// would take (constants are one value either way, in neither count).
    public let keyframes: Int
    public let keyframesAtEveryTick: Int
    public let layerCount: Int

    /// A file's size over the layers' time on screen, in bytes per layer-second: what motion
    /// costs regardless of a scene's length and crowd (a layer at rest costs its constants once,
    /// so a long settled tail lowers it). `bytes`: the file's (the document's JSON by default).
    public func bytesPerLayerSecond(fps: Int, bytes: Int? = nil) -> Double {
        let layerSeconds = Double(layerCount) * Double(frameCount) / Double(fps)
        return layerSeconds > 0 ? Double(bytes ?? document.text.utf8.count) / layerSeconds : 0
    }

    /// How far a keyframe curve may stray from the simulated value at a tick.
    public enum Tolerance {
        public static let position = 0.05
        public static let angle = 0.01
        /// Scale in percent: 0.01 % is 0.05 pt on a 500-pt layer.
        public static let scale = 0.01
        /// Opacity in percent, 1/512 of full.
        public static let opacity = 100.0 / 512
        public static let color = 1.0 / 512
    }

    public static func export(_ scene: Scene, file: String = "<swift>") throws -> LottieExport {
        let simulation = try SceneSimulation(scene: scene, file: file)
        var recorder = LayerRecorder(
            scale: scene.canvas.scale, hasDeviceFrame: DeviceFrame.rect(for: scene.canvas) != nil)
        for record in SceneTicks(simulation, plan: FramePlan(scene: scene)).records([.labelledDrawing, .layers]) {
            recorder.record(record.frame, labels: record.labels, tick: record.tick)
            recorder.recordParents(record.layers.map { ($0.id, $0.parent) })
        }
        return try LottieDocumentWriter(scene: scene, recorder: recorder).export()
    }
}

/// Every tick's rectangles, gathered by identity: a rectangle is the n-th one its item draws
/// on a tick (`card`, `card#1`, …); unlabelled ones are named for what they are by their place:
/// `background` before the items, `touch` after them, and `device frame` last (so a touch that
/// comes and goes does not take the bezel's name for a tick).
struct LayerRecorder {
    let scale: Double
    let hasDeviceFrame: Bool
    /// Identities in drawing order (bottom first), as first seen.
    var order: [String] = []
    var samples: [String: [Int: RectSample]] = [:]
    var backgrounds: [[Double]] = []
    var warnings: [LottieExportWarning] = []
    private var warned: Set<LottieExportWarning> = []
    var ticks = 0
    var orderChanged = false
    /// Groups exported as precomps (`CALayer` group opacity and `mask`), by the identity of the
    /// layer that owns them (their first rectangle): their members, their mask's layers and their
    /// opacity on each tick they exist.
    var groups: [String: GroupSample] = [:]
    /// Each item's parent item (Lottie parenting); nil for one whose parent changes over time.
    var parents: [String: String?] = [:]

    struct GroupSample {
        var members: Set<String> = []
        /// The layers of the group's mask (`CALayer.mask`): a matte over the members.
        var matte: Set<String> = []
        var opacity: [Int: Double] = [:]
    }

    /// Whether a group is exported as a precomp at its opacity: one in the plane, composited
    /// over (not a transition's added look), of more than its owner's rectangle or masked.
    static func isPrecomp(_ group: DrawGroup) -> Bool {
        group.projection == nil && !group.adds && (group.rects.count > 1 || group.mask != nil)
    }

    init(scale: Double, hasDeviceFrame: Bool) {
        self.scale = scale
        self.hasDeviceFrame = hasDeviceFrame
    }

    /// The name of unlabelled rect `index` of a tick whose labelled rects span `labelled`.
    private func role(of index: Int, count: Int, labelled: ClosedRange<Int>?) -> String {
        if hasDeviceFrame, index == count - 1 { return "device frame" }
        guard let labelled, index > labelled.upperBound else {
            return labelled == nil && index > 0 ? "touch" : "background"
        }
        return "touch"
    }

    mutating func warn(_ layer: String, _ message: String) {
        let warning = LottieExportWarning(layer: layer, message: message)
        if warned.insert(warning).inserted { warnings.append(warning) }
    }

    mutating func record(_ list: DisplayList, labels: [String?], tick: Int) {
        ticks = tick + 1
        backgrounds.append(RectSample.color(list.background))
        noteGroups(list, labels: labels)
        let rects = list.flattened(keepingProjected: true, keepingGroups: Self.isPrecomp)
        let placements = list.projectedPlacements
        var ids = [String?](repeating: nil, count: rects.count)
        var seen: [String: Int] = [:]
        var previous: String?
        let labelledIndexes = labels.indices.filter { labels[$0] != nil }
        let labelled = labelledIndexes.first.map { $0...labelledIndexes.last! }
        for (index, rect) in rects.enumerated() {
            let base = labels[index] ?? role(of: index, count: rects.count, labelled: labelled)
            let occurrence = seen[base, default: 0]
            seen[base] = occurrence + 1
            let id = occurrence == 0 ? base : "\(base)#\(occurrence)"
            var notes: [String] = []
            guard let sample = RectSample(rect, scale: scale, placement: placements[index], note: { notes.append($0) })
            else { continue }
            for note in notes { warn(id, note) }
            place(id, after: previous)
            previous = id
            samples[id, default: [:]][tick] = sample
            ids[index] = id
        }
        recordGroups(list, ids: ids, tick: tick)
    }

    /// Notes each layer's parent on a tick: the first one seen, or nil once it changes.
    mutating func recordParents(_ layers: [(id: String, parent: String?)]) {
        for (id, parent) in layers {
            guard let parent else { continue }
            if let known = parents[id], known != parent {
                parents[id] = .some(nil)
            } else if parents[id] == nil {
                parents[id] = parent
            }
        }
    }

    /// Puts a new identity into the drawing order right above the one drawn before it on this
    /// tick; a known one found below its predecessor means the order changed over time.
    private mutating func place(_ id: String, after previous: String?) {
        let position = order.firstIndex(of: id)
        let previousPosition = previous.flatMap { order.firstIndex(of: $0) }
        if let position {
            if let previousPosition, previousPosition > position, !orderChanged {
                orderChanged = true
                warn(
                    id,
                    "the drawing order changes over time (zPosition or a reordering); Lottie keeps one order, the first"
                )
            }
            return
        }
        order.insert(id, at: previousPosition.map { $0 + 1 } ?? 0)
    }

    private mutating func recordGroups(_ list: DisplayList, ids: [String?], tick: Int) {
        for group in list.groups where Self.isPrecomp(group) {
            let members = group.rects.clamped(to: ids.indices).compactMap { ids[$0] }
            guard let owner = members.first else { continue }
            groups[owner, default: GroupSample()].members.formUnion(members)
            if let mask = group.mask {
                groups[owner, default: GroupSample()].matte.formUnion(
                    mask.clamped(to: ids.indices).compactMap { ids[$0] })
            }
            groups[owner, default: GroupSample()].opacity[tick] = RectSample.unit(group.opacity)
        }
    }

    private mutating func noteGroups(_ list: DisplayList, labels: [String?]) {
        for group in list.groups {
            let layer =
                labels.indices.contains(group.rects.lowerBound)
                ? labels[group.rects.lowerBound] ?? "unlabelled" : "unlabelled"
            if group.blur > 0 { warn(layer, "its layer blur is not exported") }
            if group.filter != nil { warn(layer, "its icon's SVG filter is not exported") }
            if group.blendMode != .normal {
                warn(layer, "its icon's mix-blend-mode \(group.blendMode.rawValue) is not exported: it draws as normal")
            }
            if group.mask != nil, !Self.isPrecomp(group) {
                warn(layer, "its mask layer is not exported in perspective or a transition: the content shows unmasked")
            }
            if group.projection != nil {
                warn(layer, "its perspective is exported as the projection's affine part at its centre (Lottie is 2-D)")
            }
        }
    }
}
