import Foundation
import Geometry

/// `<use>` and `<symbol>`: the referenced element's events (SVGReferences) replayed through the
/// builder where the use stands, as if written there.
extension IconBuilder {
    /// `<use>`, its style just pushed: the referenced element copied here, translated by x and y
    /// after the use's transform (as SVG places it), a `<symbol>` fitted into width × height.
    /// The use's own children (SVG draws none) are skipped with its end.
    func use(_ attributes: [String: String]) {
        guard let href = attributes["href"] ?? attributes["xlink:href"], href.hasPrefix("#"), href.count > 1 else {
            return fail(
                "<use> needs href=\"#id\" (or xlink:href) naming an element of this file; other files are not loaded")
        }
        let id = String(href.dropFirst())
        guard let range = references.ranges[id] else { return fail("<use> of #\(id): no element has id=\"\(id)\"") }
        guard !replaying.contains(id) else { return fail("<use> of #\(id) inside #\(id) itself: a cycle") }
        // Each copy inside a copy is a level of recursion here: bounded, so a chain of thousands
        // of uses in one file cannot exhaust the stack.
        guard replaying.count < Self.maxUseDepth else {
            return fail("<use> of #\(id) copies inside \(Self.maxUseDepth) other copies; expected at most that depth")
        }
        guard let x = number(attributes, "x", element: "use", default: 0),
            let y = number(attributes, "y", element: "use", default: 0)
        else { return }
        let top = styles.count - 1
        // The viewport a used symbol clips to (`overflow` hidden or scroll), nil when nothing clips.
        var clip: Rect?
        styles[top].transform = Geometry.AffineTransform(translationX: x, y: y).concatenating(styles[top].transform)
        if case .start(let target, let targetAttributes, _) = references.events[range.lowerBound], target == "symbol" {
            // Without them, 100 %: the viewport the icon's viewBox shows.
            let root = viewBox ?? Rect(x: 0, y: 0, width: 0, height: 0)
            guard let w = number(attributes, "width", element: "use", default: root.width),
                let h = number(attributes, "height", element: "use", default: root.height), w >= 0, h >= 0
            else { return fail("<use> of a <symbol>: width and height must be ≥ 0") }
            symbolViewport = Rect(x: 0, y: 0, width: w, height: h)
            switch targetAttributes["overflow"]?.trimmingWhitespace ?? "hidden" {
            case "visible", "auto": break
            case "hidden", "scroll": clip = symbolViewport
            case let other:
                return fail("attribute overflow=\"\(other)\" on <symbol>: expected visible, auto, hidden or scroll")
            }
        }
        let useSpace = styles[top].transform
        let firstPiece = pieces.count
        let outerLine = replayLine
        replaying.append(id)
        for event in references.events[range] where error == nil {
            switch event {
            case .start(let element, let attributes, let line):
                replayLine = line
                start(element, attributes)
            case .end(let element):
                end(element)
            }
        }
        replaying.removeLast()
        replayLine = outerLine
        symbolViewport = nil
        styles.removeLast()
        ignoredDepth += 1
        if let clip, error == nil { checkInside(clip, under: useSpace, pieces: firstPiece..<pieces.count, id: id) }
    }

    /// A symbol's viewport clips what it draws (`overflow: hidden`), and icons have no clip: so the
    /// pieces a use of one made must lie inside it (their fill and stroke bounds, in the use's
    /// space), or the file is refused rather than drawn unclipped.
    private func checkInside(
        _ viewport: Rect, under space: Geometry.AffineTransform, pieces range: Range<Int>, id: String
    ) {
        guard let inverse = space.inverted else { return fail("<use> of #\(id): its transform cannot be inverted") }
        let slack = 1e-9 * max(viewport.width, viewport.height, 1)
        for piece in pieces[range] {
            var outline = piece.path
            if piece.strokes {
                outline.append(piece.strokeOutline(tolerance: 1e-3 * max(viewport.width, viewport.height, 1)))
            }
            let box = outline.applying(inverse).controlPointBounds
            guard box.minX >= -slack, box.minY >= -slack, box.maxX <= viewport.width + slack,
                box.maxY <= viewport.height + slack
            else {
                return fail(
                    "<use> of <symbol id=\"\(id)\">: what it draws reaches outside its \(viewport.width) × \(viewport.height) viewport, which SVG clips and icons do not clip yet; expected the symbol's content inside its viewBox"
                )
            }
        }
    }

    /// A used `<symbol>`'s viewBox fitted into `viewport` (xMidYMid meet); the identity without one.
    func symbolFit(_ a: [String: String], into viewport: Rect) -> Geometry.AffineTransform? {
        guard let v = a["viewBox"] else { return .identity }
        return viewBoxRect(v, on: "symbol").map { Icon.fitting($0, into: viewport.size) }
    }
}
