import Foundation
import Geometry
import Raster

/// Frames over one another in one viewport: every k-th tick as a faded ghost, the reference tick
/// on top at full opacity; ghosts fade with their distance from the reference, and past and
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

        public init(
            reference: Int? = nil, every: Int = 6, nearestOpacity: Double = 0.6, farthestOpacity: Double = 0.2,
            pastTint: ColorRGBA8? = nil, futureTint: ColorRGBA8? = nil, viewport: FrameViewport, title: String? = nil
        ) {
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
        let farthest = max(past.map { reference - $0 }.max() ?? 0, future.map { $0 - reference }.max() ?? 0)
        func opacity(_ tick: Int) -> Double {
            // Linear in the distance: the nearest ghost (one step away) gets nearestOpacity, the
            // farthest gets farthestOpacity.
            let distance = Double(abs(tick - reference))
            let step = Double(options.every)
            guard Double(farthest) > step else { return options.nearestOpacity }
            let u = (distance - step) / (Double(farthest) - step)
            return options.nearestOpacity + (options.farthestOpacity - options.nearestOpacity) * u
        }
        // Farthest first, so nearer ghosts and the reference lie on top.
        var layers: [(tick: Int, opacity: Double, tint: ColorRGBA8?)] = []
        let ordered = (past.map { ($0, options.pastTint) } + future.map { ($0, options.futureTint) })
            .sorted { (abs($0.0 - reference), $0.0) > (abs($1.0 - reference), $1.0) }
        for (tick, tint) in ordered { layers.append((tick, opacity(tick), tint)) }
        layers.append((reference, 1, nil))

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
                PlacedFrame(x: Int(Theme.margin), y: Int(top), list: recording.viewportList(viewport, layers: layers))))
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
}
