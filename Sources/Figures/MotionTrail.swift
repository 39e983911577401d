import Foundation
import Geometry
import Raster

/// Each item's path over the frame it ends on: the centre's track (and optionally the four
/// corners') from tick 0 to the shown tick, with a marker every k ticks.
public enum MotionTrail {
    public struct Options: Sendable {
        /// The frame under the trails, and where they end; nil: the last tick.
        public var tick: Int?
        /// Marker spacing in ticks, ≥ 1.
        public var markerEvery: Int
        public var corners: Bool
        /// Items to trace; nil: every item whose centre moves more than 1 pt.
        public var items: [String]?
        /// Opacity of the frame under the trails, (0, 1]: lower makes the trails stand out.
        public var frameOpacity: Double
        public var viewport: FrameViewport
        public var title: String?

        public init(
            tick: Int? = nil, markerEvery: Int = 10, corners: Bool = false, items: [String]? = nil,
            frameOpacity: Double = 0.5, viewport: FrameViewport, title: String? = nil
        ) {
            self.tick = tick
            self.markerEvery = markerEvery
            self.corners = corners
            self.items = items
            self.frameOpacity = frameOpacity
            self.viewport = viewport
            self.title = title
        }
    }

    /// Items whose centre travels more than 1 pt in total before `tick`.
    public static func movingItems(_ recording: MotionRecording, through tick: Int) -> [Int] {
        recording.scene.items.indices.filter { index in
            var length = 0.0
            for t in stride(from: 1, through: tick, by: 1) {
                length += recording.states[t][index].center.distance(to: recording.states[t - 1][index].center)
            }
            return length > 1
        }
    }

    public static func document(_ recording: MotionRecording, options: Options, fonts: FontBook) throws
        -> FigureDocument
    {
        guard options.markerEvery >= 1 else {
            throw FigureError.invalidRequest("--markers-every must be at least 1, got \(options.markerEvery)")
        }
        let end = options.tick ?? recording.lastTick
        try recording.checkTick(end)
        let items = try options.items.map { try $0.map(recording.itemIndex) } ?? movingItems(recording, through: end)
        let viewport = options.viewport
        let top = Theme.margin + (options.title == nil ? 0 : 26)
        let frameWidth = Double(viewport.pixelWidth)
        let frameHeight = Double(viewport.pixelHeight)
        let interval = Theme.format(Double(options.markerEvery) / Double(recording.fps), decimals: 3)
        let caption = "ticks 0–\(end) · dot every \(options.markerEvery) ticks (\(interval) s) · ring: start"
        let width =
            max(frameWidth, (try fonts.font(Theme.labelSize).width(of: caption)).rounded(.up)) + 2 * Theme.margin
        let height = top + frameHeight + 46 + Theme.margin - 4
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
                    list: recording.viewportList(viewport, layers: [(end, options.frameOpacity, nil)]))))
        document.append(
            .shape(
                .box(
                    x: Theme.margin - 1, y: top - 1, width: frameWidth + 2, height: frameHeight + 2,
                    fill: .clear, borderWidth: 1, borderColor: Theme.rule)))
        // Canvas points → figure pixels; the polylines keep canvas points as their data. Paths and
        // markers are clipped to the frame: a path that starts off the canvas would otherwise run
        // across the title or the caption.
        let toFigure = viewport.pointTransform.concatenating(AffineTransform(translationX: Theme.margin, y: top))
        let frameClip = Rect(x: Theme.margin, y: top, width: frameWidth, height: frameHeight)
        var legendX = Theme.margin
        let legendY = top + frameHeight + 20
        for (n, index) in items.enumerated() {
            let color = Theme.seriesColor(n)
            let id = recording.scene.items[index].id
            appendPaths(
                of: index, id: id, color: color, recording: recording, through: end, options: options,
                toFigure: toFigure, clip: frameClip, to: &document)
            document.append(
                .shape(
                    .segment(
                        from: Point(legendX, legendY - 4), to: Point(legendX + 16, legendY - 4), width: 2, color: color)
                ))
            document.append(
                .text(TextLabel(id, at: Point(legendX + 22, legendY), size: Theme.labelSize, color: Theme.ink)))
            legendX += 22 + 18 + (try fonts.font(Theme.labelSize).width(of: id))
        }
        document.append(
            .text(
                TextLabel(
                    caption, at: Point(Theme.margin, legendY + 17), size: Theme.labelSize,
                    color: Theme.secondaryInk)))
        return document
    }

    /// One item's path: its corners' paths (light) when asked, its centre's path, and a marker
    /// every `markerEvery` ticks (a ring at the start), clipped to the frame.
    static func appendPaths(
        of index: Int, id: String, color: ColorRGBA8, recording: MotionRecording, through end: Int,
        options: Options, toFigure: AffineTransform, clip frameClip: Rect, to document: inout FigureDocument
    ) {
        let states = recording.states[0...end]
        if options.corners {
            let light = color.mixed(toward: Theme.paper, amount: 0.45)
            for corner in 0..<4 {
                var line = Polyline(
                    points: states.map { $0[index].corners[corner] }, transform: toFigure,
                    width: 1, color: light,
                    attributes: [("data-item", id), ("data-path", "corner\(corner)")])
                line.clip = frameClip
                document.append(.polyline(line))
            }
        }
        let centres = states.map { $0[index].center }
        var path = Polyline(
            points: centres, transform: toFigure, width: 2, color: color,
            attributes: [("data-item", id), ("data-path", "center")])
        path.clip = frameClip
        document.append(.polyline(path))
        for tick in stride(from: 0, through: end, by: options.markerEvery) {
            let p = toFigure.apply(to: centres[tick])
            var marker = DrawRect.disc(
                center: p, diameter: tick == 0 ? 9 : 7, fill: tick == 0 ? Theme.paper : color,
                borderWidth: tick == 0 ? 2 : 1.5, borderColor: tick == 0 ? color : Theme.paper)
            marker.clips = [frameClip.clipShape]
            document.append(.shape(marker))
        }
    }
}
