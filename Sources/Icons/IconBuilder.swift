import Colors
import Foundation
import Geometry
import Shapes

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The XML parser's delegate: checks each element and attribute against the subset and turns
/// shapes into `IconPiece`s, with presentation attributes inherited down `g` and `svg`.
final class IconBuilder: NSObject, XMLParserDelegate {
    struct Style {
        var fill = ColorRGBA8.black
        var fillRule = FillRule.nonZero
        var stroke = ColorRGBA8.clear
        /// SVG's initial values: miter joins cut off past a miter length of 4 stroke widths, where
        /// Core Animation's default is 10 (a spike where an SVG renderer bevels).
        var strokeGeometry = StrokeStyle(miterLimit: 4)
        var transform = Geometry.AffineTransform.identity
        /// `fill-opacity`, `stroke-opacity` (inherited) and `opacity` (the element's own).
        var fillOpacity = 1.0
        var strokeOpacity = 1.0
        var opacity = 1.0
        /// The `color` property (inherited): what `currentColor` means; nil when no element set
        /// it, and then `currentColor` follows the item's `tintColor` (black without one).
        var color: ColorRGBA8?
        /// The fill or stroke is `currentColor`: the keyword is inherited, not the colour of the
        /// element that wrote it (CSS Color 4, SVG 2), so a `color` set further down still binds.
        var fillIsCurrentColor = false
        var strokeIsCurrentColor = false
        /// The fill or stroke is `url(#…)`: a gradient, resolved for each shape's bounding box.
        var fillServer: SVGPaintReference?
        var strokeServer: SVGPaintReference?

        /// The paints as a shape here draws them: `currentColor` is the `color` in effect here,
        /// black when none is set (then the item's tint takes it).
        var resolvedFill: ColorRGBA8 { fillIsCurrentColor ? color ?? .black : fill }
        var resolvedStroke: ColorRGBA8 { strokeIsCurrentColor ? color ?? .black : stroke }
        var fillFollowsTint: Bool { fillIsCurrentColor && color == nil }
        var strokeFollowsTint: Bool { strokeIsCurrentColor && color == nil }
    }

    /// Elements that say what the drawing is, not what it draws: skipped with everything in them,
    /// as are elements of other namespaces (an editor's `sodipodi:namedview`).
    static let ignoredElements: Set<String> = ["title", "desc", "metadata"]
    /// Attributes that name, class or annotate an element, belong to an editor, or speak to
    /// assistive technology (`aria-hidden="true"` on every Heroicons file, `role`, `focusable`):
    /// no effect on the drawing.
    static func isIgnored(_ attribute: String, on element: String) -> Bool {
        if ["id", "class", "enable-background", "baseProfile", "role", "focusable"].contains(attribute) { return true }
        if attribute.hasPrefix("data-") || attribute.hasPrefix("aria-") || attribute.contains(":") { return true }
        // The fill rule of a clipping path's contents; icons have no <clipPath>, so on anything
        // they draw it changes no pixel (Heroicons' solid set writes it beside every fill-rule).
        if attribute == "clip-rule" { return true }
        // An exported root's position: an outermost <svg> ignores it.
        return element == "svg" && (attribute == "x" || attribute == "y")
    }

