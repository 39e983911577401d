import Foundation
import Geometry
import Pipeline
import Raster

/// A value that a plot can show: a trace column (or one derived from columns), its name on the
/// axis, its unit, and the factor from trace units to axis units.
public struct PlotQuantity: Equatable, Sendable {
    /// The name users give (`--value x`).
    public let name: String
    /// The trace column, or nil for a derived quantity.
    public let column: String?
    public let axisTitle: String
    /// Axis units per trace unit (180/π for an angle traced in radians and shown in degrees).
    public let factor: Double

    /// The quantities with names of their own; any other trace column is plotted as it is.
    public static let named: [PlotQuantity] = [
        PlotQuantity(name: "x", column: "center_x", axisTitle: "x (pt)", factor: 1),
        PlotQuantity(name: "y", column: "center_y", axisTitle: "y (pt; larger is lower on the screen)", factor: 1),
        PlotQuantity(name: "width", column: "frame_width", axisTitle: "frame width (pt)", factor: 1),
        PlotQuantity(name: "height", column: "frame_height", axisTitle: "frame height (pt)", factor: 1),
        PlotQuantity(name: "angle", column: "angle_rad", axisTitle: "angle (°)", factor: 180 / .pi),
        PlotQuantity(name: "scale", column: "scale_x", axisTitle: "scale (×)", factor: 1),
        PlotQuantity(name: "velocity", column: nil, axisTitle: "speed (pt/s)", factor: 1),
    ]

    /// A named quantity or a column of `table`.
    public static func resolve(_ name: String, in table: TraceTable) throws -> PlotQuantity {
        if let known = named.first(where: { $0.name == name }) { return known }
        if table.valueColumns.contains(name) {
            return PlotQuantity(
                name: name, column: name, axisTitle: name.replacingOccurrences(of: "_", with: " "), factor: 1)
        }
        throw FigureError.unknownValue(name, available: named.map(\.name) + table.valueColumns)
    }

    /// (time, value in trace units) per tick for one item. Velocity is the speed of the centre by
    /// backward difference of the traced centres, |c(t) − c(t − 1)|·fps, 0 at tick 0.
    public func samples(item: String, in table: TraceTable, fps: Int) -> [Point] {
        if let column { return table.series(item: item, column: column) ?? [] }
        let xs = table.series(item: item, column: "center_x") ?? []
        let ys = table.series(item: item, column: "center_y") ?? []
        return xs.indices.map { i in
            guard i > 0 else { return Point(xs[i].x, 0) }
            let dx = xs[i].y - xs[i - 1].y
            let dy = ys[i].y - ys[i - 1].y
            return Point(xs[i].x, (dx * dx + dy * dy).squareRoot() * Double(fps))
        }
    }
}

/// Values over time: one panel per quantity, sharing the time axis, one line per item (and per
/// scene, when several are compared), with dashed markers at events.
public enum Plot {
    public struct Options: Sendable {
        /// Quantity names (`x`, `y`, `angle`, ... or trace columns), one panel each.
        public var values: [String]
        /// Item ids; nil: every item that moves (or every item, if none does).
        public var items: [String]?
        /// Time range in seconds; nil: the whole recording.
        public var from: Double?
        public var to: Double?
        /// Figure width and each panel's plotting height, in pixels.
        public var width: Int
        public var panelHeight: Int
        public var title: String?
        /// Draw event markers (animator pause/resume, behaviour events).
        public var events: Bool
        /// Draw y (the screen's y, which points down) with larger values lower, so the line moves
        /// the way the item does on screen. Default false: values grow upward as in any plot.
        public var invertY = false
        /// Leave out a panel whose value never changes (over every series and the time range),
        /// keeping at least one: for the default `x,y`, where a flat panel says nothing.
        public var dropsFlatPanels = false

        public init(
            values: [String], items: [String]? = nil, from: Double? = nil, to: Double? = nil,
            width: Int = 720, panelHeight: Int = 150, title: String? = nil, events: Bool = true
        ) {
            self.values = values
            self.items = items
            self.from = from
            self.to = to
            self.width = width
            self.panelHeight = panelHeight
            self.title = title
            self.events = events
        }
    }

    static let left = 72.0
    static let right = 20.0
    static let panelGap = 34.0

