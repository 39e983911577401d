import Colors
import Foundation
import Geometry
import Images
import Shapes

/// Group opacity, `clip-path` and `mask`: an element's pieces composited as one (`IconGroup`),
/// with the pieces of its clip path or mask appended right after them. A clip path's shapes are
/// drawn opaque with their `clip-rule`; a mask's content is drawn as written and turned into
/// alpha (its luminance, unless `mask-type: alpha`).
extension IconBuilder {
    /// An element whose pieces will be one group, from its start to its end.
    struct GroupFrame {
        /// `styles.count` once the element's style was pushed: the frame closes when it pops.
        var depth: Int
        var start: Int
        var opacity: Double
        var clip: String?
        var mask: String?
        /// The `<filter>` the element names (IconBuilder+Filters.swift).
        var filter: String?
        /// The element's user space (its own transform included) to viewBox units.
        var space: Geometry.AffineTransform
        /// A nested `<svg>`'s viewport and the space it is in: what its content is clipped to.
        var viewport: (rect: Rect, space: Geometry.AffineTransform)?
        /// Layers closed before the group opened: those closed after are inside it.
        var layersBefore = 0
        /// `mix-blend-mode` and `isolation: isolate` (IconBuilder+Blending.swift).
        var blend = BlendMode.normal
        var isolates = false
    }

    /// What replaying a clip path's or mask's content makes of its elements.
    enum ContentMode: Equatable {
        case drawing
        /// Inside a `<clipPath>`: shapes as opaque silhouettes, no groups.
        case clipping
    }

    /// The groups, parents before the groups nested in them (they close in the other order).
    var sortedGroups: [IconGroup] {
        groups.enumerated().sorted { a, b in
            if a.element.pieces.lowerBound != b.element.pieces.lowerBound {
                return a.element.pieces.lowerBound < b.element.pieces.lowerBound
            }
            // Same start: the one closed later holds the other.
            return a.offset > b.offset
        }.map(\.element)
    }

    /// Opens a group for the element whose style was just pushed when it needs one: `clip-path`,
    /// `mask`, `filter`, `mix-blend-mode` other than normal, `isolation: isolate`, or `opacity`
    /// below 1 on anything but a shape with a single paint (whose opacity scales that paint).
    /// False after a failure.
    func openGroup(
        _ element: String, _ attributes: [String: String], style: Style,
        viewport: (Rect, Geometry.AffineTransform)? = nil
    ) -> Bool {
        guard var clip = groupReference(attributes, "clip-path", on: element),
            var mask = groupReference(attributes, "mask", on: element),
            var filter = groupReference(attributes, "filter", on: element),
            var compositing = compositing(attributes, on: element)
        else { return false }
        (clip, mask) = (unbroken(clip, "clip-path", event: currentEvent), unbroken(mask, "mask", event: currentEvent))
        // Inside a clip path, a shape's own clip path cuts its silhouette; a mask, a filter,
        // opacity and blending do nothing there (only geometry clips).
        if mode == .clipping {
            guard clip != nil else { return true }
            (mask, filter, compositing) = (nil, nil, (.normal, false))
        }
        // A filtered shape's opacity applies to the filter's result, so it stays the group's.
        let onePaint =
            Self.shapes.contains(element) && !style.fillsAndStrokes && filter == nil && !drawsMarkers(element, style)
        let opacity = onePaint || mode == .clipping ? 1 : style.opacity
        guard
            clip != nil || mask != nil || filter != nil || opacity < 1 || viewport != nil
                || compositing.blend != .normal || compositing.isolates
        else { return true }
        groupFrames.append(
            GroupFrame(
                depth: styles.count, start: pieces.count, opacity: opacity, clip: clip, mask: mask, filter: filter,
                space: style.transform, viewport: viewport, layersBefore: layers?.records.count ?? 0,
                blend: compositing.blend, isolates: compositing.isolates))
        return true
    }

