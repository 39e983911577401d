import Geometry
import Raster

/// A rounded rectangle of w × h local units with corner radius r, rotated by `degrees` and centred
/// on (cx, cy) in pixels: the shapes most tests draw.
func shape(
    _ w: Double, _ h: Double, radius r: Double = 0, degrees: Double = 0,
    centre cx: Double, _ cy: Double
) -> RoundedRect {
    RoundedRect(
        size: Size(w, h), cornerRadius: r,
        transform: AffineTransform(rotation: .degrees(degrees))
            .concatenating(AffineTransform(translationX: cx, y: cy)))
}

/// Largest |a − b| over every pixel of a canvas.
func maxDifference(_ a: CoverageMask, _ b: CoverageMask, width: Int, height: Int) -> (Float, Int, Int) {
    var worst: (Float, Int, Int) = (0, 0, 0)
    for y in 0..<height {
        for x in 0..<width {
            let d = abs(a[x: x, y: y] - b[x: x, y: y])
            if d > worst.0 { worst = (d, x, y) }
        }
    }
    return worst
}

/// Nil when the pixmaps are equal, otherwise where and how they first differ (a readable failure
/// message instead of two dumps of every byte).
func firstDifference(_ a: Pixmap, _ b: Pixmap) -> String? {
    guard a.width == b.width, a.height == b.height else {
        return "sizes differ: \(a.width)×\(a.height) and \(b.width)×\(b.height)"
    }
    for y in 0..<a.height {
        for x in 0..<a.width where a[x: x, y: y] != b[x: x, y: y] {
            return "pixel (\(x), \(y)): \(a[x: x, y: y]) and \(b[x: x, y: y])"
        }
    }
    return nil
}
