import Colors
import Foundation
import Geometry

/// `context-fill` and `context-stroke` (SVG 2): the fill or stroke of the context element, the
/// shape a marker is drawn on or the `<use>` whose copy this is. Its paint is taken as the context
/// element paints it: a gradient or pattern keeps the context element's user space and bounding
/// box (as resvg draws them), not the space of the shape that paints with it. Outside any context,
/// they paint nothing.
extension IconBuilder {
    /// The space a paint server is resolved in: the user space `transform` maps to viewBox units,
    /// and the bounding box `objectBoundingBox` units measure there (nil while a `<use>`'s box is
    /// being measured: its servers paint nothing then).
    struct PaintSpace: Equatable {
        var box: Rect?
        var transform: Geometry.AffineTransform
    }

    /// A context element: its style (paints resolved) and the space of its paint servers.
    struct PaintContext {
        var style: Style
        var space: PaintSpace
    }

    /// `fill` or `stroke` set to `context-fill` or `context-stroke`: the context's paint copied
    /// into `style` (`isFill` says which of style's paints). False when `value` is neither keyword.
    func applyContextPaint(_ value: String, isFill: Bool, to style: inout Style) -> Bool {
        let keyword = value.trimmingWhitespace
        guard keyword == "context-fill" || keyword == "context-stroke" else { return false }
        var paint: (colour: ColorRGBA8, server: SVGPaintReference?, followsTint: Bool, space: PaintSpace?) = (
            .clear, nil, false, nil
        )
        if let context = paintContexts.last {
            let source = context.style
            paint =
                keyword == "context-fill"
                ? (source.resolvedFill, source.fillServer, source.fillFollowsTint, source.fillSpace)
                : (source.resolvedStroke, source.strokeServer, source.strokeFollowsTint, source.strokeSpace)
            if paint.server != nil && paint.space == nil { paint.space = context.space }
            // A box still being measured: nothing to paint yet.
            if paint.server != nil && paint.space?.box == nil { (paint.colour, paint.server) = (.clear, nil) }
        } else {
            warn("\(isFill ? "fill" : "stroke")=\"\(keyword)\" outside a marker or a <use> paints nothing")
        }
        // Following the item's tint, as the context's paint does, unless a `color` is set here.
        let tint = paint.followsTint && style.color == nil
        if isFill {
            (style.fill, style.fillServer, style.fillIsCurrentColor, style.fillSpace) = (
                paint.colour, paint.server, tint, paint.space
            )
        } else {
            (style.stroke, style.strokeServer, style.strokeIsCurrentColor, style.strokeSpace) = (
                paint.colour, paint.server, tint, paint.space
            )
        }
        return true
    }

    /// The box and map a paint server of `space` is resolved with, for a shape whose own box
    /// (its outline's, or its whole text's) is `own`, drawn under `transform`: the shape's own
    /// without a context; and the map from the shape's user space into the server's.
    func serverFrame(_ space: PaintSpace?, own: Rect, transform: Geometry.AffineTransform) -> (
        box: Rect, toViewBox: Geometry.AffineTransform, fromShape: Geometry.AffineTransform
    ) {
        guard let space, let box = space.box, let inverse = space.transform.inverted else {
            return (own, transform, .identity)
        }
        return (box, space.transform, transform.concatenating(inverse))
    }

    /// A `<use>` as the context of its copy: its paints, in its own user space `space`. When one
    /// of them is a paint server, the box it measures is the copy's own: the copy is read once
    /// without painting to find it (every element of that reading counts against the budget).
    func useContext(_ range: Range<Int>, id: String, space: Geometry.AffineTransform) -> PaintContext {
        let style = styles[styles.count - 1]
        var context = PaintContext(style: style, space: PaintSpace(box: nil, transform: space))
        guard
            (style.fillServer != nil && style.fillSpace == nil)
                || (style.strokeServer != nil && style.strokeSpace == nil),
            mayPaintFromContext(range)
        else { return context }
        let saved = (
            pieces: pieces.count, groups: groups.count, hidden: hiddenOutlines.count, symbol: symbolViewport,
            size: svgSizeOverride, images: imagePixels, filters: filterPrimitives
        )
        paintContexts.append(context)
        replay(range, id: id)
        paintContexts.removeLast()
        context.space.box = bounds(of: saved.pieces..<pieces.count, in: space)
        pieces.removeSubrange(saved.pieces...)
        groups.removeSubrange(saved.groups...)
        hiddenOutlines.removeSubrange(saved.hidden...)
        (symbolViewport, svgSizeOverride, imagePixels, filterPrimitives) = (
            saved.symbol, saved.size, saved.images, saved.filters
        )
        if let box = context.space.box, !box.minX.isFinite { context.space.box = nil }
        return context
    }

    /// Whether the copy of `range` may paint from its context: a `context-` value in it or in the
    /// sheet, or a `<use>` in it (which may copy one). Proportional to the copy itself.
    private func mayPaintFromContext(_ range: Range<Int>) -> Bool {
        if references.sheetDeclarations.contains(where: { $0.value.contains("context-") }) { return true }
        return references.events[range].contains { event in
            guard case .start(let element, let attributes, _) = event else { return false }
            return element == "use" || attributes.values.contains { $0.contains("context-") }
        }
    }
}