    /// How deep copies may nest (a `<use>` inside what another `<use>` copies).
    static let maxUseDepth = 32
    static let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]
    static let presentation = [
        "fill", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "color",
        "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "transform", "fill-opacity", "stroke-opacity",
        "opacity", "display",
    ]
    static let geometry: [String: [String]] = [
        "svg": ["xmlns", "version", "viewBox", "width", "height", "preserveAspectRatio"],
        "g": [],
        // `<defs>` holds the `<style>` sheet and what `<use>` copies (nothing in it is drawn).
        "defs": [],
        "use": ["x", "y", "width", "height", "href"],
        // Drawn only through `<use>`, fitted from its viewBox into the use's width × height.
        "symbol": ["viewBox", "preserveAspectRatio", "overflow"],
        "style": ["type", "media"],
        "path": ["d"],
        "rect": ["x", "y", "width", "height", "rx", "ry"],
        "circle": ["cx", "cy", "r"],
        "ellipse": ["cx", "cy", "rx", "ry"],
        "line": ["x1", "y1", "x2", "y2"],
        "polyline": ["points"],
        "polygon": ["points"],
    ]

    let name: String
    /// The document's id'd elements, for `<use>` (SVGReferences: a first pass).
    let references: SVGReferences
    weak var parser: XMLParser?
    var error: IconError?
    var viewBox: Rect?
    var pieces: [IconPiece] = []
    var styles: [Style] = [Style()]
    /// The `<style>` sheets read so far, and the text of the one being read.
    private(set) var sheet = SVGStyleSheet()
    private var styleText: String?
    /// How deep inside `<defs>` the parser is, and whether an element has been styled yet (a
    /// sheet after it would not reach it).
    private var defsDepth = 0
    private var styledAny = false
    /// How deep inside an ignored element the parser is (0: drawing).
    var ignoredDepth = 0
    /// Elements started and not yet ended (non-zero after parsing: a truncated document).
    var openElements: Int { styles.count - 1 }
    private var elements = 0
    /// The ids whose elements `<use>` is copying, outermost first (one used inside itself is a
    /// cycle).
    var replaying: [String] = []
    /// The line of the copied element being read (errors name it, and the use's).
    var replayLine: Int?
    /// The viewport a used `<symbol>` is fitted into: set for the copy's first element only.
    var symbolViewport: Rect?
    /// How many shape elements are open (inside one, elements are skipped).
    private var shapeDepth = 0

    init(name: String, references: SVGReferences = SVGReferences()) {
        self.name = name
        self.references = references
    }

    func fail(_ message: String) {
        guard error == nil else { return }
        if let line = replayLine {
            error = IconError(
                file: name, line: line,
                message: message + " (copied there by the <use> at line \(parser?.lineNumber ?? 0))")
        } else {
            error = IconError(file: name, line: parser?.lineNumber, message: message)
        }
        parser?.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        start(element, attributes)
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        end(element)
    }

    func start(_ element: String, _ attributes: [String: String]) {
        guard error == nil else { return }
        elements += 1
        if elements > IconLoader.maxElements {
            return fail("more than \(IconLoader.maxElements) elements, counting each copy <use> makes")
        }
        if ignoredDepth > 0 || Self.ignoredElements.contains(element) || element.contains(":") {
            ignoredDepth += 1
            return
        }
        let viewport = symbolViewport
        symbolViewport = nil
        // Definitions are drawn where a `<use>` copies them, and checked there (the sheet is read);
        // what a shape contains is never drawn (SVG renders no child of a <rect>).
        // Gradients are read where a paint names them (IconBuilder+Gradients.swift).
        if (defsDepth > 0 && element != "style") || (element == "symbol" && viewport == nil) || shapeDepth > 0
            || Self.gradientElements.contains(element)
        {
            ignoredDepth += 1
            return
        }
        guard let own = Self.geometry[element] else {
            return fail(
                "element <\(element)> is not in the supported SVG subset; expected one of: svg, g, defs, use, symbol, style, path, rect, circle, ellipse, line, polyline, polygon"
            )
        }
        if element == "svg" && viewBox != nil { return fail("element <svg> inside the icon; expected one root <svg>") }
        if element != "svg" && viewBox == nil {
            return fail("element <\(element)> outside <svg>; expected <svg> as the root")
        }
        if element == "defs" || element == "style" {
            guard structural(element, attributes) else { return }
            styles.append(styles[styles.count - 1])
            return
        }
        guard let attributes = styled(attributes, element: element) else { return }
        // Sorted, so the first unknown attribute reported does not depend on dictionary order.
        for key in attributes.keys.sorted()
        where !own.contains(key) && !Self.presentation.contains(key) && !Self.isIgnored(key, on: element) {
            return fail(
                "attribute '\(key)' on <\(element)> is not in the supported SVG subset; expected \(own.isEmpty ? "" : own.joined(separator: ", ") + ", ")presentation attributes (\(Self.presentation.joined(separator: ", ")))"
            )
        }
        var style = styles[styles.count - 1]
        guard apply(attributes, to: &style, element: element) else { return }
        // `display: none` draws neither the element nor anything in it (a root so drawn is an
        // empty icon of its size).
        if attributes["display"]?.trimmingWhitespace == "none" {
            if element == "svg" {
                guard let box = rootBox(attributes) else { return }
                viewBox = box
            }
            ignoredDepth += 1
            return
        }
        if element == "symbol", let viewport {
            guard attributes["transform"] == nil else {
                return fail(
                    "attribute 'transform' on <symbol>: SVG 1.1 renderers ignore it and SVG 2 applies it; expected it on the <use> instead"
                )
            }
            guard let fit = symbolFit(attributes, into: viewport) else { return }
            style.transform = fit.concatenating(style.transform)
        }
        styles.append(style)
        if element == "use" {
            return use(attributes)
        } else if element == "svg" {
            guard let box = rootBox(attributes) else { return }
            viewBox = box
        } else if Self.shapes.contains(element) {
            shapeDepth += 1
            guard addPiece(element, attributes, style: style) else { return }
        }
        // `opacity` is the element's own: it does not pass to the children.
        styles[styles.count - 1].opacity = 1
    }

    /// A shape element's piece, in viewBox units with its paints resolved; false after a failure.
    private func addPiece(_ element: String, _ attributes: [String: String], style: Style) -> Bool {
        guard let outline = shapePath(element, attributes) else { return false }
        let t = style.transform
        var fill = SVGColor.scaled(style.resolvedFill, by: style.fillOpacity * style.opacity)
        var stroke = SVGColor.scaled(style.resolvedStroke, by: style.strokeOpacity * style.opacity)
        var gradients: (fill: IconGradient?, stroke: IconGradient?) = (nil, nil)
        for (server, opacity, isFill) in [
            (style.fillServer, style.fillOpacity, true), (style.strokeServer, style.strokeOpacity, false),
        ] {
            guard let server else { continue }
            let resolved = paint(
                server, box: outline.bounds, toViewBox: t, opacity: opacity * style.opacity,
                currentColor: style.color ?? .black)
            switch resolved {
            case nil: return false
            case .color(let c)?: if isFill { fill = c } else { stroke = c }
            case .gradient(let g)?: if isFill { gradients.fill = g } else { gradients.stroke = g }
            }
        }
        let strokes = (stroke.a > 0 || gradients.stroke != nil) && style.strokeGeometry.lineWidth > 0
        if style.opacity < 1 && (fill.a > 0 || gradients.fill != nil) && strokes {
            fail(
                "attribute opacity=\"\(attributes["opacity"] ?? "")\" on <\(element)>: expected it on a shape with one paint; this one fills and strokes, which SVG fades as one group and icons do not composite as one (use fill-opacity and stroke-opacity)"
            )
            return false
        }
        // A rotation with a uniform scale (or a mirror of one) keeps a stroke's width even.
        let even =
            abs(t.a * t.a + t.b * t.b - (t.c * t.c + t.d * t.d)) <= 1e-12 * (t.a * t.a + t.b * t.b)
            && abs(t.a * t.c + t.b * t.d) <= 1e-12 * (t.a * t.a + t.b * t.b)
        pieces.append(
            IconPiece(
                path: outline.applying(t),
                fill: fill, fillRule: style.fillRule, stroke: stroke,
                strokeStyle: even ? scaled(style.strokeGeometry, by: t) : style.strokeGeometry,
                strokeSpace: even ? nil : IconPiece.StrokeSpace(path: outline, transform: t),
                fillFollowsTint: style.fillFollowsTint, strokeFollowsTint: style.strokeFollowsTint,
                fillGradient: gradients.fill, strokeGradient: gradients.stroke))
        return true
    }

    func end(_ element: String) {
        if ignoredDepth > 0 {
            ignoredDepth -= 1
            return
        }
        if element == "defs" { defsDepth -= 1 }
        if Self.shapes.contains(element) { shapeDepth -= 1 }
        if element == "style", let css = styleText {
            styleText = nil
            do { try sheet.add(css) } catch { return fail(error.message) }
        }
        if styles.count > 1 { styles.removeLast() }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard error == nil, ignoredDepth == 0 else { return }
        if styleText != nil {
            styleText! += string
            return
        }
        guard !string.allSatisfy({ $0.isWhitespace }) else { return }
        fail("text content '\(string.prefix(20))' is not in the supported SVG subset")
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    // (XMLParserDelegate's own parameter name)
    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        // A sheet is often wrapped in CDATA (Illustrator writes it so).
        guard error == nil, ignoredDepth == 0, styleText != nil, let text = String(data: CDATABlock, encoding: .utf8)
        else { return fail("CDATA is not in the supported SVG subset (only around a <style> sheet)") }
        styleText! += text
    }

    /// `<defs>` and `<style>`: where they may stand, and the start of a sheet's text.
    private func structural(_ element: String, _ attributes: [String: String]) -> Bool {
        for key in attributes.keys.sorted()
        where !(Self.geometry[element] ?? []).contains(key) && !Self.isIgnored(key, on: element) {
            fail("attribute '\(key)' on <\(element)> is not in the supported SVG subset")
            return false
        }
        if element == "defs" {
            defsDepth += 1
            return true
        }
        if let type = attributes["type"], type != "text/css" {
            fail("<style type=\"\(type)\">: expected text/css")
            return false
        }
        if styledAny {
            fail("a <style> sheet after the elements it could style; expected it before them (in <defs> at the top)")
            return false
        }
        styleText = ""
        return true
    }

    /// `attributes` with the sheet's declarations for this element over them, and its `style=""`
    /// over both (CSS's cascade, where `!important` outranks the rest); `style` and `class` are
    /// consumed. Nil after a failure.
    private func styled(_ attributes: [String: String], element: String) -> [String: String]? {
        if element != "svg" { styledAny = true }
        var result = attributes
        result["style"] = nil
        let classes = Set(
            (attributes["class"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init))
        var cascaded = sheet.declarations(element: element, id: attributes["id"], classes: classes)
        if let inline = attributes["style"] {
            do {
                // `style=""` wins over the sheet's rules, but not over an `!important` one of
                // theirs unless it is `!important` too.
                for declaration in try SVGStyleSheet.declarations(inline)
                where !(cascaded[declaration.property]?.important ?? false) || declaration.important {
                    cascaded[declaration.property] = .init(value: declaration.value, important: declaration.important)
                }
            } catch {
                fail("attribute style=\"\(inline.prefix(40))\" on <\(element)>: \(error.message)")
                return nil
            }
        }
        for property in cascaded.keys.sorted() {
            guard Self.presentation.contains(property), property != "transform" else {
                fail(
                    "the CSS property '\(property)' on <\(element)> is not in the supported SVG subset; expected presentation properties (\(Self.presentation.filter { $0 != "transform" }.joined(separator: ", ")))"
                )
                return nil
            }
            result[property] = cascaded[property]?.value
        }
        return result
    }
    func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
        fail("processing instruction <?\(target)?> is not in the supported SVG subset")
    }
    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        fail("external entity '\(name)' refused")
        return nil
    }

    func number(_ attributes: [String: String], _ key: String, element: String, default value: Double? = nil)
        -> Double?
    {
        guard let text = attributes[key] else {
            if let value { return value }
            fail("<\(element)> needs attribute '\(key)'")
            return nil
        }
        guard let v = SVGValue.length(text, viewport: viewBox?.size, axis: Self.axis(of: key)) else {
            fail(
                "attribute \(key)=\"\(text)\" on <\(element)>: expected a length (a number, with px, in, cm, mm, Q, pt, pc, em, ex, %, vw, vh, vmin or vmax)"
            )
            return nil
        }
        return v
    }

    /// The side of the viewport a percentage in attribute `key` measures (SVG's rule: x and width
    /// along it, y and height down it, anything else along the normalized diagonal).
    static func axis(of key: String) -> SVGValue.LengthAxis {
        switch key {
        case "x", "cx", "rx", "x1", "x2", "width", "dx", "fx": return .horizontal
        case "y", "cy", "ry", "y1", "y2", "height", "dy", "fy": return .vertical
        default: return .diagonal
        }
    }

    static func isCurrentColor(_ value: String) -> Bool { value.trimmingWhitespace.lowercased() == "currentcolor" }

    private func apply(_ written: [String: String], to style: inout Style, element: String) -> Bool {
        // `inherit` on an inherited property is what the style already holds from the parent.
        let a = written.filter {
            $0.key == "opacity" || $0.key == "transform" || $0.value.trimmingWhitespace != "inherit"
        }
        func bad(_ key: String, _ expected: String) -> Bool {
            fail("attribute \(key)=\"\(a[key] ?? "")\" on <\(element)>: expected \(expected)")
            return false
        }
        guard applyPaints(a, to: &style, bad: bad) else { return false }
        guard applyOpacities(a, to: &style, element: element, bad: bad) else { return false }
        if let v = a["preserveAspectRatio"], !["xMidYMid", "xMidYMid meet"].contains(v.trimmingWhitespace) {
            return bad("preserveAspectRatio", "xMidYMid meet (the default, how icons are fitted)")
        }
        if let v = a["fill-rule"] {
            switch v {
            case "nonzero": style.fillRule = .nonZero
            case "evenodd": style.fillRule = .evenOdd
            default: return bad("fill-rule", "nonzero or evenodd")
            }
        }
        if let v = a["stroke-width"] {
            guard let w = SVGValue.length(v, viewport: viewBox?.size), w >= 0 else {
                return bad("stroke-width", "a length ≥ 0")
            }
            style.strokeGeometry.lineWidth = w
        }
        if let v = a["stroke-linecap"] {
            guard let c = LineCap(rawValue: v) else { return bad("stroke-linecap", "butt, round or square") }
            style.strokeGeometry.lineCap = c
        }
        if let v = a["stroke-linejoin"] {
            guard let j = LineJoin(rawValue: v) else { return bad("stroke-linejoin", "miter, round or bevel") }
            style.strokeGeometry.lineJoin = j
        }
        if let v = a["stroke-miterlimit"] {
            guard let m = SVGValue.length(v), m >= 1 else { return bad("stroke-miterlimit", "a number ≥ 1") }
            style.strokeGeometry.miterLimit = m
        }
        if let v = a["stroke-dasharray"] {
            if v.trimmingWhitespace == "none" {
                style.strokeGeometry.lineDashPattern = []
            } else {
                guard let d = SVGValue.numbers(v), d.count <= 64, d.allSatisfy({ $0 >= 0 }) else {
                    return bad("stroke-dasharray", "none or up to 64 lengths ≥ 0")
                }
                style.strokeGeometry.lineDashPattern = d.reduce(0, +) > 0 ? d : []
            }
        }
        if let v = a["stroke-dashoffset"] {
            guard let o = SVGValue.length(v, viewport: viewBox?.size) else {
                return bad("stroke-dashoffset", "a length")
            }
            style.strokeGeometry.lineDashPhase = o
        }
        if let v = a["transform"] {
            guard element != "svg", let t = SVGValue.transform(v) else {
                return bad("transform", "matrix, translate, scale, rotate, skewX or skewY (not on <svg>)")
            }
            style.transform = t.concatenating(style.transform)
        }
        return true
    }

    /// `color`, `fill` and `stroke`: a colour, `none`, `currentColor` or `url(#gradient)`.
    private func applyPaints(_ a: [String: String], to style: inout Style, bad: (String, String) -> Bool) -> Bool {
        if let v = a["color"] {
            guard let c = SVGValue.color(v), !Self.isCurrentColor(v) else {
                return bad("color", "a colour: #RGB, #RRGGBB, a CSS name, rgb(…) or hsl(…)")
            }
            style.color = c
        }
        let paints = "a colour (#RGB, #RRGGBB, a CSS name, rgb(…), hsl(…)), none, currentColor or url(#gradient)"
        if let v = a["fill"] {
            style.fillServer = SVGPaintReference.parse(v)
            guard let c = style.fillServer == nil ? SVGValue.color(v) : .clear else { return bad("fill", paints) }
            style.fillIsCurrentColor = Self.isCurrentColor(v)
            style.fill = c
        }
        if let v = a["stroke"] {
            style.strokeServer = SVGPaintReference.parse(v)
            guard let c = style.strokeServer == nil ? SVGValue.color(v) : .clear else { return bad("stroke", paints) }
            style.strokeIsCurrentColor = Self.isCurrentColor(v)
            style.stroke = c
        }
        return true
    }

    /// `fill-opacity`, `stroke-opacity` and `opacity` (numbers 0…1 or percentages, clamped); a
    /// group's `opacity` is refused, as icons composite a group's shapes one by one.
    private func applyOpacities(
        _ a: [String: String], to style: inout Style, element: String, bad: (String, String) -> Bool
    ) -> Bool {
        for key in ["fill-opacity", "stroke-opacity", "opacity"] {
            guard let v = a[key] else { continue }
            guard let o = Self.fraction(v) else { return bad(key, "a number from 0 to 1, or a percentage") }
            switch key {
            case "fill-opacity": style.fillOpacity = o
            case "stroke-opacity": style.strokeOpacity = o
            default: style.opacity = o
            }
        }
        if style.opacity < 1 && !Self.shapes.contains(element) {
            return bad(
                "opacity",
                "no group opacity: icons composite a group's shapes one by one, so opacity is taken only on a shape with one paint; use fill-opacity and stroke-opacity"
            )
        }
        return true
    }

    /// A `viewBox` attribute's rectangle (on `<svg>` or `<symbol>`); nil after a failure.
    func viewBoxRect(_ v: String, on element: String) -> Rect? {
        guard let n = SVGValue.numbers(v), n.count == 4, n[2] > 0, n[3] > 0 else {
            fail(
                "attribute viewBox=\"\(v)\" on <\(element)>: expected four numbers, min-x min-y width height, with width and height > 0"
            )
            return nil
        }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    private func rootBox(_ a: [String: String]) -> Rect? {
        if let v = a["viewBox"] { return viewBoxRect(v, on: "svg") }
        guard let w = number(a, "width", element: "svg"), let h = number(a, "height", element: "svg") else {
            return nil
        }
        guard w > 0, h > 0 else {
            fail("<svg> width and height must be > 0 without a viewBox")
            return nil
        }
        return Rect(x: 0, y: 0, width: w, height: h)
    }

    /// Stroke lengths follow the element's transform (the path is already mapped): scaled by
    /// √|det|, the transform's scale, for the transforms that keep shapes (the others stroke in
    /// user space, `IconPiece.strokeSpace`).
    private func scaled(_ s: StrokeStyle, by t: Geometry.AffineTransform) -> StrokeStyle {
        let k = abs(t.a * t.d - t.b * t.c).squareRoot()
        guard k != 1 else { return s }
        var out = s
        out.lineWidth *= k
        out.lineDashPattern = s.lineDashPattern.map { $0 * k }
        out.lineDashPhase *= k
        return out
    }
}
