import Foundation
import Geometry
import Raster
import SceneModel

/// Frames over one another in one viewport: the reference tick drawn whole, and every k-th tick's
/// moving items as faded ghosts slipped in just under the reference's first moving item, so an
/// opaque screen (a light interface's background, a card behind) never hides them and the
/// moving items lie on top. Ghosts fade with their distance from the reference, and past and
/// future ghosts can be tinted apart.
public enum OnionSkin {
    public struct Options: Sendable {
        /// The tick drawn solid; nil: the last.
        public var reference: Int?
        /// Ghost spacing in ticks, ≥ 1. Ghosts sit at 0, k, 2k, … (and the reference itself).
        public var every: Int
        /// Opacity of the nearest and the farthest ghost, in (0, 1]; in between they fade linearly.
        public var nearestOpacity: Double
        public var farthestOpacity: Double
        /// Colours that ghosts before / after the reference are mixed halfway toward; nil: none.
        public var pastTint: ColorRGBA8?
        public var futureTint: ColorRGBA8?
        public var viewport: FrameViewport
        public var title: String?
        /// Top-level item ids to ghost; nil: every top-level item whose layers differ at some
        /// ghost tick from the reference's (moved, turned, faded, recoloured, or a child that did).
        public var items: [String]?

        public init(
            reference: Int? = nil, every: Int = 6, nearestOpacity: Double = 0.6, farthestOpacity: Double = 0.2,
            pastTint: ColorRGBA8? = nil, futureTint: ColorRGBA8? = nil, viewport: FrameViewport, title: String? = nil,
            items: [String]? = nil
        ) {
            self.items = items
            self.reference = reference
            self.every = every
            self.nearestOpacity = nearestOpacity
            self.farthestOpacity = farthestOpacity
            self.pastTint = pastTint
            self.futureTint = futureTint
            self.viewport = viewport
            self.title = title
        }
    }

    /// The ghost ticks for a reference: every k-th tick except the reference, nearest last.
    public static func ghostTicks(reference: Int, every: Int, lastTick: Int) -> (past: [Int], future: [Int]) {
        let all = stride(from: 0, through: lastTick, by: every).filter { $0 != reference }
        return (all.filter { $0 < reference }, all.filter { $0 > reference })
    }

    public static func document(_ recording: MotionRecording, options: Options, fonts: FontBook) throws
        -> FigureDocument
    {
        guard options.every >= 1 else {
            throw FigureError.invalidRequest("--every must be at least 1, got \(options.every)")
        }
        let reference = options.reference ?? recording.lastTick
        try recording.checkTick(reference)
        let (past, future) = ghostTicks(reference: reference, every: options.every, lastTick: recording.lastTick)
        let distances = (past + future).map { abs($0 - reference) }
        let (nearest, farthest) = (distances.min() ?? 0, distances.max() ?? 0)
        func opacity(_ tick: Int) -> Double {
            // Linear in the distance: the nearest ghost gets nearestOpacity, the farthest
            // farthestOpacity (the nearest may be less than a step away, when the reference is
            // not on the ghosts' grid).
            let distance = abs(tick - reference)
            guard farthest > nearest else { return options.nearestOpacity }
            let u = Double(distance - nearest) / Double(farthest - nearest)
            return options.nearestOpacity + (options.farthestOpacity - options.nearestOpacity) * u
        }
        // Farthest first, so nearer ghosts lie on top.
        var ghostLayers: [(tick: Int, opacity: Double, tint: ColorRGBA8?)] = []
        let ordered = (past.map { ($0, options.pastTint) } + future.map { ($0, options.futureTint) })
            .sorted { (abs($0.0 - reference), $0.0) > (abs($1.0 - reference), $1.0) }
        for (tick, tint) in ordered { ghostLayers.append((tick, opacity(tick), tint)) }
        let ghosted =
            try options.items.map { ids in Set(try ids.map(recording.itemIndex)) }
            ?? changingItems(recording, reference: reference, ticks: past + future)

        let viewport = options.viewport
        let top = Theme.margin + (options.title == nil ? 0 : 26)
        let ghosts = (past + future).sorted()
        var caption = "solid: tick \(reference) (\(Theme.format(recording.time(ofTick: reference), decimals: 3)) s)"
        if let first = ghosts.first, let last = ghosts.last {
            caption += " · ghosts every \(options.every) ticks, \(first)–\(last)"
        }
        let width =
            max(Double(viewport.pixelWidth), (try fonts.font(Theme.labelSize).width(of: caption)).rounded(.up)) + 2
            * Theme.margin
        let height = top + Double(viewport.pixelHeight) + 30 + Theme.margin - 4
        var document = FigureDocument(
            width: Int(width.rounded(.up)), height: Int(height.rounded(.up)), background: Theme.paper)
        if let title = options.title {
            document.append(
                .text(
                    TextLabel(
                        title, at: Point(Theme.margin, Theme.margin + 14), size: Theme.titleSize, color: Theme.ink)))
        }
        document.append(
            .frame(
                PlacedFrame(
                    x: Int(Theme.margin), y: Int(top),
                    list: onionList(
                        recording, viewport: viewport, reference: reference, ghosts: ghostLayers, items: ghosted))))
        document.append(
            .shape(
                .box(
                    x: Theme.margin - 1, y: top - 1, width: Double(viewport.pixelWidth) + 2,
                    height: Double(viewport.pixelHeight) + 2, fill: .clear, borderWidth: 1, borderColor: Theme.rule)))
        document.append(
            .text(
                TextLabel(
                    caption, at: Point(Theme.margin, top + Double(viewport.pixelHeight) + 20),
                    size: Theme.labelSize, color: Theme.secondaryInk)))
        return document
    }

