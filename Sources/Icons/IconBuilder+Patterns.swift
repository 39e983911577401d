import Foundation
import Geometry

/// `<pattern>` paint servers: a shape's fill or stroke painted with a tile repeated over it.
/// The tiles that cover the paint's extent are drawn as copies of the pattern's content (each cut
/// to its tile unless `overflow` is visible), composited as one group masked by the fill's or the
/// stroke's silhouette, as a pattern's paint is in SVG.
extension IconBuilder {
    /// Most tiles one paint may draw: each is a copy of the pattern's content (which the element
    /// budget counts too), so a tiny tile over a large shape is refused instead of drawn forever.
    static let maxPatternTiles = 4_096

    static let patternAttributes: Set<String> = [
        "x", "y", "width", "height", "patternUnits", "patternContentUnits", "patternTransform", "viewBox",
        "preserveAspectRatio", "href", "overflow", "style", "display", "color", "transform-origin",
    ]

    /// A pattern's attributes (each with its line) and the events whose children are its content,
    /// taken along its `href` chain: an attribute from the first pattern that has it, the content
    /// from the first that has children. Nil after a failure; an `href` cycle is cut where it
    /// closes.
    struct PatternDefinition {
        var attributes: [String: (value: String, line: Int)] = [:]
        var content: (id: String, range: Range<Int>)?
    }

    func patternDefinition(_ id: String) -> PatternDefinition? {
        var definition = PatternDefinition()
        var visited: [String] = []
        var next: String? = id
        while let current = next, !visited.contains(current), let range = references.ranges[current],
            case .start("pattern", let attributes, let line) = references.events[range.lowerBound]
        {
            guard visited.count < Self.maxGradientChain else {
                fail("the pattern #\(id) inherits through more than \(Self.maxGradientChain) hrefs")
                return nil
            }
            visited.append(current)
            for key in attributes.keys.sorted()
            where !Self.patternAttributes.contains(key) && !Self.isIgnored(key, on: "pattern")
                && !hasNoEffect(key, attributes[key] ?? "", on: "pattern", line: line)
            {
                fail("attribute '\(key)' on <pattern> at line \(line) is not in the supported SVG subset")
                return nil
            }
            for (key, value) in attributes where definition.attributes[key] == nil && key != "href" {
                definition.attributes[key] = (value, line)
            }
            // Children: any element start one level in (a title or desc draws nothing, but counts
            // as content the way SVG renderers count it).
            if definition.content == nil && range.count > 2 { definition.content = (current, range) }
            next = (attributes["href"] ?? attributes["xlink:href"]).flatMap {
                $0.hasPrefix("#") ? String($0.dropFirst()) : nil
            }
        }
        return definition
    }

