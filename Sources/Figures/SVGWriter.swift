import Geometry
import Markup
import Raster

/// Writes a `FigureDocument` (or one frame's display list) as SVG 1.1 text.
///
/// How each display-list feature maps to SVG:
/// - a `DrawRect` is a `<rect>` of its local size centred on the origin, with `rx` (clamped to
///   min(w, h)/2 as the rasterizer does) and its exact transform as `matrix(a b c d tx ty)`;
/// - its border lies inside the shape (Core Animation): a stroke of the same width on the rect
///   inset by half the width, with radius r − w/2. The offset of a circular arc is a circular
///   arc, so this is the exact band between the shape and the shape inset by w while r ≥ w/2;
/// - group opacity fades fill and border together: `opacity` on a `<g>`, never on the paints;
/// - clips (ancestors with masksToBounds) are nested `<clipPath>`s, one per clip shape;
/// - its content (`DrawRect.content`: shape fills, stroke outlines, icon pieces) follows it as
///   `<path>`s with their own transform, fill-rule, opacity and clips;
/// - a shadow is the shape filled with the shadow colour, offset, through a `feGaussianBlur`
///   with σ = radius / 2 (Core Animation's blur), drawn under the shape;
/// - a group (`DrawGroup`: group opacity, layer filters, a mask) is a `<g>` with its opacity,
///   blur or SVG filter (SVGWriter+Filters.swift) and an alpha `<mask>` of the mask's layers; its
///   blend mode and isolation are CSS in its `style` (`mix-blend-mode`, `isolation: isolate`:
///   SVG 2 makes neither a presentation attribute, so browsers read them only there);
/// - a backdrop material is drawn as its tint over the shape: SVG 1.1's `BackgroundImage`, which
///   a backdrop blur would need, is implemented by neither browsers nor librsvg.
/// Numbers are written in Swift's shortest round-trip form, so values read back parse to the very
/// doubles that were written.
public struct SVGWriter {
    private var body: [String] = []
    var definitions: [String] = []
    private var nextID = 0
    /// Image definitions already written, by the image's identity and size (looked up, never iterated).
    var imageIDs: [String: String] = [:]

    public init() {}

    /// The whole document as SVG text.
    public static func svg(_ document: FigureDocument) -> String {
        var writer = SVGWriter()
        for element in document.elements { writer.write(element) }
        return writer.finish(width: document.width, height: document.height, background: document.background)
    }

    /// One frame as SVG: its canvas in pixels, every rectangle a vector shape.
    public static func svg(_ list: DisplayList) -> String {
        var writer = SVGWriter()
        writer.writeRects(of: list)
        return writer.finish(width: list.width, height: list.height, background: list.background)
    }