    /// The top-level item each rectangle of each frame belongs to (nil: background, touches,
    /// bezel), read from the recording's labels with one id → top-level index map.
    static func owners(_ recording: MotionRecording) -> [[Int?]] {
        var top: [String: Int] = [:]
        func mark(_ items: [Item], as index: Int) {
            for item in items {
                top[item.id] = index
                mark(item.children, as: index)
            }
        }
        for (index, item) in recording.scene.items.enumerated() { mark([item], as: index) }
        return recording.labels.map { frame in frame.map { $0.flatMap { top[$0] } } }
    }

    /// Top-level items whose rectangles at some of `ticks` differ from those at `reference`.
    static func changingItems(_ recording: MotionRecording, reference: Int, ticks: [Int]) -> Set<Int> {
        let owners = owners(recording)
        func rects(at tick: Int) -> [Int: [DrawRect]] {
            var byItem: [Int: [DrawRect]] = [:]
            for (rect, owner) in zip(recording.frames[tick].figureRects, owners[tick]) {
                if let owner { byItem[owner, default: []].append(rect) }
            }
            return byItem
        }
        let solid = rects(at: reference)
        var changing = Set<Int>()
        for tick in ticks {
            let drawn = rects(at: tick)
            for (item, its) in drawn where solid[item] != its { changing.insert(item) }
            for item in solid.keys where drawn[item] == nil { changing.insert(item) }
        }
        return changing
    }

    /// The reference frame whole, with the ghosts of `items` drawn just before its first
    /// rectangle of those items (or after its last item, under touches and the bezel, when none
    /// is drawn there).
    static func onionList(
        _ recording: MotionRecording, viewport: FrameViewport, reference: Int,
        ghosts: [(tick: Int, opacity: Double, tint: ColorRGBA8?)], items: Set<Int>
    ) -> DisplayList {
        let view = viewport.listTransform(canvasScale: recording.scene.canvas.scale)
        var list = DisplayList(
            width: viewport.pixelWidth, height: viewport.pixelHeight,
            background: recording.scene.canvas.background)
        let solid = recording.frames[reference].figureRects
        let owners = owners(recording)
        let solidOwners = owners[reference]
        // Touches and the bezel, unlabelled, come after every item: ghosts stay under them.
        let afterItems = solidOwners.lastIndex { $0 != nil }.map { $0 + 1 } ?? solid.count
        let insertAt = solidOwners.firstIndex { $0.map(items.contains) ?? false } ?? afterItems
        list.rects += solid[..<insertAt].map { $0.placed(by: view) }
        for ghost in ghosts {
            for (rect, owner) in zip(recording.frames[ghost.tick].figureRects, owners[ghost.tick])
            where owner.map(items.contains) ?? false {
                list.rects.append(rect.placed(by: view, opacity: ghost.opacity, tint: ghost.tint))
            }
        }
        list.rects += solid[insertAt...].map { $0.placed(by: view) }
        return list
    }
}