    /// The id an element's `clip-path`, `mask` or `filter` names: `.some(nil)` for none (or a
    /// value that is no value, with a warning), nil after a failure (a CSS function or box).
    func groupReference(_ attributes: [String: String], _ key: String, on element: String) -> String?? {
        guard let value = attributes[key], value.trimmingWhitespace != "none" else { return .some(nil) }
        guard let target = SVGPaintReference.parse(value), target.fallback == nil, !target.fallbackIsCurrentColor else {
            // CSS's functions (basic shapes, filter functions, a url of another file) and
            // reference boxes are valid values outside the subset: refused. Anything else is no
            // value at all: as if not written (IconBuilder+Recovery.swift).
            let words = value.split(whereSeparator: { $0.isWhitespace })
            guard value.contains("(") || words.contains(where: { $0.hasSuffix("-box") }) else {
                warnInvalid(key, value, on: element, expected: "none or url(#id)")
                return .some(nil)
            }
            fail("attribute \(key)=\"\(value.prefix(40))\" on <\(element)>: expected none or url(#id)")
            return nil
        }
        return .some(target.id)
    }

    /// Closes the group opened at `depth`, if that is the innermost open one: its pieces, then
    /// those of its clip and mask, each a group around what it masks, in SVG's order: the filter
    /// innermost, then the clip, the mask and the opacity.
    func closeGroup(openedAt depth: Int) {
        guard let frame = groupFrames.last, frame.depth == depth else { return }
        groupFrames.removeLast()
        let groupsBefore = groups.count
        composite(frame)
        finishCompositing(frame, madeAfter: groupsBefore)
        adoptGroups(of: frame, madeAfter: groupsBefore)
    }

    private func composite(_ frame: GroupFrame) {
        let content = frame.start..<pieces.count
        guard !content.isEmpty, error == nil else { return }
        var inner = content
        let box = bounds(of: content, in: frame.space)
        if let viewport = frame.viewport, clipToViewport(viewport.rect, under: viewport.space, pieces: content) {
            inner = inner.lowerBound..<pieces.count
        }
        // What the filter draws may reach past the content: then the clip and mask regions are
        // kept, whatever they hold of the content.
        var filtered = false
        if let id = frame.filter {
            switch resolveFilter(id, space: frame.space, box: box) {
            case nil: return
            case .hidden?:
                groups.append(IconGroup(pieces: inner, opacity: 0))
                return
            case .filter(let filter)?:
                groups.append(IconGroup(pieces: inner, opacity: 1, filter: filter))
                filtered = true
            }
        }
        if let id = frame.clip, let range = references.ranges[id] {
            guard let clip = clipPieces(id, range, space: frame.space, box: box) else { return }
            if !filtered && clipsNothing(clip, of: content) {
                pieces.removeSubrange(clip)
            } else {
                groups.append(IconGroup(pieces: inner, opacity: 1, mask: clip))
                inner = inner.lowerBound..<pieces.count
            }
        }
        var mask: Range<Int>?
        if let id = frame.mask, let range = references.ranges[id] {
            guard let masked = maskPieces(id, range, space: frame.space, box: box, content: &inner, filtered: filtered)
            else { return }
            mask = masked
        }
        if frame.opacity < 1 || mask != nil {
            groups.append(IconGroup(pieces: inner, opacity: frame.opacity, mask: mask))
        }
    }

    /// Whether the clip is one upright rectangle holding all of `content` (fills and strokes): what
    /// Figma wraps around every exported frame. Such a clip changes no pixel, so the icon keeps
    /// drawing its pieces straight (through the glyph cache) instead of through an offscreen.
    private func clipsNothing(_ clip: Range<Int>, of content: Range<Int>) -> Bool {
        guard clip.count == 1, let rect = Self.uprightRectangle(pieces[clip.lowerBound].path) else { return false }
        return rect.contains(strokedBounds(of: content, in: .identity))
    }

    /// The rectangle `path` is when it is one closed contour of four axis-aligned sides.
    static func uprightRectangle(_ path: Path) -> Rect? {
        var points: [Point] = []
        for (k, element) in path.elements.enumerated() {
            switch element {
            case .move(let p) where k == 0: points.append(p)
            case .line(let p) where k > 0: points.append(p)
            case .close where k == path.elements.count - 1: break
            default: return nil
            }
        }
        if points.count == 5, points[4] == points[0] { points.removeLast() }
        guard points.count == 4 else { return nil }
        // Each side horizontal or vertical, of some length, turning a right angle at each corner.
        var horizontal: [Bool] = []
        for k in 0..<4 {
            let (a, b) = (points[k], points[(k + 1) % 4])
            guard (a.x == b.x) != (a.y == b.y) else { return nil }
            horizontal.append(a.y == b.y)
        }
        guard horizontal[0] != horizontal[1], horizontal[1] != horizontal[2], horizontal[2] != horizontal[3] else {
            return nil
        }
        let box = path.bounds
        return box.width > 0 && box.height > 0 ? box : nil
    }

