import Foundation
import Geometry

/// `<marker>` and `paint-order`: a shape's fill, stroke and markers drawn in the order it asks,
/// each marker instance a copy of the marker's content placed at a vertex of the shape
/// (SVGMarkerVertices), scaled by the stroke width, turned by `orient` and cut to the marker's
/// viewport unless its `overflow` is visible.
extension IconBuilder {
    /// What `paint-order` orders.
    enum PaintLayer: Equatable {
        case fill, stroke, markers
    }

    static let normalPaintOrder: [PaintLayer] = [.fill, .stroke, .markers]

    /// An element's marker properties, inherited: the ids its markers name (nil for `none`) and
    /// its `paint-order`.
    struct MarkerProperties: Equatable {
        var start: String?
        var mid: String?
        var end: String?
        var order = IconBuilder.normalPaintOrder
    }

    /// CSS's `marker` shorthand in a cascade: it sets the three markers their own properties do
    /// not.
    static func expandMarkerShorthand(_ cascaded: inout [String: SVGStyleSheet.Cascaded]) {
        guard let shorthand = cascaded.removeValue(forKey: "marker") else { return }
        for key in ["marker-start", "marker-mid", "marker-end"] where cascaded[key] == nil { cascaded[key] = shorthand }
    }
    /// The properties this file reads, as attributes and in CSS. `marker`, CSS's shorthand for
    /// the three, is expanded where the sheet is read; as an attribute, which SVG ignores, it is
    /// passed over with a warning.
    static let markerProperties = ["marker-start", "marker-mid", "marker-end", "paint-order", "marker"]
    /// The shapes SVG 2 (and resvg) draws markers on: all of them, each along its equivalent path
    /// (a rect from its top-left corner or the end of that corner's arc, a circle or an ellipse
    /// from its rightmost point, clockwise).
    static let markable = shapes
    /// A marker's own attributes and the presentation attributes its content inherits; not
    /// `transform`, nor what would composite it as a group (resvg draws a marker's content as it
    /// is, so those are refused rather than dropped).
    static let markerAttributes = Set([
        "markerWidth", "markerHeight", "refX", "refY", "orient", "markerUnits", "viewBox", "preserveAspectRatio",
        "overflow", "style", "display", "color",
    ]).union(presentation).subtracting(["transform", "opacity", "clip-path", "mask", "filter"])
    /// Most marker instances one file draws: each is a copy of a marker's content (which the
    /// element budget counts too), so a path of 100,000 vertices under a marker is refused
    /// before anything is replayed.
    static let maxMarkers = 4_096

    /// `marker-start`, `marker-mid`, `marker-end` (`none` or `url(#id)`) and `paint-order`, all
    /// inherited. False after a failure.
    func applyMarkerProperties(_ a: [String: String], to style: inout Style, bad: (String, String) -> Bool) -> Bool {
        for key in ["marker-start", "marker-mid", "marker-end"] {
            guard let v = a[key] else { continue }
            var id: String?
            if v.trimmingWhitespace != "none" {
                guard let target = SVGPaintReference.parse(v), target.fallback == nil, !target.fallbackIsCurrentColor
                else { return bad(key, "none or url(#id)") }
                id = target.id
            }
            switch key {
            case "marker-start": style.markers.start = id
            case "marker-mid": style.markers.mid = id
            default: style.markers.end = id
            }
        }
        if a["marker"] != nil {
            warn(
                "the attribute marker=\"…\" is CSS's shorthand only, which SVG ignores as an attribute; expected marker-start, marker-mid and marker-end"
            )
        }
        if let v = a["paint-order"] {
            if let order = Self.paintOrder(v) {
                style.markers.order = order
            } else {
                // CSS drops a declaration it cannot read: the inherited order stays.
                warn(
                    "paint-order=\"\(v.prefix(40))\": expected normal or fill, stroke and markers each at most once; ignored"
                )
            }
        }
        return true
    }