    /// Appends the tiles of pattern `id` painting the region `extent` (user space) of a shape
    /// whose bounding box is `box`, under `toViewBox`, faded by `opacity`, as one group masked by
    /// `silhouette` (viewBox units). False after a failure; a pattern that paints nothing (no
    /// content, a tile without area, a cycle) appends nothing.
    func appendPattern(
        _ id: String, box: Rect, extent: Rect, toViewBox: Geometry.AffineTransform, opacity: Double,
        silhouette: IconPiece
    ) -> Bool {
        guard !replaying.contains(id), let definition = patternDefinition(id) else { return error == nil }
        guard let content = definition.content, opacity > 0,
            let tiling = patternTiling(definition, box: box, line: content.range.lowerBound)
        else { return error == nil }
        guard let tile = tiling.tile else { return true }
        // A patternTransform that cannot be inverted counts as not written, as a gradient's does.
        let toUser = tiling.toUser.inverted == nil ? .identity : tiling.toUser
        // The tiles the extent reaches, in pattern space (before patternTransform).
        let reach = boundingBox(of: extent, under: toUser.inverted ?? .identity)
        let columns = Self.tileIndexes(reach.minX, reach.maxX, start: tile.minX, step: tile.width)
        let rows = Self.tileIndexes(reach.minY, reach.maxY, start: tile.minY, step: tile.height)
        guard columns.count * rows.count <= Self.maxPatternTiles else {
            fail(
                "the pattern #\(id) would draw \(columns.count * rows.count) tiles over its shape; expected at most \(Self.maxPatternTiles)"
            )
            return false
        }
        let start = pieces.count
        let space = toUser.concatenating(toViewBox)
        let upright = toUser.b == 0 && toUser.c == 0 && toViewBox.b == 0 && toViewBox.c == 0
        // The content is read while the shape that paints with it is open.
        let openShapes = shapeDepth
        shapeDepth = 0
        defer { shapeDepth = openShapes }
        let clips =
            definition.attributes["overflow"].map { !["visible", "auto"].contains($0.value.trimmingWhitespace) } ?? true
        for row in rows {
            for column in columns where error == nil {
                let origin = Point(tile.minX + Double(column) * tile.width, tile.minY + Double(row) * tile.height)
                var style = Style()
                style.transform = tiling.content.concatenating(
                    Geometry.AffineTransform(translationX: origin.x, y: origin.y)
                ).concatenating(space)
                let first = pieces.count
                replayContent(content.range, id: content.id, style: style, mode: .drawing)
                if clips, error == nil {
                    clipToViewport(Rect(origin: origin, size: tile.size), under: space, pieces: first..<pieces.count)
                }
                // Marked after the content, so a pattern inside the content takes the outer tile.
                let unit = Geometry.AffineTransform(
                    a: tile.width, b: 0, c: 0, d: tile.height, tx: origin.x, ty: origin.y)
                let marked = IconTile(toViewBox: unit.concatenating(space), writtenUpright: upright)
                for k in first..<pieces.count { pieces[k].tile = marked }
            }
        }
        guard error == nil else { return false }
        guard pieces.count > start else { return true }
        let tiles = start..<pieces.count
        pieces.append(silhouette)
        groups.append(IconGroup(pieces: tiles, opacity: opacity, mask: tiles.upperBound..<pieces.count))
        return true
    }

    /// A shape with a pattern fill or stroke: the fill's tiles, the piece with its other paints,
    /// then the stroke's tiles, in SVG's painting order. `box` is what bounding-box units measure
    /// (the outline's, or a whole text's). False after a failure.
    func addPatterned(
        _ piece: IconPiece, _ patterns: (fill: String?, stroke: String?), outline: Path, box: Rect, style: Style,
        opacity: Double
    ) -> Bool {
        let extent = box.union(outline.bounds)
        let t = style.transform
        if let id = patterns.fill {
            let silhouette = Self.opaque(piece.path, rule: piece.fillRule)
            // A context paint's tiles are laid in the context element's space.
            let frame = serverFrame(style.fillSpace, own: box, transform: t)
            guard
                appendPattern(
                    id, box: frame.box, extent: boundingBox(of: extent, under: frame.fromShape),
                    toViewBox: frame.toViewBox,
                    opacity: style.fillOpacity * opacity, silhouette: silhouette)
            else { return false }
        }
        if piece.fills || piece.strokes { pieces.append(piece) }
        if let id = patterns.stroke, style.strokeGeometry.lineWidth > 0 {
            var stroked = piece
            stroked.stroke = .black
            let size = max(viewBox?.width ?? 1, viewBox?.height ?? 1)
            let silhouette = Self.opaque(stroked.strokeOutline(tolerance: 1e-3 * size), rule: .nonZero)
            // The stroke reaches half its width out, further at miter joins.
            let reach = style.strokeGeometry.lineWidth / 2 * max(style.strokeGeometry.miterLimit, 1)
            let frame = serverFrame(style.strokeSpace, own: box, transform: t)
            guard
                appendPattern(
                    id, box: frame.box,
                    extent: boundingBox(of: extent.insetBy(dx: -reach, dy: -reach), under: frame.fromShape),
                    toViewBox: frame.toViewBox, opacity: style.strokeOpacity * opacity, silhouette: silhouette)
            else { return false }
        }
        return true
    }