    /// The box of the pieces in `range` and of the hidden shapes among them (their geometry, not
    /// their strokes) in the user space that `space` maps to viewBox units: what
    /// `objectBoundingBox` units measure.
    func bounds(of range: Range<Int>, in space: Geometry.AffineTransform) -> Rect {
        guard let inverse = space.inverted else { return .null }
        var box = Rect.null
        let spaces = layerSpaces(in: range)
        for i in range {
            box = box.union(pieces[i].path.applying((spaces[i] ?? .identity).concatenating(inverse)).bounds)
        }
        for hidden in hiddenOutlines where (range.lowerBound...range.upperBound).contains(hidden.at) {
            box = box.union(hidden.path.applying(inverse).bounds)
        }
        return box
    }

    /// Appends the clip path's shapes as opaque pieces and returns their range; nil after a failure.
    private func clipPieces(_ id: String, _ range: Range<Int>, space: Geometry.AffineTransform, box: Rect)
        -> Range<Int>?
    {
        guard let (attributes, line) = definition(id, range, of: "clipPath", by: "clip-path") else { return nil }
        let start = pieces.count
        guard let units = contentUnits(attributes, "clipPathUnits", default: "userSpaceOnUse", line: line) else {
            return nil
        }
        var t = Geometry.AffineTransform.identity
        if units == "objectBoundingBox" {
            // Nothing to lay the clip on: it clips everything away.
            guard box.width > 0, box.height > 0 else { return start..<start }
            t = Self.boxMap(box)
        }
        if let text = attributes["transform"] {
            guard var own = SVGValue.transform(text) else {
                fail(
                    "attribute transform=\"\(text.prefix(40))\" on <clipPath> at line \(line): expected a transform list"
                )
                return nil
            }
            if let o = attributes["transform-origin"] {
                guard let about = transform(own, aboutOrigin: o) else {
                    fail(
                        "attribute transform-origin=\"\(o)\" on <clipPath> at line \(line): expected \(Self.originExpected)"
                    )
                    return nil
                }
                own = about
            }
            t = t.concatenating(own)
        }
        var style = Style()
        style.transform = t.concatenating(space)
        replayContent(range, id: id, style: style, mode: .clipping)
        guard error == nil, let written = groupReference(attributes, "clip-path", on: "clipPath") else { return nil }
        let nested = unbroken(written, "clip-path", event: range.lowerBound, reading: id)
        // A clip path's own clip path cuts it: its shapes, masked by that one's.
        if let nested, let nestedRange = references.ranges[nested] {
            replaying.append(id)
            defer { replaying.removeLast() }
            guard let inner = clipPieces(nested, nestedRange, space: space, box: box) else { return nil }
            if inner.lowerBound > start {
                groups.append(IconGroup(pieces: start..<inner.lowerBound, opacity: 1, mask: inner))
            }
        }
        return start..<pieces.count
    }

