import Geometry
import Shapes

/// The shape elements' outlines in their own user space: `path` data, and the geometry of
/// `rect`, `circle`, `ellipse`, `line`, `polyline` and `polygon` as SVG defines it.
extension IconBuilder {
    /// The outline of a shape element; empty when SVG draws nothing for it (a missing, invalid or
    /// negative size or radius, path data in error at its start, fewer than two points: with a
    /// warning, or `width="0"` without one); nil after a failure.
    func shapePath(_ element: String, _ a: [String: String]) -> Path? {
        func n(_ key: String) -> Double { length(a, key, element: element) ?? 0 }
        /// A size or radius SVG needs: nil when missing, invalid or negative (warned: not drawn).
        func size(_ key: String) -> Double? {
            guard let v = length(a, key, element: element) else {
                if a[key] == nil { warn("<\(element)> without \(key): not drawn (SVG draws no shape of no size)") }
                return nil
            }
            guard v >= 0 else {
                warnInvalid(key, a[key] ?? "", on: element, expected: "a length ≥ 0", drawn: "as nothing (no size)")
                return nil
            }
            return v
        }
        switch element {
        case "path":
            return pathData(a["d"])
        case "rect":
            guard let w = size("width"), let h = size("height") else { return Path() }
            let (rx, ry) = radii(a, element: element)
            return roundedRect(
                Rect(x: n("x"), y: n("y"), width: w, height: h), rx: min(rx ?? ry ?? 0, w / 2),
                ry: min(ry ?? rx ?? 0, h / 2))
        case "circle":
            guard let r = size("r") else { return Path() }
            let (cx, cy) = (n("cx"), n("cy"))
            return ShapePaths.ellipse(in: Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r))
        case "ellipse":
            // SVG 2: `auto` (and a missing or invalid radius) takes the other radius.
            let (cx, cy) = (n("cx"), n("cy"))
            let written = radii(a, element: element)
            guard let rx = written.rx ?? written.ry, let ry = written.ry ?? written.rx else {
                warn("<ellipse> without a valid rx or ry: not drawn (SVG draws no shape of no size)")
                return Path()
            }
            return ShapePaths.ellipse(in: Rect(x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry))
        case "line":
            return Path([.move(Point(n("x1"), n("y1"))), .line(Point(n("x2"), n("y2")))])
        default:  // polyline, polygon
            return points(a["points"], element: element)
        }
    }

    /// `rx` and `ry` as written: nil for `auto`, missing, invalid or negative (SVG 2: auto, the
    /// other radius; with a warning for the last two).
    private func radii(_ a: [String: String], element: String) -> (rx: Double?, ry: Double?) {
        func radius(_ key: String) -> Double? {
            guard let text = a[key], text.trimmingWhitespace != "auto", let v = length(a, key, element: element)
            else { return nil }
            guard v >= 0 else {
                warnInvalid(key, text, on: element, expected: "a length ≥ 0 or auto", drawn: "as auto")
                return nil
            }
            return v
        }
        return (radius("rx"), radius("ry"))
    }

    /// A path's `d`: drawn up to its first error, as SVG says (with a warning); empty when
    /// missing; nil after a failure (path data past Flipbook's bounds).
    private func pathData(_ d: String?) -> Path? {
        guard let d else {
            warn("<path> without d: not drawn")
            return Path()
        }
        do {
            let (path, error) = try SVGPathData.parseDrawable(d)
            if let error {
                warn(
                    "d on <path>: \(error.description); drawn up to the segment before it (SVG's rule for path data in error)"
                )
            }
            return path
        } catch {
            fail("attribute d on <path>: \(error)")
            return nil
        }
    }

    /// A polyline's or polygon's `points`: pairs of numbers up to the first that does not parse,
    /// an odd last number left out (SVG's rule, with a warning); empty for fewer than two pairs.
    private func points(_ text: String?, element: String) -> Path {
        var v: [Double] = []
        var invalid = false
        for part in (text ?? "").split(whereSeparator: { $0 == " " || $0 == "," || $0.isWhitespace }) {
            guard let x = Double(part), x.isFinite else {
                invalid = true
                break
            }
            v.append(x)
        }
        if invalid || v.count % 2 == 1 {
            warnInvalid(
                "points", text ?? "", on: element, expected: "pairs of numbers",
                drawn: "with the pairs before the error (SVG's rule)")
        }
        guard v.count >= 4 else {
            if !invalid && v.count % 2 == 0 { warn("<\(element)> with fewer than two points: not drawn") }
            return Path()
        }
        var p = Path([.move(Point(v[0], v[1]))])
        for k in stride(from: 2, to: v.count - 1, by: 2) { p.line(to: Point(v[k], v[k + 1])) }
        if element == "polygon" { p.close() }
        return p
    }

    /// SVG's rounded rect: corners as quarter-ellipse cubics (control distance 0.5523 of each radius).
    private func roundedRect(_ r: Rect, rx: Double, ry: Double) -> Path {
        guard rx > 0, ry > 0 else { return Self.rectangle(r) }
        let k = 4 * (2.0.squareRoot() - 1) / 3
        let kx = k * rx
        let ky = k * ry
        var p = Path([.move(Point(r.minX + rx, r.minY))])
        p.line(to: Point(r.maxX - rx, r.minY))
        p.cubic(
            to: Point(r.maxX, r.minY + ry), control1: Point(r.maxX - rx + kx, r.minY),
            control2: Point(r.maxX, r.minY + ry - ky))
        p.line(to: Point(r.maxX, r.maxY - ry))
        p.cubic(
            to: Point(r.maxX - rx, r.maxY), control1: Point(r.maxX, r.maxY - ry + ky),
            control2: Point(r.maxX - rx + kx, r.maxY))
        p.line(to: Point(r.minX + rx, r.maxY))
        p.cubic(
            to: Point(r.minX, r.maxY - ry), control1: Point(r.minX + rx - kx, r.maxY),
            control2: Point(r.minX, r.maxY - ry + ky))
        p.line(to: Point(r.minX, r.minY + ry))
        p.cubic(
            to: Point(r.minX + rx, r.minY), control1: Point(r.minX, r.minY + ry - ky),
            control2: Point(r.minX + rx - kx, r.minY))
        p.close()
        return p
    }

    /// `r` as a closed contour, clockwise on screen from its top-left corner.
    static func rectangle(_ r: Rect) -> Path {
        Path([
            .move(Point(r.minX, r.minY)), .line(Point(r.maxX, r.minY)), .line(Point(r.maxX, r.maxY)),
            .line(Point(r.minX, r.maxY)), .close,
        ])
    }
}