    /// The tile (in pattern space) and the maps around it: content units → the tile's own
    /// coordinates (`viewBox` or `patternContentUnits`), pattern space → user space
    /// (`patternTransform`). A nil tile paints nothing. Nil after a failure.
    private func patternTiling(_ d: PatternDefinition, box: Rect, line: Int) -> (
        tile: Rect?, content: Geometry.AffineTransform, toUser: Geometry.AffineTransform
    )? {
        let a = d.attributes
        func units(_ key: String, _ fallback: String) -> Bool? {
            let value = a[key]?.value.trimmingWhitespace ?? fallback
            guard value == "userSpaceOnUse" || value == "objectBoundingBox" else {
                // A value that does not parse counts as not written (IconBuilder+Recovery.swift).
                warnInvalid(
                    key, value, on: "pattern", line: a[key]?.line ?? line,
                    expected: "userSpaceOnUse or objectBoundingBox")
                return fallback == "objectBoundingBox"
            }
            return value == "objectBoundingBox"
        }
        guard let boxUnits = units("patternUnits", "objectBoundingBox"),
            let boxContent = units("patternContentUnits", "userSpaceOnUse")
        else { return nil }
        var numbers: [Double] = []
        for key in ["x", "y", "width", "height"] {
            let text = a[key]?.value ?? "0"
            guard
                let v = SVGValue.length(text, viewport: boxUnits ? Size(1, 1) : viewportSize, axis: Self.axis(of: key))
            else {
                // As if not written (IconBuilder+Recovery.swift): 0.
                warnInvalid(key, text, on: "pattern", line: a[key]?.line ?? line, expected: "a length")
                numbers.append(0)
                continue
            }
            numbers.append(v)
        }
        var tile = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        if boxUnits {
            tile = Rect(
                x: box.minX + tile.minX * box.width, y: box.minY + tile.minY * box.height,
                width: tile.width * box.width, height: tile.height * box.height)
        }
        var toUser = Geometry.AffineTransform.identity
        if let written = a["patternTransform"] {
            guard var t = SVGValue.transform(written.value) else {
                fail(
                    "attribute patternTransform=\"\(written.value.prefix(40))\" on <pattern> at line \(written.line): expected matrix, translate, scale, rotate, skewX or skewY"
                )
                return nil
            }
            // In user space (the tiles' space whatever their units).
            guard about(a["transform-origin"], &t, units: viewportSize ?? Size(width: 0, height: 0), on: "<pattern>")
            else { return nil }
            toUser = t
        }
        var content = Geometry.AffineTransform.identity
        if let written = a["viewBox"], let view = viewBoxRect(written.value, on: "pattern") {
            var plain: [String: String] = [:]
            if let p = a["preserveAspectRatio"] { plain["preserveAspectRatio"] = p.value }
            guard let fit = aspectRatio(plain, on: "pattern") else { return nil }
            content = fit.fit(view, into: tile.size)
        } else if boxContent {
            content = Geometry.AffineTransform(scaleX: box.width, y: box.height)
        }
        guard tile.width > 0, tile.height > 0, tile.width.isFinite, tile.height.isFinite else {
            return (nil, content, toUser)
        }
        return (tile, content, toUser)
    }

    /// The indexes of the tiles of `step` starting at `start` that reach into `low ... high`
    /// (empty when nothing does, or the span is not finite).
    static func tileIndexes(_ low: Double, _ high: Double, start: Double, step: Double) -> Range<Int> {
        let first = floor((low - start) / step)
        let end = ceil((high - start) / step)
        guard first.isFinite, end.isFinite, abs(first) < 1e9, abs(end) < 1e9, end > first else { return 0..<0 }
        return Int(first)..<Int(end)
    }
}