    /// Appends the mask's content as pieces whose alpha is the mask's value and returns their
    /// range; `content` grows by a group clipping it to the mask's region when it reaches outside.
    /// Nil after a failure.
    private func maskPieces(
        _ id: String, _ range: Range<Int>, space: Geometry.AffineTransform, box: Rect, content: inout Range<Int>,
        filtered: Bool
    ) -> Range<Int>? {
        guard let (attributes, line) = definition(id, range, of: "mask", by: "mask") else { return nil }
        // Luminance in linear RGB (CSS Masking) is what resvg and browsers do not draw: sRGB's.
        if attributes["color-interpolation"]?.trimmingWhitespace == "linearRGB" {
            warn(
                "color-interpolation=\"linearRGB\" on the <mask> #\(id) at line \(line) is not applied; its luminance is sRGB's"
            )
        }
        guard let units = contentUnits(attributes, "maskUnits", default: "objectBoundingBox", line: line),
            let contentUnits = contentUnits(attributes, "maskContentUnits", default: "userSpaceOnUse", line: line)
        else { return nil }
        // The region: x, y, width, height, −10 % / 120 % of the box by default.
        guard let region = maskRegion(attributes, boxUnits: units == "objectBoundingBox", box: box, line: line)
        else { return nil }
        // Bounding-box units on a box without area: an empty mask, which masks everything away.
        guard box.width > 0 && box.height > 0 || (units != "objectBoundingBox" && contentUnits != "objectBoundingBox")
        else { return pieces.count..<pieces.count }
        if filtered || !region.contains(strokedBounds(of: content, in: space)) {
            let clipStart = pieces.count
            pieces.append(Self.opaque(Self.rectangle(region).applying(space)))
            groups.append(IconGroup(pieces: content, opacity: 1, mask: clipStart..<pieces.count))
            content = content.lowerBound..<pieces.count
        }
        var style = Style()
        style.transform = space
        if contentUnits == "objectBoundingBox" { style.transform = Self.boxMap(box).concatenating(space) }
        let start = pieces.count
        let groupsBefore = groups.count
        replayContent(range, id: id, style: style, mode: .drawing)
        guard error == nil else { return nil }
        if (attributes["mask-type"] ?? maskTypeInStyle(attributes["style"])) != "alpha" {
            guard refuseBlendsInLuminanceMask(id, line: line, groupsFrom: groupsBefore) else { return nil }
            // The masks of groups inside the mask's content are alpha already.
            var masks = IndexSet()
            for group in groups[groupsBefore...] { if let m = group.mask { masks.insert(integersIn: m) } }
            for i in start..<pieces.count where !masks.contains(i) {
                pieces[i] = Self.luminanceAsAlpha(pieces[i])
            }
        }
        guard let written = groupReference(attributes, "mask", on: "mask") else { return nil }
        let nested = unbroken(written, "mask", event: range.lowerBound, reading: id)
        // A mask's own mask multiplies it: its content, masked by that one's.
        if let nested, let nestedRange = references.ranges[nested] {
            replaying.append(id)
            defer { replaying.removeLast() }
            var own = start..<pieces.count
            guard let inner = maskPieces(nested, nestedRange, space: space, box: box, content: &own, filtered: false)
            else { return nil }
            if !own.isEmpty { groups.append(IconGroup(pieces: own, opacity: 1, mask: inner)) }
        }
        return start..<pieces.count
    }

    /// A clip path's or mask's elements replayed under `style` (not the referencing element's:
    /// their content inherits from where they are defined), in `mode`.
    func replayContent(_ range: Range<Int>, id: String, style: Style, mode contentMode: ContentMode) {
        let outer = (mode, groupFrames)
        mode = contentMode
        groupFrames = []
        styles.append(style)
        contentRoot = true
        replay(range, id: id)
        styles.removeLast()
        (mode, groupFrames) = outer
    }

    /// The `<clipPath>`, `<mask>` or `<pattern>` whose content is being replayed: its style is the one
    /// `replayContent` pushed (its units and transform are read there), so only a clip or mask
    /// of its own is looked at, and refused.
    func startContentRoot(_ element: String, _ attributes: [String: String]) {
        contentRoot = false
        let own =
            element == "clipPath"
            ? Self.clipPathAttributes
            : element == "pattern"
                ? Self.patternAttributes
                : element == "marker" ? Self.markerAttributes : Self.maskAttributes
        for key in attributes.keys.sorted()
        where !own.contains(key) && !Self.isIgnored(key, on: element)
            // A pattern's `clip` was warned about where its attributes were read (`patternDefinition`).
            && !(key == "clip" && (element == "pattern" || ignoresCSSClip(key, attributes[key] ?? "", on: element)))
        {
            return fail(
                "attribute '\(key)' on <\(element)> is not in the supported SVG subset; expected \(own.sorted().joined(separator: ", "))"
            )
        }
        var style = styles[styles.count - 1]
        // Inherited by the shapes inside (from the clip path or where it stands): what its
        // silhouettes are filled by.
        if let rule = (attributes["clip-rule"] ?? replayedInherited("clip-rule"))?.trimmingWhitespace {
            if rule == "nonzero" || rule == "evenodd" {
                style.clipRule = rule == "evenodd" ? .evenOdd : .nonZero
            } else {
                // As if not written (IconBuilder+Recovery.swift): the inherited rule stays.
                warnInvalid("clip-rule", rule, on: element, expected: "nonzero or evenodd")
            }
        }
        styles.append(style)
    }