    /// CSS's `paint-order`: `normal`, or some of `fill`, `stroke`, `markers` each at most once,
    /// the ones left out following in their normal order. Nil for anything else (a repeated or
    /// unknown keyword), which CSS ignores.
    static func paintOrder(_ text: String) -> [PaintLayer]? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        if words == ["normal"] { return normalPaintOrder }
        var order: [PaintLayer] = []
        for word in words {
            let layer: PaintLayer
            switch word {
            case "fill": layer = .fill
            case "stroke": layer = .stroke
            case "markers": layer = .markers
            default: return nil
            }
            guard !order.contains(layer) else { return nil }
            order.append(layer)
        }
        guard !order.isEmpty else { return nil }
        return order + normalPaintOrder.filter { !order.contains($0) }
    }

    /// What put the element being replayed where it is drawn, for errors and warnings: a marker's
    /// content is drawn by the shape it marks, anything else is copied by a `<use>`.
    var copiedBy: String {
        guard let id = replaying.last, let range = references.ranges[id],
            case .start("marker", _, _) = references.events[range.lowerBound]
        else { return "copied there by the <use>" }
        return "drawn there as a marker of the shape"
    }

    /// Whether `element` drawn with `style` has markers (then its opacity is its group's, since
    /// it covers the markers as well as its paints).
    func drawsMarkers(_ element: String, _ style: Style) -> Bool {
        Self.markable.contains(element) && mode == .drawing
            && (style.markers.start != nil || style.markers.mid != nil || style.markers.end != nil)
    }

    /// A shape's (or a text run's) outline painted in its `paint-order`, with its markers when it
    /// is one SVG draws them on; `box` is what its paints' bounding-box units measure (a whole
    /// text's), its outline's own without one. False after a failure.
    func addPainted(_ outline: Path, element: String, style: Style, box: Rect? = nil) -> Bool {
        let markers = drawsMarkers(element, style)
        guard style.visible, mode == .drawing, markers || style.markers.order != Self.normalPaintOrder else {
            return addOutline(outline, style: style, box: box)
        }
        var paints = style
        // The group opened for the element holds its opacity when it has both paints or markers.
        if markers || style.fillsAndStrokes { paints.opacity = 1 }
        var fillOnly = paints
        (fillOnly.stroke, fillOnly.strokeServer, fillOnly.strokeIsCurrentColor) = (.clear, nil, false)
        var strokeOnly = paints
        (strokeOnly.fill, strokeOnly.fillServer, strokeOnly.fillIsCurrentColor) = (.clear, nil, false)
        let order = style.markers.order
        var index = 0
        while index < order.count {
            switch order[index] {
            case .markers:
                if markers { guard drawMarkers(on: outline, of: element, style: style) else { return false } }
            case .fill where index + 1 < order.count && order[index + 1] == .stroke:
                // Fill then stroke: one piece, as without a paint-order.
                guard addOutline(outline, style: paints, box: box) else { return false }
                index += 1
            case .fill:
                guard addOutline(outline, style: fillOnly, box: box) else { return false }
            case .stroke:
                guard addOutline(outline, style: strokeOnly, box: box) else { return false }
            }
            index += 1
        }
        return true
    }

    /// How a marker is placed: its viewport's size in the shape's user space, the map from its
    /// content to that viewport, its reference point there, `orient` and whether it clips.
    struct MarkerPlacement {
        var viewport: Size
        var content: Geometry.AffineTransform
        var reference: Point
        /// Nil for `auto` and `auto-start-reverse`.
        var angle: Angle?
        var reversesAtStart: Bool
        var clips: Bool
    }

    /// Draws the markers `style` names on `outline`: every start marker, then the mid ones,
    /// then the end ones, in path order. A name that is not a `<marker>`, or one drawn inside
    /// itself, draws nothing (with a warning). False after a failure.
    func drawMarkers(on outline: Path, of element: String, style: Style) -> Bool {
        var vertices: [SVGMarkerVertices.Vertex]?
        for (id, kind) in [(style.markers.start, .start), (style.markers.mid, .mid), (style.markers.end, .end)]
            as [(String?, SVGMarkerVertices.Kind)]
        {
            guard let id else { continue }
            guard let range = references.ranges[id],
                case .start("marker", let attributes, let line) = references.events[range.lowerBound]
            else {
                warn("url(#\(id)) names no <marker>: the shape is drawn without that marker")
                continue
            }
            guard !replaying.contains(id), replaying.count < Self.maxUseDepth else {
                warn("the <marker> #\(id) at line \(line) is drawn inside itself: left out there")
                continue
            }
            let all = vertices ?? SVGMarkerVertices.vertices(of: outline)
            vertices = all
            let chosen = all.filter { $0.kind == kind }
            guard markersDrawn + chosen.count <= Self.maxMarkers else {
                fail(
                    "the markers of this <\(element)> would make \(markersDrawn + chosen.count) marker copies in the file; expected at most \(Self.maxMarkers)"
                )
                return false
            }
            markersDrawn += chosen.count
            // The content inherits the marker's own presentation attributes, not the shape's.
            var content = Style()
            guard let placement = markerPlacement(attributes, line: line, style: style),
                let own = styled(attributes.filter { $0.key != "transform" }, element: "marker"),
                apply(own.filter { Self.presentation.contains($0.key) }, to: &content, element: "marker")
            else { return error == nil }
            content.opacity = 1
            for vertex in chosen where error == nil {
                drawMarker(range, id: id, content, placement, at: vertex, on: outline, style: style)
            }
        }
        return error == nil
    }

    /// One copy of the marker's content at `vertex`, faced and scaled by `placement`, with the
    /// shape as the context `context-fill` and `context-stroke` paint with.
    private func drawMarker(
        _ range: Range<Int>, id: String, _ markerStyle: Style, _ placement: MarkerPlacement,
        at vertex: SVGMarkerVertices.Vertex, on outline: Path, style: Style
    ) {
        var angle = placement.angle ?? vertex.angle
        if placement.angle == nil && placement.reversesAtStart && vertex.kind == .start {
            angle = .radians(angle.radians + .pi)
        }
        // The reference point on the vertex, the viewport turned about it.
        let place = Geometry.AffineTransform(translationX: -placement.reference.x, y: -placement.reference.y)
            .concatenating(Geometry.AffineTransform(rotation: angle))
            .concatenating(Geometry.AffineTransform(translationX: vertex.point.x, y: vertex.point.y))
            .concatenating(style.transform)
        var content = markerStyle
        content.transform = placement.content.concatenating(place)
        paintContexts.append(
            PaintContext(style: style, space: PaintSpace(box: outline.bounds, transform: style.transform)))
        // The content is read while the shape it marks is open.
        let openShapes = shapeDepth
        shapeDepth = 0
        let first = pieces.count
        replayContent(range, id: id, style: content, mode: .drawing)
        shapeDepth = openShapes
        paintContexts.removeLast()
        if placement.clips, error == nil {
            clipToViewport(
                Rect(origin: Point(0, 0), size: placement.viewport), under: place, pieces: first..<pieces.count)
        }
    }

    /// The marker's attributes read for a shape drawn with `style`; nil when it draws nothing (a
    /// viewport without area, a stroke width of 0 under `markerUnits="strokeWidth"`) or after a
    /// failure.
    private func markerPlacement(_ a: [String: String], line: Int, style: Style) -> MarkerPlacement? {
        func length(_ key: String, _ fallback: Double) -> Double? {
            guard let text = a[key] else { return fallback }
            guard
                let v = SVGValue.length(
                    text, viewport: viewportSize,
                    axis: key.hasSuffix("X") || key.hasSuffix("Width") ? .horizontal : .vertical)
            else {
                fail("attribute \(key)=\"\(text)\" on the <marker> at line \(line): expected a length")
                return nil
            }
            return v
        }
        guard let width = length("markerWidth", 3), let height = length("markerHeight", 3),
            let refX = length("refX", 0), let refY = length("refY", 0)
        else { return nil }
        var scale = 1.0
        switch a["markerUnits"]?.trimmingWhitespace {
        case "userSpaceOnUse": break
        case nil, "strokeWidth": scale = style.strokeGeometry.lineWidth
        case let other?:
            warn(
                "markerUnits=\"\(other)\" on the <marker> at line \(line): expected strokeWidth or userSpaceOnUse; read as strokeWidth"
            )
            scale = style.strokeGeometry.lineWidth
        }
        let viewport = Size(width: width * scale, height: height * scale)
        guard viewport.width > 0, viewport.height > 0, viewport.width.isFinite, viewport.height.isFinite else {
            return nil
        }
        var content = Geometry.AffineTransform(scaleX: scale, y: scale)
        if let v = a["viewBox"] {
            guard let box = viewBoxRect(v, on: "marker"), let aspect = aspectRatio(a, on: "marker") else { return nil }
            content = aspect.fit(box, into: viewport)
        }
        let clips: Bool
        switch a["overflow"]?.trimmingWhitespace ?? "hidden" {
        // `inherit` takes the parent's overflow, visible (the initial value) unless a nested
        // viewport holds the marker.
        case "visible", "auto", "inherit": clips = false
        case "hidden", "scroll": clips = true
        case let other:
            fail(
                "attribute overflow=\"\(other)\" on the <marker> at line \(line): expected visible, auto, hidden or scroll"
            )
            return nil
        }
        var placement = MarkerPlacement(
            viewport: viewport, content: content, reference: content.apply(to: Point(refX, refY)), angle: .zero,
            reversesAtStart: false, clips: clips)
        switch a["orient"]?.trimmingWhitespace {
        case nil: break
        case "auto": placement.angle = nil
        case "auto-start-reverse":
            placement.angle = nil
            placement.reversesAtStart = true
        case let text?:
            guard let angle = SVGValue.angle(text) else {
                warn(
                    "orient=\"\(text)\" on the <marker> at line \(line): expected auto, auto-start-reverse or an angle; read as 0"
                )
                break
            }
            placement.angle = angle
        }
        return placement
    }
}

extension SVGValue {
    /// An SVG angle: a number in degrees, or with `deg`, `grad`, `rad` or `turn`; nil otherwise.
    static func angle(_ text: String) -> Angle? {
        let t = text.trimmingWhitespace
        for (unit, toDegrees) in [("deg", 1.0), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360.0)]
        where t.hasSuffix(unit) {
            guard let v = Double(t.dropLast(unit.count)), v.isFinite else { return nil }
            return .degrees(v * toDegrees)
        }
        guard let v = Double(t), v.isFinite else { return nil }
        return .degrees(v)
    }
}
