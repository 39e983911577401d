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
        /// `clip-rule` (inherited): the fill rule of a shape inside a `<clipPath>`.
        var clipRule = FillRule.nonZero
        /// `visibility` (inherited, and a child may be visible inside a hidden group): a hidden
        /// shape draws nothing and clips nothing.
        var visible = true
        /// `font-size` (inherited): the size text is set in, and what `em` and `ex` measure.
        var fontSize = 16.0
        /// `font-family` (inherited): a list, the first family Flipbook has wins (IconBuilder+Text).
        var fontFamily: String?
        /// `font-weight` (inherited): CSS's 1…1000, 400 normal, 700 bold.
        var fontWeight = 400
        /// `text-anchor` (inherited).
        var textAnchor = TextAnchor.start
        /// `letter-spacing` (inherited): user units added after each character.
        var letterSpacing = 0.0
        /// `white-space: pre` (inherited; Figma writes it on every text): spaces are kept as
        /// written instead of collapsing.
        var preservesSpaces = false
        /// `text-decoration`: the lines declared here or above, and the paints of those a text's
        /// runs draw here (IconBuilder+TextDecoration.swift).
        var decorations = TextDecorations()
        /// `image-rendering` (inherited): `optimizeSpeed`, `pixelated` and `crisp-edges` sample
        /// pictures nearest-neighbour (`IconImage.pixelated`).
        var pixelated = false
        /// The size of the nearest nested `<svg>`'s viewport (its viewBox's when it has one): what
        /// percentages measure inside it. Nil in the root's, the icon's viewBox.
        var viewport: Size?
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
        /// Where a context paint's server is resolved, nil for the shape's own (IconBuilder+ContextPaint).
        var fillSpace: PaintSpace?, strokeSpace: PaintSpace?
        /// `marker-start`, `-mid`, `-end` and `paint-order`, inherited (IconBuilder+Markers.swift).
        var markers = MarkerProperties()

        /// The paints as a shape here draws them: `currentColor` is the `color` in effect here,
        /// black when none is set (then the item's tint takes it).
        var resolvedFill: ColorRGBA8 { fillIsCurrentColor ? color ?? .black : fill }
        var resolvedStroke: ColorRGBA8 { strokeIsCurrentColor ? color ?? .black : stroke }
        var fillFollowsTint: Bool { fillIsCurrentColor && color == nil }
        /// Whether a shape here would fill, and stroke (before its gradients are resolved).
        var paintsFill: Bool { fillServer != nil || resolvedFill.a > 0 }
        var paintsStroke: Bool { (strokeServer != nil || resolvedStroke.a > 0) && strokeGeometry.lineWidth > 0 }
        /// A shape's `opacity` scales its one paint; with both, it is its group's (SVG fades them
        /// as one).
        var fillsAndStrokes: Bool { paintsFill && paintsStroke }
        var strokeFollowsTint: Bool { strokeIsCurrentColor && color == nil }
    }

    /// Elements that say what the drawing is, not what it draws: skipped with everything in them,
    /// as are elements of other namespaces (an editor's `sodipodi:namedview`).
    static let ignoredElements: Set<String> = ["title", "desc", "metadata"]
    /// Attributes that name, class or annotate an element, belong to an editor, or speak to
    /// assistive technology (`aria-hidden="true"` on every Heroicons file, `role`, `focusable`):
    /// no effect on the drawing.
    static func isIgnored(_ attribute: String, on element: String) -> Bool {
        // `xmlns` declares a namespace, which the first pass resolves (SVGReferences).
        if ["id", "class", "enable-background", "baseProfile", "role", "focusable", "xmlns"].contains(attribute) {
            return true
        }
        // A hint with no effect here (icons are always anti-aliased), and `isolation`, a CSS
        // property but no presentation attribute (IconBuilder+Blending.swift).
        if attribute == "shape-rendering" || attribute == "isolation" { return true }
        // Font properties the text here cannot vary (one shape of each family is installed).
        if ["font-variant", "font-stretch", "font-kerning", "text-rendering"].contains(attribute) { return true }
        // Conditional processing: evaluated where it decides anything (`conditionsHold`).
        if Self.conditionalAttributes.contains(attribute) { return true }
        // `stop-color` and `stop-opacity` are presentation attributes of every element but apply
        // to a `<stop>` only, and are not inherited; `color-interpolation` changes nothing in
        // resvg (gradients and masks mix in sRGB), whose pictures are the references;
        // `line-height` is CSS's, for text layout SVG does not do.
        if ["stop-color", "stop-opacity", "color-interpolation", "line-height"].contains(attribute) { return true }
        if attribute.hasPrefix("data-") || attribute.hasPrefix("aria-") || attribute.contains(":") { return true }
        // An exported root's position: an outermost <svg> ignores it.
        return element == "svg" && (attribute == "x" || attribute == "y")
    }

    /// How deep copies may nest (a `<use>` inside what another `<use>` copies).
    static let maxUseDepth = 32
    static let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]
    static let presentation = [
        "fill", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "color",
        "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "transform", "fill-opacity", "stroke-opacity",
        "opacity", "display", "clip-path", "mask", "clip-rule", "visibility", "transform-origin", "font-size",
        "image-rendering", "font-family", "font-weight", "font-style", "text-anchor", "letter-spacing",
        "white-space", "text-decoration", "filter", "flood-color", "flood-opacity", "color-interpolation-filters",
    ]
    static let geometry: [String: [String]] = [
        "svg": ["xmlns", "version", "viewBox", "width", "height", "preserveAspectRatio", "overflow"],
        "g": [],
        // A link draws as a group; a switch draws its first child whose conditions hold.
        "a": ["href", "target"],
        "switch": [],
        // `<defs>` holds the `<style>` sheet and what `<use>` copies (nothing in it is drawn).
        "defs": ["display"],
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
        "image": ["x", "y", "width", "height", "href", "preserveAspectRatio", "image-rendering", "crossorigin"],
        "text": ["x", "y", "dx", "dy", "rotate"],
        "tspan": ["x", "y", "dx", "dy", "rotate"],
        // SVG 1.1's reference to another element's characters, set as a span (IconBuilder+Text.swift).
        "tref": ["x", "y", "dx", "dy", "rotate", "href"],
    ]

    let name: String
    /// The document's id'd elements, for `<use>` (SVGReferences: a first pass).
    let references: SVGReferences
    weak var parser: XMLParser?
    var error: IconError?
    /// What the file is drawn without, in document order (`warn`); at most `maxWarnings`.
    var warnings: [IconWarning] = []
    var viewBox: Rect?
    var pieces: [IconPiece] = []
    var styles: [Style] = [Style()]
    /// Inside a `<style>`: its text was read by the first pass (SVGReferences+Styles.swift).
    private var inStyle = false
    /// How deep inside `<defs>` the parser is.
    private var defsDepth = 0
    /// The start event (in `references.events`) of the element being started: a `<use>` looks
    /// itself up among the recursive ones. Nil where the first pass did not run.
    var currentEvent: Int?
    /// The `clip-path` and `mask` references cut where they closed a cycle ("event key"), kept
    /// cut wherever their element is read again (IconBuilder+Cycles.swift).
    var brokenReferences: Set<String> = []
    /// The root's CSS `background-color`, drawn under everything (IconBuilder+Styles.swift).
    var rootBackground: ColorRGBA8?
    /// Elements the parser has started (the first pass's ordinals), and the names the first pass
    /// resolved for those still open (an `svg:` prefix dropped).
    private var liveStarts = 0
    private var liveNames: [String] = []
    /// How deep inside an ignored element the parser is (0: drawing).
    var ignoredDepth = 0
    /// Elements started and not yet ended (non-zero after parsing: a truncated document).
    var openElements: Int { styles.count - 1 }
    var elements = 0
    /// The ids whose elements `<use>` is copying, outermost first (one used inside itself is a
    /// cycle).
    var replaying: [String] = []
    /// The line of the copied element being read (errors name it, and the use's).
    var replayLine: Int?
    /// The viewport a used `<symbol>` is fitted into: set for the copy's first element only.
    var symbolViewport: Rect?
    /// How many shape elements are open (inside one, elements are skipped; a pattern's content,
    /// replayed while its shape is read, sets it aside).
    var shapeDepth = 0
    /// Groups closed so far (IconBuilder+Groups.swift), innermost first, and those still open.
    var groups: [IconGroup] = []
    var groupFrames: [GroupFrame] = []
    /// Outlines (viewBox units) in their groups' bounding box but not drawn, each with the number
    /// of pieces before it: shapes hidden by `visibility`, and each text's glyph cells.
    var hiddenOutlines: [(at: Int, path: Path)] = []
    /// `styles.count` inside each open `<switch>`, innermost last, and whether it has drawn a child.
    var switchDepths: [Int] = []
    var switchChosen: Set<Int> = []
    /// What a percentage length measures here: the nearest viewport's size.
    var viewportSize: Size? { styles.last?.viewport ?? viewBox?.size }
    /// A `<use>` of a nested `<svg>` gives it its own `width` and `height` when it has them: set for
    /// the copy's first element only.
    var svgSizeOverride: (width: Double?, height: Double?)?
    /// Pixels the icon's embedded images have taken of `IconLoader.maxImagePixels`.
    var imagePixels = 0
    /// Filter primitives the icon runs so far, counted once for each element a filter is on
    /// (`IconFilter.maximumPrimitivesPerIcon`).
    var filterPrimitives = 0
    /// The root's `preserveAspectRatio`: how the icon fits its item.
    var rootAspectRatio = SVGAspectRatio.default
    /// The root has neither a viewBox nor a width or height: its box is its content's extent
    /// from the origin, set when it closes (IconBuilder+Root.swift).
    var rootSizedByContent = false
    /// Drawing, or replaying a clip path's shapes.
    var mode = ContentMode.drawing
    /// The next element started is the `<clipPath>` or `<mask>` whose content is replayed.
    var contentRoot = false
    /// Set when the file is read as a tree of layers (IconBuilder+Layers.swift).
    var layers: LayerRecorder?
    /// The `<text>` being read (IconBuilder+Text.swift), nil outside one.
    var textState: TextState?
    var fonts = IconBuilder.bundledFonts  // `<text>`'s: the scene's, then the bundled ones
    /// The file is an SVG `<image>` inside another (IconBuilder+Images.swift): it embeds none.
    var isEmbedded = false
    /// Context elements (innermost last) and marker copies so far (IconBuilder+Markers.swift).
    var paintContexts: [PaintContext] = [], markersDrawn = 0

    /// The most elements the file may have (`IconLoader.Budget`), each copy counted.
    let maxElements: Int

    init(name: String, references: SVGReferences = SVGReferences(), maxElements: Int = IconLoader.maxElements) {
        self.name = name
        self.references = references
        self.maxElements = maxElements
    }

    func fail(_ message: String) {
        guard error == nil else { return }
        if let line = replayLine {
            error = IconError(
                file: name, line: line,
                message: message + " (\(copiedBy) at line \(parser?.lineNumber ?? 0))")
        } else {
            error = IconError(file: name, line: parser?.lineNumber, message: message)
        }
        parser?.abortParsing()
    }

    /// The most warnings one file keeps: a file with thousands of one mistake says so in the
    /// first ones, and memory stays bounded.
    static let maxWarnings = 50

    /// Records what the drawing goes on without, at the current line (and the copying `<use>`'s);
    /// one warning per line and message.
    func warn(_ message: String) {
        let line = replayLine ?? parser?.lineNumber
        let text =
            replayLine == nil ? message : message + " (\(copiedBy) at line \(parser?.lineNumber ?? 0))"
        let warning = IconWarning(file: name, line: line, message: text)
        guard warnings.count < Self.maxWarnings, warnings.last != warning, !warnings.contains(warning) else { return }
        warnings.append(warning)
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        // The element as the first pass resolved it: its namespace, the sheets' declarations.
        let ordinal = liveStarts
        liveStarts += 1
        if ordinal < references.startEvents.count,
            case .start(let name, let resolved, _) = references.events[references.startEvents[ordinal]]
        {
            currentEvent = references.startEvents[ordinal]
            liveNames.append(name)
            start(name, resolved)
        } else {
            currentEvent = nil
            liveNames.append(element)
            start(element, attributes)
        }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        end(liveNames.popLast() ?? element)
    }

    func start(_ element: String, _ attributes: [String: String]) {
        guard error == nil else { return }
        elements += 1
        if elements > maxElements {
            return fail("more than \(maxElements) elements, counting each copy <use> makes")
        }
        if elements == 1 { guard sheetsRead() else { return } }
        if contentRoot && ignoredDepth == 0 {
            return startContentRoot(element, attributes)
        }
        let viewport = symbolViewport
        symbolViewport = nil
        if skipped(element, symbolViewport: viewport) {
            ignoredDepth += 1
            return
        }
        guard let own = Self.geometry[element] else {
            if Self.passedOver(element) {
                warn("<\(element)> is not drawn (\(Self.whyPassedOver(element))); nor is anything inside it")
                ignoredDepth += 1
                return
            }
            return fail(
                "element <\(element)> is not in the supported SVG subset; expected one of: svg, g, a, switch, defs, use, symbol, style, path, rect, circle, ellipse, line, polyline, polygon, image, text, tspan, tref, linearGradient, radialGradient, stop, pattern, clipPath, mask, filter"
            )
        }
        if element != "svg" && viewBox == nil {
            return fail("element <\(element)> outside <svg>; expected <svg> as the root")
        }
        if element == "defs" || element == "style" {
            guard structural(element, attributes) else { return }
            styles.append(styles[styles.count - 1])
            return
        }
        guard chosen(element, attributes) else { return hide(element, attributes) }
        guard let attributes = styled(attributes, element: element) else { return }
        // Sorted, so the first unknown attribute reported does not depend on dictionary order.
        for key in attributes.keys.sorted()
        where !own.contains(key)
            && !(Self.presentation + Self.compositingProperties + Self.markerProperties).contains(key)
            && !Self.isIgnored(key, on: element) && !hasNoEffect(key, attributes[key] ?? "", on: element)
        {
            return fail(
                "attribute '\(key)' on <\(element)> is not in the supported SVG subset; expected \(own.isEmpty ? "" : own.joined(separator: ", ") + ", ")presentation attributes (\(Self.presentation.joined(separator: ", ")))"
            )
        }
        enter(element, attributes, symbolViewport: viewport)
    }

    /// An element neither drawn nor looked into (`display: none`, or conditions that fail); a
    /// root so hidden is an empty icon of its size.
    private func hide(_ element: String, _ attributes: [String: String]) {
        if element == "svg" && viewBox == nil {
            guard let box = rootBox(attributes) else { return }
            viewBox = box
        }
        ignoredDepth += 1
    }

    /// A checked element drawn: its style resolved and pushed, its viewport, group and piece.
    private func enter(_ element: String, _ attributes: [String: String], symbolViewport viewport: Rect?) {
        if element == "svg" && viewBox == nil && rootDrawsNothing(attributes) { return hide(element, attributes) }
        var style = styles[styles.count - 1]
        var attributes = attributes
        // SVG 2 lets a symbol take a transform; SVG 1.1, resvg and its references do not.
        if element == "symbol", attributes.removeValue(forKey: "transform") != nil {
            warn("attribute 'transform' on <symbol> is ignored, as SVG 1.1 renderers do; put it on the <use>")
        }
        guard apply(attributes, to: &style, element: element) else { return }
        // `display: none` draws neither the element nor anything in it.
        if attributes["display"]?.trimmingWhitespace == "none" { return hide(element, attributes) }
        if element == "symbol", let viewport, !enterSymbol(attributes, viewport: viewport, style: &style) { return }
        // A nested <svg>: a viewport of its own, clipped unless its overflow is visible.
        var nested: (Rect, Geometry.AffineTransform)?
        if element == "svg" && viewBox == nil, let shown = rootSliceView(attributes) { nested = (shown, .identity) }
        if element == "svg" && viewBox != nil {
            guard let placed = nestedViewport(attributes, style: &style) else { return }
            nested = placed.clip
            if placed.empty {
                ignoredDepth += 1
                return
            }
        }
        beginLayer(element, attributes, style: &style)
        styles.append(style)
        if element == "switch" {
            switchDepths.append(styles.count)
            switchChosen.remove(styles.count)
        }
        guard openGroup(element, attributes, style: style, viewport: nested) else { return }
        // A filtered shape's opacity is its group's (applied to the filter's result), not its paints'.
        if let frame = groupFrames.last, frame.depth == styles.count, frame.filter != nil { style.opacity = 1 }
        // `opacity` is the element's own (its group's, or its one paint's): not the children's.
        styles[styles.count - 1].opacity = 1
        if element == "use" {
            return use(attributes)
        } else if element == "svg" && viewBox == nil {
            guard let box = rootBox(attributes) else { return }
            viewBox = box
            addRootBackground()
        } else if Self.shapes.contains(element) {
            shapeDepth += 1
            guard addPiece(element, attributes, style: style) else { return }
        } else if element == "image" {
            shapeDepth += 1
            addImage(attributes, style: style)
        } else if element == "text" || element == "tspan" || element == "tref" {
            startText(element, attributes)
            if element == "tref" { addReferencedText(attributes) }
        }
    }

    /// Whether `element` and everything in it are passed over here: inside an ignored element or
    /// a shape (SVG renders no child of a `<rect>`), annotations and other namespaces, definitions
    /// (drawn where a `<use>` copies them, and checked there), a symbol outside a use, gradients,
    /// clip paths and masks (read where something names them), and in a clip path the elements of
    /// the subset that are not valid there (a group: it clips nothing; text and the rest are
    /// refused as anywhere).
    private func skipped(_ element: String, symbolViewport viewport: Rect?) -> Bool {
        if ignoredDepth > 0 || Self.ignoredElements.contains(element) || element.contains(":") { return true }
        if mode == .clipping && Self.geometry[element] != nil && !Self.shapes.contains(element) && element != "use"
            && element != "text" && element != "tspan" && element != "tref"
        {
            return true
        }
        return (defsDepth > 0 && element != "style") || (element == "symbol" && viewport == nil) || shapeDepth > 0
            || Self.gradientElements.contains(element) || element == "clipPath" || element == "mask"
            || element == "pattern" || element == "filter" || element == "marker"
    }

    /// A shape element's piece, in viewBox units with its paints resolved; false after a failure.
    private func addPiece(_ element: String, _ attributes: [String: String], style: Style) -> Bool {
        guard let outline = shapePath(element, attributes) else { return false }
        // A shape SVG draws nothing for (IconBuilder+Shapes.swift).
        if outline.isEmpty { return true }
        return addPainted(outline, element: element, style: style)
    }

    /// The piece of `outline` (in the element's user space) painted by `style`, its paints' box
    /// units measuring `box` (else its own): a shape's, or a run of a text's glyphs (the text's
    /// box); false after a failure.
    func addOutline(_ outline: Path, style: Style, box: Rect? = nil) -> Bool {
        let t = style.transform
        let box = box ?? outline.bounds
        guard style.visible else {
            // Drawn nowhere, but part of its groups' bounding box.
            hiddenOutlines.append((pieces.count, outline.applying(t)))
            return true
        }
        if mode == .clipping {
            pieces.append(Self.opaque(outline.applying(t), rule: style.clipRule))
            return true
        }
        // A shape's opacity scales its one paint; with two, it is the shape's group's.
        let opacity = style.fillsAndStrokes ? 1 : style.opacity
        var fill = SVGColor.scaled(style.resolvedFill, by: style.fillOpacity * opacity)
        var stroke = SVGColor.scaled(style.resolvedStroke, by: style.strokeOpacity * opacity)
        var gradients: (fill: IconGradient?, stroke: IconGradient?) = (nil, nil)
        var patterns: (fill: String?, stroke: String?) = (nil, nil)
        for (server, paintOpacity, isFill) in [
            (style.fillServer, style.fillOpacity, true), (style.strokeServer, style.strokeOpacity, false),
        ] {
            guard let server else { continue }
            let frame = serverFrame(isFill ? style.fillSpace : style.strokeSpace, own: box, transform: t)
            let resolved = paint(
                server, box: frame.box, toViewBox: frame.toViewBox, opacity: paintOpacity * opacity,
                currentColor: style.color ?? .black)
            switch resolved {
            case nil: return false
            case .color(let c)?: if isFill { fill = c } else { stroke = c }
            case .gradient(let g)?: if isFill { gradients.fill = g } else { gradients.stroke = g }
            case .pattern(let id)?:
                if isFill { patterns.fill = id } else { patterns.stroke = id }
                if isFill { fill = .clear } else { stroke = .clear }
            }
        }
        let even = t.keepsStrokesEven
        let piece = IconPiece(
            path: outline.applying(t),
            fill: fill, fillRule: style.fillRule, stroke: stroke,
            strokeStyle: even ? style.strokeGeometry.scaled(by: t) : style.strokeGeometry,
            strokeSpace: even ? nil : IconPiece.StrokeSpace(path: outline, transform: t),
            fillFollowsTint: style.fillFollowsTint, strokeFollowsTint: style.strokeFollowsTint,
            fillGradient: gradients.fill, strokeGradient: gradients.stroke)
        guard patterns != (nil, nil) else {
            pieces.append(piece)
            return true
        }
        return addPatterned(piece, patterns, outline: outline, box: box, style: style, opacity: opacity)
    }

    func end(_ element: String) {
        if ignoredDepth > 0 {
            ignoredDepth -= 1
            return
        }
        if element == "defs" { defsDepth -= 1 }
        if element == "svg" && styles.count == 2 && rootSizedByContent { fitRootToContent() }
        if Self.shapes.contains(element) || element == "image" { shapeDepth -= 1 }
        if element == "style" { inStyle = false }
        if element == "text", textState?.depth == styles.count { finishText() }
        if element == "tref" { endReference() }
        closeGroup(openedAt: styles.count)
        endLayer(at: styles.count)
        if switchDepths.last == styles.count {
            switchDepths.removeLast()
            switchChosen.remove(styles.count)
        }
        if styles.count > 1 { styles.removeLast() }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard error == nil, ignoredDepth == 0, !inStyle else { return }
        characters(string)
    }

    /// Text between tags: a `<text>`'s content, else only whitespace.
    func characters(_ string: String) {
        if textState != nil { return addText(string) }
        guard !string.allSatisfy({ $0.isWhitespace }) else { return }
        fail("text content '\(string.prefix(20))' outside <text> is not in the supported SVG subset")
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    // (XMLParserDelegate's own parameter name)
    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        // A sheet is often wrapped in CDATA (Illustrator writes it so).
        guard error == nil, ignoredDepth == 0 else { return }
        guard inStyle else { return fail("CDATA is not in the supported SVG subset (only around a <style> sheet)") }
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
        // The first pass read the sheet (or passed over one of another type).
        inStyle = true
        return true
    }

    /// The length `key` (`default` when not written, or written invalid: SVG ignores it, with a
    /// warning); nil after a failure (neither it nor a default).
    func number(_ attributes: [String: String], _ key: String, element: String, default value: Double? = nil)
        -> Double?
    {
        guard let v = length(attributes, key, element: element) ?? value else {
            fail("<\(element)> needs attribute '\(key)'")
            return nil
        }
        return v
    }

    static let lengthExpected =
        "a length (a number, with px, in, cm, mm, Q, pt, pc, em, ex, %, vw, vh, vmin or vmax)"

    /// The length `key` in user units; nil when it is not written, or written invalid (as SVG
    /// ignores it, with a warning).
    func length(_ attributes: [String: String], _ key: String, element: String) -> Double? {
        guard let text = attributes[key] else { return nil }
        guard
            let v = SVGValue.length(
                text, viewport: viewportSize, axis: Self.axis(of: key), fontSize: styles.last?.fontSize ?? 16)
        else {
            warnInvalid(key, text, on: element, expected: Self.lengthExpected)
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

    /// Stroke lengths follow the element's transform (the path is already mapped): scaled by
    /// √|det|, the transform's scale, for the transforms that keep shapes (the others stroke in
    /// user space, `IconPiece.strokeSpace`).
}