    public static func document(_ recordings: [MotionRecording], options: Options, fonts: FontBook) throws
        -> FigureDocument
    {
        guard let first = recordings.first else { throw FigureError.invalidRequest("no scene to plot") }
        guard !options.values.isEmpty else {
            throw FigureError.invalidRequest("no value to plot; give --value x,y,angle,...")
        }
        var quantities = try options.values.map { try PlotQuantity.resolve($0, in: first.trace) }
        let labelFont = try fonts.font(Theme.labelSize)
        let series = try plotSeries(recordings, options: options)

        let duration = recordings.map { $0.time(ofTick: $0.lastTick) }.max() ?? 0
        let t0 = options.from ?? 0
        let t1 = options.to ?? max(duration, 1 / Double(first.fps))
        guard t1 > t0 else { throw FigureError.invalidRequest("empty time range \(t0)...\(t1) s") }
        let frame = PlotFrame(t0: t0, t1: t1, plotWidth: Double(options.width) - left - right)
        if options.dropsFlatPanels {
            let moving = quantities.filter { quantity in
                let values = series.flatMap {
                    quantity.samples(item: $0.item, in: $0.recording.trace, fps: $0.recording.fps).filter(
                        frame.inRange
                    ).map(\.y)
                }
                return (values.max() ?? 0) > (values.min() ?? 0)
            }
            quantities = moving.isEmpty ? Array(quantities.prefix(1)) : moving
        }

        var markers = options.events ? eventMarkers(recordings, from: t0, to: t1) : []
        let (anchors, rowCount) = placeInRows(&markers, frame: frame, labelFont: labelFont, width: options.width)

        // Vertical layout, top to bottom: title, legend, event label rows, panels.
        var y = Theme.margin
        if options.title != nil { y += 20 }
        let legendBaseline = y + 16
        y = legendBaseline + 10
        let markerTop = y
        y += Double(rowCount) * 16
        let panelTitleHeight = 20.0
        let panelsTop = y
        let panelHeight = Double(options.panelHeight)
        let panelsBottom =
            panelsTop + Double(quantities.count) * (panelTitleHeight + panelHeight) + Double(quantities.count - 1)
            * panelGap
        let height = panelsBottom + 44 + Theme.margin - 8
        var document = FigureDocument(width: options.width, height: Int(height.rounded(.up)), background: Theme.paper)

        if let title = options.title {
            document.append(
                .text(
                    TextLabel(
                        title, at: Point(Theme.margin, Theme.margin + 14), size: Theme.titleSize, color: Theme.ink)))
        }
        drawLegend(series, baseline: legendBaseline, labelFont: labelFont, into: &document)
        let timeAxis = AxisScale(fixed: t0, t1, targetTicks: max(3, options.width / 110))
        for (p, quantity) in quantities.enumerated() {
            let top = panelsTop + Double(p) * (panelTitleHeight + panelHeight + panelGap) + panelTitleHeight
            drawPanel(
                quantity, series: series, top: top, showsTimeLabels: p == quantities.count - 1, frame: frame,
                timeAxis: timeAxis, options: options, into: &document)
        }
        drawMarkers(markers, anchors: anchors, top: markerTop, bottom: panelsBottom, frame: frame, into: &document)
        document.append(
            .text(
                TextLabel(
                    "time (s)", at: Point(left + frame.plotWidth / 2, panelsBottom + 36), size: Theme.labelSize,
                    color: Theme.ink, anchor: .middle)))
        return document
    }

    /// Every chosen item of every scene: the items named by `--items` (child layers too), else
    /// the items that move (all, when none does).
    private static func plotSeries(_ recordings: [MotionRecording], options: Options) throws -> [PlotSeries] {
        var series: [PlotSeries] = []
        for recording in recordings {
            let ids: [String]
            let labels: [String]
            if let items = options.items {
                // Child layers too (`card.heart`): the trace records every layer.
                ids = try items.map(recording.traceID)
                labels = items
            } else {
                let moving = MotionTrail.movingItems(recording, through: recording.lastTick).map {
                    recording.scene.items[$0].id
                }
                ids = moving.isEmpty ? recording.itemIDs : moving
                labels = ids
            }
            for (id, name) in zip(ids, labels) {
                let label = recordings.count > 1 ? "\(recording.scene.name) · \(name)" : name
                series.append(
                    PlotSeries(recording: recording, item: id, label: label, color: Theme.seriesColor(series.count)))
            }
        }
        return series
    }

    /// The events of every scene in the time range, as labelled markers (row 0 until placed).
    private static func eventMarkers(_ recordings: [MotionRecording], from t0: Double, to t1: Double) -> [PlotMarker] {
        var markers: [PlotMarker] = []
        for recording in recordings {
            // The animator resuming at tick 0 is every scene's start, not an event worth a line.
            for event in recording.events where !(event.tick == 0 && event.kind == .animatorResumed) {
                let time = recording.time(ofTick: event.tick)
                guard time >= t0 - 1e-9, time <= t1 + 1e-9 else { continue }
                // Grey for the dynamic animator's own pause/resume, purple for everything a
                // behaviour or timing object reports (a `switch` would break as kinds are added).
                let isAnimator = event.kind == .animatorPaused || event.kind == .animatorResumed
                let text = (recordings.count > 1 ? "\(recording.scene.name): " : "") + event.description
                markers.append(
                    PlotMarker(time: time, text: text, color: isAnimator ? Theme.animatorEvent : Theme.behaviorEvent))
            }
        }
        return markers
    }