    /// The inherited attribute `key` where the clip path or mask being replayed stands.
    private func replayedInherited(_ key: String) -> String? {
        replaying.last.flatMap { references.inherited[$0]?[key] }
    }

    /// `display` does not apply to either (they are never rendered where they stand); a mask's
    /// `transform` has no effect (resvg and browsers ignore it).
    static let clipPathAttributes: Set<String> = [
        "clipPathUnits", "transform", "transform-origin", "clip-rule", "style", "display", "clip-path",
    ]
    static let maskAttributes: Set<String> = [
        "x", "y", "width", "height", "maskUnits", "maskContentUnits", "mask-type", "style", "display", "transform",
        "mask", "color-interpolation",
    ]

    /// The attributes and line of the `<clipPath>` or `<mask>` (`kind`) with `id`, which
    /// `attribute` names; nil after a failure (another element, or one used inside itself).
    private func definition(_ id: String, _ range: Range<Int>, of kind: String, by attribute: String)
        -> ([String: String], Int)?
    {
        guard case .start(let element, let attributes, let line) = references.events[range.lowerBound] else {
            return nil
        }
        guard element == kind else {
            fail("\(attribute)=\"url(#\(id))\" names a <\(element)>; expected a <\(kind)>")
            return nil
        }
        guard !replaying.contains(id) else {
            fail("the <\(kind)> #\(id) at line \(line) is used inside itself: a cycle")
            return nil
        }
        return (attributes, line)
    }

    private func contentUnits(_ attributes: [String: String], _ key: String, default value: String, line: Int)
        -> String?
    {
        let units = attributes[key]?.trimmingWhitespace ?? value
        guard units == "userSpaceOnUse" || units == "objectBoundingBox" else {
            // As if not written (IconBuilder+Recovery.swift).
            warnInvalid(
                key, units, on: key.hasPrefix("clipPath") ? "clipPath" : "mask", line: line,
                expected: "userSpaceOnUse or objectBoundingBox")
            return value
        }
        return units
    }

    private func maskRegion(_ a: [String: String], boxUnits: Bool, box: Rect, line: Int) -> Rect? {
        var values: [Double] = []
        for (key, fallback) in [("x", "-10%"), ("y", "-10%"), ("width", "120%"), ("height", "120%")] {
            let viewport = boxUnits ? Size(width: 1, height: 1) : viewportSize
            var v = a[key].flatMap { SVGValue.length($0, viewport: viewport, axis: Self.axis(of: key)) }
            if v == nil, let text = a[key] {
                // As if not written (IconBuilder+Recovery.swift).
                warnInvalid(key, text, on: "mask", line: line, expected: "a length")
            }
            if v == nil { v = SVGValue.length(fallback, viewport: viewport, axis: Self.axis(of: key)) }
            values.append(v ?? 0)
        }
        let r = Rect(x: values[0], y: values[1], width: values[2], height: values[3])
        guard boxUnits else { return r }
        return Rect(
            x: box.minX + r.minX * box.width, y: box.minY + r.minY * box.height, width: r.width * box.width,
            height: r.height * box.height)
    }

    /// `mask-type` written in a `style=""` (the one property read from there on a mask).
    private func maskTypeInStyle(_ style: String?) -> String? {
        guard let style, let declarations = try? SVGStyleSheet.declarations(style) else { return nil }
        return declarations.last { $0.property == "mask-type" }?.value.trimmingWhitespace
    }

    /// The box of the pieces' fills and strokes in the user space `space` maps to viewBox units.
    func strokedBounds(of range: Range<Int>, in space: Geometry.AffineTransform) -> Rect {
        guard let inverse = space.inverted else { return .null }
        var box = Rect.null
        let spaces = layerSpaces(in: range)
        for i in range {
            let piece = pieces[i]
            var outline = piece.path
            if piece.strokes {
                let size = max(viewBox?.width ?? 1, viewBox?.height ?? 1)
                outline.append(piece.strokeOutline(tolerance: 1e-3 * size))
            }
            box = box.union(outline.applying((spaces[i] ?? .identity).concatenating(inverse)).bounds)
        }
        return box
    }