    private func finish(width: Int, height: Int, background: ColorRGBA8) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">",
        ]
        if !definitions.isEmpty {
            lines.append("<defs>")
            lines += definitions
            lines.append("</defs>")
        }
        lines.append("<rect class=\"background\" width=\"\(width)\" height=\"\(height)\"\(paint("fill", background))/>")
        lines += body
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    mutating func nextPaintID(_ prefix: String) -> String { id(prefix) }

    private mutating func id(_ prefix: String) -> String {
        nextID += 1
        return "\(prefix)\(nextID)"
    }

    /// The list's rects in order, each group (`DrawGroup`) a `<g opacity>` around its run (with
    /// an `feGaussianBlur` filter for a blurred one, its SVG filter for an icon's filtered group):
    /// SVG composites such a group offscreen, as Core Animation does.
    private mutating func writeRects(of list: DisplayList) {
        var open: [Int] = []
        var maskRects: [Range<Int>] = []
        var next = 0
        for (i, rect) in list.rects.enumerated() {
            while let end = open.last, end <= i {
                body.append("</g>")
                open.removeLast()
            }
            while next < list.groups.count, list.groups[next].rects.lowerBound <= i {
                let group = list.groups[next]
                next += 1
                guard group.rects.lowerBound == i, open.last.map({ group.rects.upperBound <= $0 }) ?? true else {
                    continue
                }
                var attributes = "class=\"group\" opacity=\"\(number(min(max(group.opacity, 0), 1)))\""
                if group.blur > 0 {
                    let filter = id("blur")
                    definitions.append(
                        "<filter id=\"\(filter)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\" color-interpolation-filters=\"sRGB\"><feGaussianBlur stdDeviation=\"\(number(group.blur))\"/></filter>"
                    )
                    attributes += " filter=\"url(#\(filter))\""
                }
                if let filter = group.filter, group.blur <= 0 {
                    attributes += " filter=\"url(#\(writeFilter(filter)))\""
                }
                attributes += Self.compositingStyle(group)
                if let projection = group.projection {
                    // SVG has no perspective: the offscreen's rects under the projection's affine
                    // part at the offscreen's middle (exact there, foreshortened evenly elsewhere).
                    let m = projection.affineApproximation
                    body.append(
                        "<!-- a layer in perspective, drawn with its projection's affine part at its centre -->")
                    attributes +=
                        " transform=\"matrix(\([m.a, m.b, m.c, m.d, m.tx, m.ty].map { number($0) }.joined(separator: " ")))\""
                }
                if let mask = group.mask?.clamped(to: list.rects.indices), !mask.isEmpty {
                    attributes +=
                        " mask=\"url(#\(writeMask(list.rects[mask], width: list.width, height: list.height)))\""
                    maskRects.append(mask)
                }
                body.append("<g \(attributes)>")
                open.append(group.rects.upperBound)
            }
            if !maskRects.contains(where: { $0.contains(i) }) { write(rect) }
        }
        body += open.map { _ in "</g>" }
    }

    /// A `<mask>` of the rects' alpha (SVG 2's `mask-type="alpha"`, CALayer.mask's rule: the
    /// mask's colours are ignored) over the canvas, in canvas coordinates; returns its id.
    private mutating func writeMask(_ rects: ArraySlice<DrawRect>, width: Int, height: Int) -> String {
        let name = id("mask")
        var saved: [String] = []
        swap(&saved, &body)
        for rect in rects { write(rect) }
        swap(&saved, &body)
        definitions.append(
            "<mask id=\"\(name)\" mask-type=\"alpha\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\">"
        )
        definitions += saved
        definitions.append("</mask>")
        return name
    }

    private mutating func write(_ element: FigureElement) {
        switch element {
        case .shape(let rect):
            write(rect)
        case .frame(let frame):
            // A nested viewport clips its content to the frame, as the PNG back end does.
            let list = frame.list
            body.append(
                "<svg class=\"frame\" x=\"\(frame.x)\" y=\"\(frame.y)\" width=\"\(list.width)\" height=\"\(list.height)\" overflow=\"hidden\">"
            )
            body.append("<rect width=\"\(list.width)\" height=\"\(list.height)\"\(paint("fill", list.background))/>")
            writeRects(of: list)
            body.append("</svg>")
        case .polyline(let line):
            // Points in figure pixels (to 1/1000 px), mapped here: a data-to-pixel transform on the
            // element (about 400× for a plot's time axis) with `vector-effect="non-scaling-stroke"`
            // is drawn wrongly by librsvg (rsvg-convert, GNOME), which strokes in data units and
            // scales the result. The data values themselves stay readable in `data-points`.
            let pixels = line.points.map { line.transform.apply(to: $0) }
            let points = pixels.map { "\(number(pixel: $0.x)),\(number(pixel: $0.y))" }.joined(separator: " ")
            var attributes = "points=\"\(points)\""
            if line.transform != .identity {
                attributes +=
                    " data-points=\"\(line.points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " "))\""
            }
            attributes +=
                " fill=\"none\"\(paint("stroke", line.color)) stroke-width=\"\(number(line.width))\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
            if let dash = line.dash { attributes += " stroke-dasharray=\"\(number(dash.on)) \(number(dash.off))\"" }
            for (name, value) in line.attributes { attributes += " \(name)=\"\(escape(value))\"" }
            if let clip = line.clip {
                body.append("<g clip-path=\"url(#\(clipPath(clip.clipShape)))\"><polyline \(attributes)/></g>")
            } else {
                body.append("<polyline \(attributes)/>")
            }
        case .text(let label):
            body.append(
                "<text x=\"\(number(label.position.x))\" y=\"\(number(label.position.y))\" font-family=\"\(Font.svgFamily)\" font-size=\"\(label.size)\" text-anchor=\"\(label.anchor.rawValue)\"\(paint("fill", label.color))>\(escape(label.text))</text>"
            )
        }
    }

    private mutating func write(_ rect: DrawRect) {
        writeLayer(rect)
        for path in rect.content { write(path) }
    }

    /// A filled path (a shape's fill or stroke outline, an icon piece) as a `<path>` with its
    /// exact transform, fill rule, opacity and clips: the very outline the rasterizer fills.
    private mutating func write(_ command: DrawPath) {
        guard command.opacity > 0, !command.path.isEmpty else { return }
        if case .solid(let color) = command.paint, color.a == 0 { return }
        var opened = 0
        if command.opacity < 1 {
            body.append("<g opacity=\"\(number(command.opacity))\">")
            opened += 1
        }
        opened += openClipGroups(command.clips)
        let rule = command.fillRule == .evenOdd ? " fill-rule=\"evenodd\"" : ""
        let outline = "<path d=\"\(pathData(command.path))\" transform=\"\(matrix(command.transform))\"\(rule)"
        switch command.paint {
        case .solid(let color):
            body.append(outline + paint("fill", color) + "/>")
        case .gradient(let g):
            // The element's user space is the path's: its transform is on the element.
            let toUser = g.toPixels.concatenating(command.transform.inverted ?? .identity)
            body.append(outline + gradientFill(g, toUserSpace: toUser) + "/>")
        case .image(let i):
            body.append(writeImage(i, outline: outline + "/>"))
        }
        for _ in 0..<opened { body.append("</g>") }
    }

    /// SVG path data for `path`, absolute commands, shortest round-trip numbers.
    private func pathData(_ path: Path) -> String {
        func p(_ q: Point) -> String { "\(number(q.x)) \(number(q.y))" }
        return path.elements.map { element -> String in
            switch element {
            case .move(let a): return "M\(p(a))"
            case .line(let a): return "L\(p(a))"
            case .quad(let c, let a): return "Q\(p(c)) \(p(a))"
            case .cubic(let c1, let c2, let a): return "C\(p(c1)) \(p(c2)) \(p(a))"
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }

    private mutating func writeLayer(_ rect: DrawRect) {
        let w = rect.size.width
        let h = rect.size.height
        guard w > 0, h > 0, rect.opacity > 0 else { return }
        let radius = rect.size.drawnCornerRadius(rect.cornerRadius)
        body.append(rect.opacity < 1 ? "<g opacity=\"\(number(rect.opacity))\">" : "<g>")
        let clipGroups = openClipGroups(rect.clips)
        if let shadow = rect.shadow, shadow.opacity > 0 {
            let filter = id("shadow")
            let sigma = shadow.radius / 2
            definitions.append(
                "<filter id=\"\(filter)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\" color-interpolation-filters=\"sRGB\"><feGaussianBlur stdDeviation=\"\(number(sigma))\"/></filter>"
            )
            let offset = AffineTransform(translationX: shadow.offset.x, y: shadow.offset.y)
            var color = shadow.color
            color.a = UInt8((Double(color.a) * min(max(shadow.opacity, 0), 1)).rounded())
            // A shadowPath is the shadow's shape; else the layer's rounded rectangle.
            let outline =
                shadow.path.map {
                    "path class=\"shadow\" d=\"\(pathData($0))\" transform=\"\(matrix(rect.transform.concatenating(offset)))\""
                }
                ?? shape(
                    w, h, radius, (rect.maskedCorners, rect.cornerCurve), rect.transform.concatenating(offset),
                    class: "shadow")
            body.append("<\(outline)\(paint("fill", color)) filter=\"url(#\(filter))\"/>")
        }
        if let backdrop = rect.backdrop, backdrop.tint.a > 0 {
            body.append(
                "<\(shape(w, h, radius, (rect.maskedCorners, rect.cornerCurve), rect.transform, class: "backdrop"))\(paint("fill", backdrop.tint))/>"
            )
        }
        if case .gradient(let g)? = rect.fillPaint {
            body.append(
                "<\(shape(w, h, radius, (rect.maskedCorners, rect.cornerCurve), rect.transform))\(gradientFill(g, toUserSpace: AffineTransform(translationX: -w / 2, y: -h / 2)))/>"
            )
        } else {
            body.append(
                "<\(shape(w, h, radius, (rect.maskedCorners, rect.cornerCurve), rect.transform))\(paint("fill", rect.fill))/>"
            )
        }
        let border = rect.borderWidth
        if border > 0, rect.borderColor.a > 0 {
            // Wider than the shape allows: the band is the whole shape, i.e. a fill.
            if border * 2 >= min(w, h) {
                body.append(
                    "<\(shape(w, h, radius, (rect.maskedCorners, rect.cornerCurve), rect.transform, class: "border"))\(paint("fill", rect.borderColor))/>"
                )
            } else {
                let inner = max(radius - border / 2, 0)
                body.append(
                    "<\(shape(w - border, h - border, inner, (rect.maskedCorners, rect.cornerCurve), rect.transform, class: "border")) fill=\"none\"\(paint("stroke", rect.borderColor)) stroke-width=\"\(number(border))\"/>"
                )
            }
        }
        for _ in 0...clipGroups { body.append("</g>") }
    }

    /// Opens one group per clip shape, outermost first, and says how many it opened: nested
    /// groups intersect the clips in every renderer (rsvg 2.54 ignores a `clip-path` on a
    /// `<clipPath>` element itself, so clip paths that inherit each other drew nothing clipped).
    private mutating func openClipGroups(_ clips: [ClipShape]) -> Int {
        for clip in clips { body.append("<g clip-path=\"url(#\(clipPath(clip)))\">") }
        return clips.count
    }

    /// A clip path of one clip shape.
    private mutating func clipPath(_ clip: ClipShape) -> String {
        let name = id("clip")
        let radius = clip.size.drawnCornerRadius(clip.cornerRadius)
        definitions.append(
            "<clipPath id=\"\(name)\"><\(shape(clip.size.width, clip.size.height, radius, (clip.maskedCorners, clip.cornerCurve), clip.transform))/></clipPath>"
        )
        return name
    }

    /// An element name and its geometry: a `rect` when every corner is rounded alike, else a
    /// `path` with arcs on the masked corners only (SVG's rect has one radius for all four), or
    /// with continuous corners' cubics.
    private func shape(
        _ w: Double, _ h: Double, _ radius: Double, _ corners: (mask: CornerMask, curve: CornerCurve),
        _ transform: AffineTransform, class name: String? = nil
    ) -> String {
        let label = name.map { "class=\"\($0)\" " } ?? ""
        let mask = corners.mask
        if corners.curve == .continuous, radius > 0 {
            // Continuous corners are cubics (CornerProfile), which SVG's rect cannot say.
            var path = Path()
            path.appendRoundedRect(
                x0: -w / 2, y0: -h / 2, x1: w / 2, y1: h / 2, radius: radius, corners: mask, curve: .continuous)
            let t = transform != .identity ? " transform=\"\(matrix(transform))\"" : ""
            return "path \(label)d=\"\(pathData(path))\"\(t)"
        }
        guard mask != .all, radius > 0 else { return "rect \(label)\(geometry(w, h, radius, transform))" }
        let x0 = -w / 2
        let y0 = -h / 2
        let x1 = w / 2
        let y1 = h / 2
        func r(_ corner: CornerMask) -> Double { mask.contains(corner) ? radius : 0 }
        func arc(_ rr: Double, _ x: Double, _ y: Double) -> String {
            rr > 0 ? " A\(number(rr)) \(number(rr)) 0 0 1 \(number(x)) \(number(y))" : ""
        }
        var d = "M\(number(x0 + r(.topLeft))) \(number(y0))"
        d += " L\(number(x1 - r(.topRight))) \(number(y0))" + arc(r(.topRight), x1, y0 + r(.topRight))
        d += " L\(number(x1)) \(number(y1 - r(.bottomRight)))" + arc(r(.bottomRight), x1 - r(.bottomRight), y1)
        d += " L\(number(x0 + r(.bottomLeft))) \(number(y1))" + arc(r(.bottomLeft), x0, y1 - r(.bottomLeft))
        d += " L\(number(x0)) \(number(y0 + r(.topLeft)))" + arc(r(.topLeft), x0 + r(.topLeft), y0) + " Z"
        let t = transform != .identity ? " transform=\"\(matrix(transform))\"" : ""
        return "path \(label)d=\"\(d)\"\(t)"
    }

    private func geometry(_ w: Double, _ h: Double, _ radius: Double, _ transform: AffineTransform) -> String {
        var s = "x=\"\(number(-w / 2))\" y=\"\(number(-h / 2))\" width=\"\(number(w))\" height=\"\(number(h))\""
        if radius > 0 { s += " rx=\"\(number(radius))\"" }
        if transform != .identity { s += " transform=\"\(matrix(transform))\"" }
        return s
    }

    private func matrix(_ t: AffineTransform) -> String {
        "matrix(\(number(t.a)) \(number(t.b)) \(number(t.c)) \(number(t.d)) \(number(t.tx)) \(number(t.ty)))"
    }

    /// ` fill="#RRGGBB"` plus ` fill-opacity` when not opaque.
    private func paint(_ attribute: String, _ color: ColorRGBA8) -> String {
        let rgb = String(color.hex.prefix(7))
        if color.a == 255 { return " \(attribute)=\"\(rgb)\"" }
        return " \(attribute)=\"\(rgb)\" \(attribute)-opacity=\"\(number(Double(color.a) / 255))\""
    }
}

/// Shortest round-trip spelling of a double; whole numbers without ".0", no "-0".
func number(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}

/// A pixel coordinate rounded to 1/1000 px (far below what any renderer resolves), so that the
/// data → pixel mapping's last bits do not lengthen every number.
func number(pixel value: Double) -> String {
    number((value * 1000).rounded() / 1000)
}

func escape(_ text: String) -> String { text.xmlEscaped }