    /// `text` shortened to at most `width` with "…" in place of its end.
    static func truncated(_ text: String, toWidth width: Double, font: Font) -> String {
        var kept = Substring(text)
        while !kept.isEmpty, font.width(of: kept + "…") > width { kept = kept.dropLast() }
        return kept + "…"
    }

    /// Rows of event labels. A marker's line runs from its label down through every row below,
    /// so a label must overlap no label in its row, no line from a row above may cross it, and
    /// its own line may cross no label below. Labels that run left (near the right edge) are
    /// placed right to left, then labels that run right, left to right: each new label then
    /// goes below the lines it could cross. Where no row satisfies all three within as many
    /// rows as labels, the first row without an overlapping label is used.
    private static func placeInRows(
        _ markers: inout [PlotMarker], frame: PlotFrame, labelFont: Font, width: Int
    ) -> (anchors: [TextLabel.Anchor], rowCount: Int) {
        var spans: [(start: Double, end: Double, x: Double, anchor: TextLabel.Anchor)] = []
        for k in markers.indices {
            let x = frame.x(markers[k].time)
            let right = Double(width) - 8 - x
            let left = x - 8
            // A label too long for either side is cut to the wider one, its end replaced by "…"
            // (a scroll callback names its velocity and target), so no label leaves the figure.
            if labelFont.width(of: markers[k].text) > max(left, right) {
                markers[k].text = Self.truncated(markers[k].text, toWidth: max(left, right), font: labelFont)
            }
            let textWidth = labelFont.width(of: markers[k].text)
            // Labels run right of their line unless that would leave the figure.
            let anchor: TextLabel.Anchor = x + 4 + textWidth > Double(width) - 4 ? .end : .start
            let start = anchor == .start ? x - 2 : x - 4 - textWidth
            spans.append((start, start + textWidth + 10, x, anchor))
        }
        let order =
            markers.indices.filter { spans[$0].anchor == .end }.sorted { (spans[$0].x, $1) > (spans[$1].x, $0) }
            + markers.indices.filter { spans[$0].anchor == .start }.sorted { (spans[$0].x, $0) < (spans[$1].x, $1) }
        var placed: [(row: Int, start: Double, end: Double, x: Double)] = []
        for i in order {
            let (start, end, x, _) = spans[i]
            func overlaps(_ row: Int) -> Bool { placed.contains { $0.row == row && $0.start < end && start < $0.end } }
            func crossed(_ row: Int) -> Bool {
                placed.contains { p in
                    abs(p.x - x) >= 1
                        && ((p.row < row && p.x >= start - 3 && p.x <= end - 7)
                            || (p.row > row && x >= p.start - 3 && x <= p.end - 7))
                }
            }
            let row =
                (0...placed.count).first { !overlaps($0) && !crossed($0) }
                ?? (0...placed.count).first { !overlaps($0) } ?? placed.count
            placed.append((row, start, end, x))
            markers[i].row = row
        }
        return (spans.map(\.anchor), (placed.map(\.row).max() ?? -1) + 1)
    }

    /// A short line and the series label, left to right.
    private static func drawLegend(
        _ series: [PlotSeries], baseline legendBaseline: Double, labelFont: Font,
        into document: inout FigureDocument
    ) {
        // Legend: a short line and the series label, left to right.
        var legendX = left
        for s in series {
            document.append(
                .shape(
                    .segment(
                        from: Point(legendX, legendBaseline - 4), to: Point(legendX + 18, legendBaseline - 4),
                        width: 2, color: s.color)))
            document.append(
                .text(
                    TextLabel(s.label, at: Point(legendX + 24, legendBaseline), size: Theme.labelSize, color: Theme.ink)
                ))
            legendX += 24 + labelFont.width(of: s.label) + 20
        }

    }