    /// The map from a box's unit square to the box.
    static func boxMap(_ box: Rect) -> Geometry.AffineTransform {
        Geometry.AffineTransform(a: box.width, b: 0, c: 0, d: box.height, tx: box.minX, ty: box.minY)
    }

    /// A piece that fills `path` opaque: a clip path's silhouette, a mask's region.
    static func opaque(_ path: Path, rule: FillRule = .nonZero) -> IconPiece {
        IconPiece(
            path: path, fill: .black, fillRule: rule, stroke: .clear, strokeStyle: StrokeStyle(), strokeSpace: nil)
    }

    /// A luminance mask's piece as an alpha mask's: each colour's alpha times its luminance
    /// (sRGB's coefficients on the 8-bit values, as resvg and browsers take it). Exact where the
    /// mask's shapes do not overlap; where translucent shapes overlap, each is weighted by its
    /// own alpha rather than by the composite's.
    static func luminanceAsAlpha(_ piece: IconPiece) -> IconPiece {
        func alpha(_ c: ColorRGBA8) -> ColorRGBA8 {
            let luminance = (0.2125 * Double(c.r) + 0.7154 * Double(c.g) + 0.0721 * Double(c.b)) / 255
            return ColorRGBA8(r: 0, g: 0, b: 0, a: UInt8((Double(c.a) * luminance).rounded()))
        }
        // Luminance times alpha is not linear in t between two stops (white clear to opaque
        // black peaks at a quarter halfway): each gradient's stops are first cut into 16 pieces
        // a span, within a quarter level of the exact curve.
        func mapped(_ g: IconGradient?) -> IconGradient? {
            guard var g else { return nil }
            g.gradient = Self.subdivided(g.gradient, pieces: 16)
            g.gradient.colors = g.gradient.colors.map(alpha)
            return g
        }
        var out = piece
        out.image = piece.image.map { IconImage(image: luminanceAsAlpha($0.image), toViewBox: $0.toViewBox) }
        out.fill = alpha(piece.fill)
        out.stroke = alpha(piece.stroke)
        out.fillGradient = mapped(piece.fillGradient)
        out.strokeGradient = mapped(piece.strokeGradient)
        out.fillFollowsTint = false
        out.strokeFollowsTint = false
        return out
    }

    /// A picture in a luminance mask as an alpha mask's: each pixel black at its alpha times its
    /// luminance. Luminance times alpha is linear in the premultiplied colour, so sampling the
    /// converted picture gives what converting the sampled one would (resvg converts the mask's
    /// rendered pixels).
    static func luminanceAsAlpha(_ image: SceneImage) -> SceneImage {
        var pixels = image.straightRGBA
        for p in stride(from: 0, to: pixels.count, by: 4) {
            let luminance =
                (0.2125 * Double(pixels[p]) + 0.7154 * Double(pixels[p + 1]) + 0.0721 * Double(pixels[p + 2])) / 255
            pixels[p + 3] = UInt8((Double(pixels[p + 3]) * luminance).rounded())
            (pixels[p], pixels[p + 1], pixels[p + 2]) = (0, 0, 0)
        }
        return SceneImage(
            width: image.width, height: image.height, straightRGBA: pixels, identity: image.identity + "-luminance")
    }

    /// `g` with `pieces` − 1 stops added inside each span between two different stops, at the
    /// colours straight interpolation gives there (rounded to the byte).
    static func subdivided(_ g: Gradient, pieces: Int) -> Gradient {
        var out = g
        out.colors = []
        out.locations = []
        for i in g.colors.indices {
            if i > 0 && g.colors[i] != g.colors[i - 1] && g.locations[i] > g.locations[i - 1] {
                let (a, b) = (g.colors[i - 1], g.colors[i])
                for k in 1..<pieces {
                    let f = Double(k) / Double(pieces)
                    func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
                        UInt8((Double(x) + (Double(y) - Double(x)) * f).rounded())
                    }
                    out.colors.append(
                        ColorRGBA8(r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b), a: mix(a.a, b.a)))
                    out.locations.append(g.locations[i - 1] + (g.locations[i] - g.locations[i - 1]) * f)
                }
            }
            out.colors.append(g.colors[i])
            out.locations.append(g.locations[i])
        }
        return out
    }
}
