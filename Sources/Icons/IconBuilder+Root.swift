import Geometry

/// The root `<svg>`: the box its content is drawn in, and how it fits the item; viewBoxes.
extension IconBuilder {
    /// A `viewBox` attribute's rectangle (on `<svg>`, `<symbol>` or `<pattern>`); nil for one
    /// that does not parse or has no area, which counts as not written, with a warning
    /// (IconBuilder+Recovery.swift).
    func viewBoxRect(_ v: String, on element: String) -> Rect? {
        guard let n = SVGValue.numbers(v), n.count == 4, n[2] > 0, n[3] > 0 else {
            warnInvalid(
                "viewBox", v, on: element, expected: "four numbers, min-x min-y width height, with width and height > 0"
            )
            return nil
        }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// The root's viewBox (or, without one, its user space), its fit recorded; nil after a
    /// failure.
    func rootBox(_ a: [String: String]) -> Rect? {
        guard let aspect = aspectRatio(a, on: "svg") else { return nil }
        rootAspectRatio = aspect
        if aspect.slice, let shown = rootSliceView(a) {
            // What the root's own viewport shows of the viewBox, fitted into the item whole.
            rootAspectRatio.slice = false
            return shown
        }
        // Without a width and height the item is the viewport: an icon that slices is cut to its
        // item's bounds where it is drawn (Pipeline); a layer tree places each layer in the item
        // without such a cut.
        guard !rootAspectRatio.slice || layers == nil else {
            fail(
                "attribute preserveAspectRatio=\"\(a["preserveAspectRatio"] ?? "")\" on the root <svg> of a file read as layers: slice would draw outside the item's bounds, which layers are not clipped to; expected meet or none, or a width and height to cut the viewBox to"
            )
            return nil
        }
        if let v = a["viewBox"], let box = viewBoxRect(v, on: "svg") { return box }
        // Without a viewBox the root's width × height is its user space; a side not written (or
        // invalid, or one that draws nothing) is 100, resvg's size for an SVG that gives none.
        let (w, h) = (length(a, "width", element: "svg"), length(a, "height", element: "svg"))
        if w == nil && h == nil && a["width"] == nil && a["height"] == nil {
            rootSizedByContent = true
            warn(
                "the root <svg> has neither a viewBox nor a width and height: drawn in the extent of its content from the origin (resvg's size for it)"
            )
        }
        return Rect(
            x: 0, y: 0, width: w.flatMap { $0 > 0 ? $0 : nil } ?? 100, height: h.flatMap { $0 > 0 ? $0 : nil } ?? 100)
    }

    /// `slice` on the root: the part of the viewBox its `width` × `height` viewport shows (the
    /// viewBox scaled to cover the viewport, placed by the alignment), which the icon is cut to,
    /// since items do not clip their icons; that part is then fitted into the item, exactly
    /// slice's picture for an item of the root's proportions. Nil without slice, a viewBox, or
    /// a width and height > 0 (then slice shows the whole viewBox, as meet does).
    func rootSliceView(_ a: [String: String]) -> Rect? {
        guard let text = a["preserveAspectRatio"], let aspect = SVGAspectRatio.parse(text), aspect.slice,
            let align = aspect.align, let n = a["viewBox"].flatMap(SVGValue.numbers), n.count == 4, n[2] > 0,
            n[3] > 0, let w = SVGValue.length(a["width"] ?? ""), let h = SVGValue.length(a["height"] ?? ""), w > 0,
            h > 0
        else { return nil }
        let s = max(w / n[2], h / n[3])
        let shown = Size(width: w / s, height: h / s)
        func start(_ place: SVGAspectRatio.Placement, _ min: Double, _ room: Double) -> Double {
            switch place {
            case .min: return min
            case .mid: return min + room / 2
            case .max: return min + room
            }
        }
        return Rect(
            x: start(align.x, n[0], n[2] - shown.width), y: start(align.y, n[1], n[3] - shown.height),
            width: shown.width, height: shown.height)
    }

    /// The root's `width` or `height` is 0 or negative: SVG draws nothing for a viewport of no
    /// size (and resvg nothing for a negative one).
    func rootDrawsNothing(_ a: [String: String]) -> Bool {
        for key in ["width", "height"] {
            guard let v = length(a, key, element: "svg"), v <= 0 else { continue }
            warn("\(key)=\"\(a[key] ?? "")\" on the root <svg>: a viewport of no size; drawn as nothing")
            return true
        }
        return false
    }

    /// A root without any size takes the extent of what it draws, from the user space's origin to
    /// the far edges of its pieces (strokes included), as resvg sizes it; 100 × 100 (what the
    /// content was laid out in) when it draws nothing.
    func fitRootToContent() {
        let masks = groups.compactMap(\.mask)
        var far = Point(0, 0)
        for (k, piece) in pieces.enumerated() where !masks.contains(where: { $0.contains(k) }) {
            let reach = piece.strokes ? piece.strokeStyle.lineWidth / 2 : 0
            let box = piece.path.bounds
            far = Point(max(far.x, box.maxX + reach), max(far.y, box.maxY + reach))
        }
        guard far.x > 0, far.y > 0, far.x.isFinite, far.y.isFinite else { return }
        viewBox = Rect(x: 0, y: 0, width: far.x, height: far.y)
    }
}