    /// One quantity's panel: axis title, grid, tick labels, a line per series, the frame.
    private static func drawPanel(
        _ quantity: PlotQuantity, series: [PlotSeries], top: Double, showsTimeLabels: Bool, frame: PlotFrame,
        timeAxis: AxisScale, options: Options, into document: inout FigureDocument
    ) {
        let (t0, t1, plotWidth) = (frame.t0, frame.t1, frame.plotWidth)
        let panelHeight = Double(options.panelHeight)
        func xPixel(_ t: Double) -> Double { frame.x(t) }
        let bottom = top + panelHeight
        let data = series.map { s in
            quantity.samples(item: s.item, in: s.recording.trace, fps: s.recording.fps).filter(frame.inRange)
        }
        let values = data.flatMap { $0.map { $0.y * quantity.factor } }
        let axis = AxisScale(
            covering: values.min() ?? 0, values.max() ?? 1, targetTicks: max(2, options.panelHeight / 40))
        let inverted = options.invertY && quantity.name == "y"
        let title = inverted ? "y (pt; down the screen is down)" : quantity.axisTitle
        document.append(.text(TextLabel(title, at: Point(left, top - 7), size: Theme.labelSize, color: Theme.ink)))
        document.append(.shape(.box(x: left, y: top, width: plotWidth, height: panelHeight, fill: Theme.paper)))
        func yPixel(_ v: Double) -> Double {
            let fraction = (v - axis.lower) / (axis.upper - axis.lower)
            return inverted ? top + fraction * panelHeight : bottom - fraction * panelHeight
        }
        for value in axis.ticks {
            let py = yPixel(value)
            document.append(.shape(.box(x: left, y: py - 0.5, width: plotWidth, height: 1, fill: Theme.grid)))
            document.append(
                .text(
                    TextLabel(
                        axis.label(value), at: Point(left - 7, py + 4), size: Theme.tickSize,
                        color: Theme.secondaryInk, anchor: .end)))
        }
        for t in timeAxis.ticks {
            document.append(
                .shape(.box(x: xPixel(t) - 0.5, y: top, width: 1, height: panelHeight, fill: Theme.grid)))
            if showsTimeLabels {
                document.append(.shape(.box(x: xPixel(t) - 0.5, y: bottom, width: 1, height: 4, fill: Theme.rule)))
                document.append(
                    .text(
                        TextLabel(
                            timeAxis.label(t), at: Point(xPixel(t), bottom + 17), size: Theme.tickSize,
                            color: Theme.secondaryInk, anchor: .middle)))
            }
        }
        // Trace units → pixels: t ↦ left + (t − t0)/(t1 − t0)·W, v ↦ bottom − (v·factor − lower)/(upper − lower)·H.
        // Inverted: v ↦ top + (v·factor − lower)/(upper − lower)·H.
        let sx = plotWidth / (t1 - t0)
        let sy = quantity.factor * panelHeight / (axis.upper - axis.lower) * (inverted ? 1 : -1)
        let mapping = AffineTransform(
            a: sx, b: 0, c: 0, d: sy, tx: left - t0 * sx,
            ty: inverted
                ? top - axis.lower * panelHeight / (axis.upper - axis.lower)
                : bottom + axis.lower * panelHeight / (axis.upper - axis.lower))
        for (s, points) in zip(series, data) where !points.isEmpty {
            document.append(
                .polyline(
                    Polyline(
                        points: points, transform: mapping, width: 2, color: s.color,
                        attributes: [
                            ("data-scene", s.recording.scene.name), ("data-item", s.item),
                            ("data-value", quantity.name),
                        ])))
        }
        document.append(
            .shape(
                .box(
                    x: left - 1, y: top - 1, width: plotWidth + 2, height: panelHeight + 2,
                    fill: .clear, borderWidth: 1, borderColor: Theme.rule)))
    }

    /// Each event's dashed line down through the panels and its label in its row.
    private static func drawMarkers(
        _ markers: [PlotMarker], anchors: [TextLabel.Anchor], top markerTop: Double, bottom panelsBottom: Double,
        frame: PlotFrame, into document: inout FigureDocument
    ) {
        for (marker, anchor) in zip(markers, anchors) {
            let x = frame.x(marker.time)
            let labelBaseline = markerTop + Double(marker.row) * 16 + 12
            document.append(
                .polyline(
                    Polyline(
                        points: [Point(x, labelBaseline + 4), Point(x, panelsBottom)], width: 1,
                        color: marker.color, dash: (on: 3, off: 3),
                        attributes: [("data-event", marker.text), ("data-time", number(marker.time))])))
            document.append(
                .text(
                    TextLabel(
                        marker.text, at: Point(anchor == .start ? x + 4 : x - 4, labelBaseline),
                        size: Theme.labelSize, color: marker.color, anchor: anchor)))
        }
    }
}

/// One line of a plot: an item of a scene, its legend label and colour.
private struct PlotSeries {
    let recording: MotionRecording
    let item: String
    let label: String
    let color: ColorRGBA8
}

/// An event's line and label; `row` is the label row it is placed in.
private struct PlotMarker {
    let time: Double
    var text: String
    let color: ColorRGBA8
    var row = 0
}

/// The plot's time range and the width of its panels, and the map from time to pixels.
private struct PlotFrame {
    let t0: Double
    let t1: Double
    let plotWidth: Double

    func x(_ t: Double) -> Double { Plot.left + (t - t0) / (t1 - t0) * plotWidth }
    func inRange(_ p: Point) -> Bool { p.x >= t0 - 1e-9 && p.x <= t1 + 1e-9 }
}
