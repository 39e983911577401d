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
        // SVG: a use that copies itself is in error, and the document is drawn without it.
        if let event = currentEvent, references.recursiveUses.contains(event) {
            warn("<use> of #\(id) copies itself, through what it copies: not drawn")
            return endUse()
        }
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
        if case .start("svg", _, _) = references.events[range.lowerBound] {
            svgSizeOverride = (
                attributes["width"].flatMap { SVGValue.length($0, viewport: viewportSize, axis: .horizontal) },
                attributes["height"].flatMap { SVGValue.length($0, viewport: viewportSize, axis: .vertical) }
            )
        }
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
                // As if not written (IconBuilder+Recovery.swift): hidden.
                warnInvalid("overflow", other, on: "symbol", expected: "visible, auto, hidden or scroll")
                clip = symbolViewport
            }
        }
        let useSpace = styles[top].transform
        // The use is the context its copy's `context-fill` and `context-stroke` paint from.
        paintContexts.append(useContext(range, id: id, space: useSpace))
        let firstPiece = pieces.count
        replay(range, id: id)
        paintContexts.removeLast()
        symbolViewport = nil
        if let viewport = clip, error == nil {
            clipToViewport(viewport, under: useSpace, pieces: firstPiece..<pieces.count)
        }
        endUse()
    }

    /// Closes the use whose style was pushed; its own children (SVG draws none) are skipped with its end.
    private func endUse() {
        closeGroup(openedAt: styles.count)
        endLayer(at: styles.count)
        styles.removeLast()
        ignoredDepth += 1
    }

    /// A `<symbol>` a use draws in `viewport`: its viewBox fitted there, and the viewport it
    /// establishes, as a nested `<svg>` does: percentages inside it measure its viewBox, or without
    /// one the use's width × height. False after a failure.
    func enterSymbol(_ attributes: [String: String], viewport: Rect, style: inout Style) -> Bool {
        guard let fit = viewportFit(attributes, into: viewport, on: "symbol") else { return false }
        style.transform = fit.concatenating(style.transform)
        style.viewport =
            attributes["viewBox"].flatMap { SVGValue.numbers($0) }
            .flatMap { $0.count == 4 ? Size(width: $0[2], height: $0[3]) : nil } ?? viewport.size
        return true
    }

    /// The events of `range` (the element with `id`) through the builder, as if written here;
    /// errors name their line and the line of what copied them.
    func replay(_ range: Range<Int>, id: String) {
        let outerLine = replayLine
        replaying.append(id)
        for (offset, event) in references.events[range].enumerated() where error == nil {
            switch event {
            case .start(let element, let attributes, let line):
                replayLine = line
                currentEvent = range.lowerBound + offset
                start(element, attributes)
            case .end(let element):
                end(element)
            case .characters(let string):
                if ignoredDepth == 0 { characters(string) }
            }
        }
        replaying.removeLast()
        replayLine = outerLine
    }

    /// A symbol's viewport clips what it draws (`overflow: hidden`): when what a use of one made
    /// reaches outside (its fill and stroke bounds, in the use's space), it becomes a group
    /// masked by the viewport's rectangle.
    @discardableResult
    func clipToViewport(_ viewport: Rect, under space: Geometry.AffineTransform, pieces range: Range<Int>) -> Bool {
        guard !range.isEmpty, space.inverted != nil else { return false }
        let slack = 1e-9 * max(viewport.width, viewport.height, 1)
        let inside = viewport.insetBy(dx: -slack, dy: -slack).contains(strokedBounds(of: range, in: space))
        guard !inside else { return false }
        let start = pieces.count
        pieces.append(Self.opaque(Self.rectangle(viewport).applying(space)))
        groups.append(IconGroup(pieces: range, opacity: 1, mask: start..<pieces.count))
        return true
    }

    /// A used `<symbol>`'s or nested `<svg>`'s viewBox fitted into `viewport` by its
    /// `preserveAspectRatio`; the identity without a viewBox. Nil after a failure.
    func viewportFit(_ a: [String: String], into viewport: Rect, on element: String) -> Geometry.AffineTransform? {
        guard let v = a["viewBox"] else { return .identity }
        guard let aspect = aspectRatio(a, on: element) else { return nil }
        return viewBoxRect(v, on: element).map { aspect.fit($0, into: viewport.size) } ?? .identity
    }

    /// The element's `preserveAspectRatio` (xMidYMid meet when not written); nil after a failure.
    func aspectRatio(_ a: [String: String], on element: String) -> SVGAspectRatio? {
        guard let text = a["preserveAspectRatio"] else { return .default }
        guard let aspect = SVGAspectRatio.parse(text) else {
            // As if not written (IconBuilder+Recovery.swift): xMidYMid meet.
            warnInvalid(
                "preserveAspectRatio", text, on: element,
                expected: "none or xMinYMin … xMaxYMax, then meet or slice")
            return .default
        }
        return aspect
    }

    /// A nested `<svg>`: its viewport `x`, `y`, `width`, `height` (100 % of the icon's viewBox by
    /// default) in the parent's space, and its viewBox fitted into it; `style`'s transform moves
    /// into the viewport. `clip` is the viewport to clip to (nil with `overflow` visible or auto);
    /// `empty` when it has no area (nothing in it is drawn). Nil after a failure.
    func nestedViewport(_ a: [String: String], style: inout Style) -> (
        clip: (Rect, Geometry.AffineTransform)?, empty: Bool
    )? {
        let parent = viewportSize ?? Size(width: 0, height: 0)
        let override = svgSizeOverride
        svgSizeOverride = nil
        guard let x = number(a, "x", element: "svg", default: 0), let y = number(a, "y", element: "svg", default: 0),
            let w = override?.width ?? number(a, "width", element: "svg", default: parent.width),
            let h = override?.height ?? number(a, "height", element: "svg", default: parent.height)
        else { return nil }
        let rect = Rect(x: x, y: y, width: w, height: h)
        guard w > 0, h > 0 else { return (nil, true) }
        guard let fit = viewportFit(a, into: rect, on: "svg") else { return nil }
        let outer = style.transform
        style.transform = fit.concatenating(Geometry.AffineTransform(translationX: x, y: y)).concatenating(outer)
        style.viewport =
            a["viewBox"].flatMap { SVGValue.numbers($0) }.flatMap {
                $0.count == 4 && $0[2] > 0 && $0[3] > 0 ? Size(width: $0[2], height: $0[3]) : nil
            } ?? rect.size
        switch a["overflow"]?.trimmingWhitespace ?? "hidden" {
        case "visible", "auto": return (nil, false)
        case "hidden", "scroll": return ((rect, outer), false)
        case let other:
            // As if not written (IconBuilder+Recovery.swift): hidden.
            warnInvalid("overflow", other, on: "svg", expected: "visible, auto, hidden or scroll")
            return ((rect, outer), false)
        }
    }
}
