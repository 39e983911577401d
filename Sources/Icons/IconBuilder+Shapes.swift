import Geometry
import Shapes

/// The shape elements' outlines in their own user space: `path` data, and the geometry of
/// `rect`, `circle`, `ellipse`, `line`, `polyline` and `polygon` as SVG defines it.
extension IconBuilder {
    func shapePath(_ element: String, _ a: [String: String]) -> Path? {
        func n(_ key: String, _ value: Double? = nil) -> Double? { number(a, key, element: element, default: value) }
        switch element {
        case "path":
            guard let d = a["d"] else {
                fail("<path> needs attribute 'd'")
                return nil
            }
            do { return try SVGPathData.parse(d) } catch let e as SVGPathError {
                fail("attribute d on <path>: \(e.description)")
                return nil
            } catch {
                fail("attribute d on <path>: \(error)")
                return nil
            }
        case "rect":
            guard let x = n("x", 0), let y = n("y", 0), let w = n("width"), let h = n("height") else { return nil }
            guard w >= 0, h >= 0 else {
                fail("<rect> width and height must be ≥ 0")
                return nil
            }
            var rx = a["rx"].flatMap {
                SVGValue.length($0, viewport: viewportSize, axis: .horizontal, fontSize: styles.last?.fontSize ?? 16)
            }
            var ry = a["ry"].flatMap {
                SVGValue.length($0, viewport: viewportSize, axis: .vertical, fontSize: styles.last?.fontSize ?? 16)
            }
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            return roundedRect(
                Rect(x: x, y: y, width: w, height: h), rx: min(max(rx ?? 0, 0), w / 2), ry: min(max(ry ?? 0, 0), h / 2))
        case "circle":
            guard let cx = n("cx", 0), let cy = n("cy", 0), let r = n("r"), r >= 0 else { return nil }
            return ShapePaths.ellipse(in: Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r))
        case "ellipse":
            guard let cx = n("cx", 0), let cy = n("cy", 0), var rx = n("rx"), var ry = n("ry") else { return nil }
            // SVG 2's geometry properties: rx and ry are `auto` or a length ≥ 0, so a negative
            // one is invalid and `auto`, which takes the other radius; with both auto the radii
            // are 0 and the ellipse is not drawn.
            if rx < 0 || ry < 0 {
                warn("a negative radius (rx=\(rx), ry=\(ry)) on <ellipse> is invalid; drawn as rx/ry auto")
                (rx, ry) = (rx >= 0 ? rx : max(ry, 0), ry >= 0 ? ry : max(rx, 0))
            }
            guard rx > 0, ry > 0 else { return Path() }
            return ShapePaths.ellipse(in: Rect(x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry))
        case "line":
            guard let x1 = n("x1", 0), let y1 = n("y1", 0), let x2 = n("x2", 0), let y2 = n("y2", 0) else { return nil }
            return Path([.move(Point(x1, y1)), .line(Point(x2, y2))])
        default:  // polyline, polygon
            guard let text = a["points"], let v = SVGValue.numbers(text), v.count >= 2, v.count % 2 == 0 else {
                fail("attribute points on <\(element)>: expected pairs of numbers")
                return nil
            }
            var p = Path([.move(Point(v[0], v[1]))])
            for k in stride(from: 2, to: v.count, by: 2) { p.line(to: Point(v[k], v[k + 1])) }
            if element == "polygon" { p.close() }
            return p
        }
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
