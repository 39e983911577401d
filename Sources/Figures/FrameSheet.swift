import Foundation
import Geometry
import Raster

/// Contact sheets and filmstrips: frames at chosen ticks side by side in a grid, each labelled
/// with its tick and time. A filmstrip is a contact sheet with one row.
public enum FrameSheet {
    public struct Options: Sendable {
        /// The ticks shown, in order; each in 0...lastTick.
        public var ticks: [Int]
        /// Frames per row, ≥ 1; a filmstrip uses `ticks.count`.
        public var columns: Int
        /// What part of the canvas each frame shows, and at what size.
        public var viewport: FrameViewport
        /// Text above the sheet; nil for none.
        public var title: String?

        public init(ticks: [Int], columns: Int, viewport: FrameViewport, title: String? = nil) {
            self.ticks = ticks
            self.columns = columns
            self.viewport = viewport
            self.title = title
        }
    }

    /// Gap between frames, in figure pixels.
    static let gap = 12.0
    /// Space under each frame for its label.
    static let labelBand = 22.0

    public static func document(_ recording: MotionRecording, options: Options) throws -> FigureDocument {
        guard !options.ticks.isEmpty else {
            throw FigureError.invalidRequest("no frames chosen; give --ticks, --times or --every")
        }
        guard options.columns >= 1 else {
            throw FigureError.invalidRequest("columns must be at least 1, got \(options.columns)")
        }
        for tick in options.ticks { try recording.checkTick(tick) }
        let viewport = options.viewport
        let columns = min(options.columns, options.ticks.count)
        let rows = (options.ticks.count + columns - 1) / columns
        let cellWidth = Double(viewport.pixelWidth)
        let cellHeight = Double(viewport.pixelHeight)
        let top = Theme.margin + (options.title == nil ? 0 : 26)
        let width = 2 * Theme.margin + Double(columns) * cellWidth + Double(columns - 1) * gap
        let height = top + Double(rows) * (cellHeight + labelBand) + Double(rows - 1) * gap + Theme.margin - 4
        var document = FigureDocument(
            width: Int(width.rounded(.up)), height: Int(height.rounded(.up)), background: Theme.paper)
        if let title = options.title {
            document.append(
                .text(
                    TextLabel(
                        title, at: Point(Theme.margin, Theme.margin + 14), size: Theme.titleSize, color: Theme.ink)))
        }
        for (index, tick) in options.ticks.enumerated() {
            let x = Theme.margin + Double(index % columns) * (cellWidth + gap)
            let y = top + Double(index / columns) * (cellHeight + labelBand + gap)
            let list = recording.viewportList(viewport, layers: [(tick, 1, nil)])
            document.append(.frame(PlacedFrame(x: Int(x), y: Int(y), list: list)))
            // A hairline just outside the frame separates it from the paper.
            document.append(
                .shape(
                    .box(
                        x: x - 1, y: y - 1, width: cellWidth + 2, height: cellHeight + 2,
                        fill: .clear, borderWidth: 1, borderColor: Theme.rule)))
            let label = "tick \(tick) · \(Theme.format(recording.time(ofTick: tick), decimals: 3)) s"
            document.append(
                .text(
                    TextLabel(
                        label, at: Point(x + cellWidth / 2, y + cellHeight + 16),
                        size: Theme.labelSize, color: Theme.secondaryInk, anchor: .middle)))
        }
        return document
    }
}
