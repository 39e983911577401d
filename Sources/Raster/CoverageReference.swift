import Geometry

/// The straightforward coverage that the fast path (`coverage(of:)`) is held to. It shares no code
/// with it: no flattening, no accumulation, no pixel box; only the shape's definition.
///
/// Method: each pixel row is cut into `subRowsPerPixel` horizontal strips; on the middle line of
/// each strip the true (unflattened) rounded rectangle is intersected analytically and the length
/// of that interval inside every pixel, times the strip height, is added to the pixel.
/// The shape is the union of two axis rectangles and four corner disks in local space and is
/// convex, so a line meets it in one interval: the hull of the line's intervals with the six
/// pieces. The canvas line y = const maps into local space through the inverse transform.
///
/// Why not a grid of point samples: with 16 × 16 points a near-vertical edge at x = 0.03 inside a
/// pixel is seen as at x = 0 or 1/16 on every row, an error of 8/255 that no test tolerance could
/// hide. Exact intervals along x remove the horizontal error entirely; only the vertical midpoint
/// rule remains.
///
/// Error bound: within a pixel column the covered length w(y) is a concave function of y (the
/// shape ∩ the column is convex), so the midpoint rule errs only where the boundary runs nearly
/// horizontally through a strip, by at most half a strip there: ≤ 1/(2·subRowsPerPixel) per such
/// crossing, 1/512 for the default 256, and 1/256 in a pixel holding both the top and bottom
/// edges of a sub-pixel-thin shape. Elsewhere the error is of order 1/subRowsPerPixel².
///
/// Cost: O(canvas rows × subRowsPerPixel × covered pixels per row); for tests on small canvases.
///
/// With `clips`, the coverage of shape ∩ every clip: each shape is convex, so the line meets each
/// in one interval and their intersection is one interval too.
public func coverageReference(
    of shape: RoundedRect, clippedTo clips: [RoundedRect] = [],
    canvasWidth: Int, canvasHeight: Int,
    subRowsPerPixel: Int = 256
) -> CoverageMask {
    precondition(canvasWidth > 0 && canvasHeight > 0, "canvas size must be positive")
    precondition(subRowsPerPixel > 0, "subRowsPerPixel must be positive, got \(subRowsPerPixel)")
    var values = [Double](repeating: 0, count: canvasWidth * canvasHeight)
    let canvas = IntRect(uncheckedX: 0, y: 0, width: canvasWidth, height: canvasHeight)
    guard !shape.isEmpty, let inverse = shape.transform.inverted else {
        return CoverageMask(box: canvas, values: values.map(Float.init))
    }
    let bounds = shape.bounds
    guard bounds.minY.isFinite, bounds.maxY.isFinite else {
        return CoverageMask(box: canvas, values: values.map(Float.init))
    }
    let firstRow = max(0, Int(max(bounds.minY, -1).rounded(.down)))
    let endRow = min(canvasHeight, Int(min(bounds.maxY, Double(canvasHeight) + 1).rounded(.up)))
    let strip = 1 / Double(subRowsPerPixel)
    // Local point at canvas x = t on line y: inverse(0, y) + t·inverse_linear(1, 0).
    let direction = inverse.applyLinear(to: Point(1, 0))
    // The same canvas line in each clip's local space; t is the canvas x for every shape.
    var clipLines: [(RoundedRect, AffineTransform, Point)] = []
    for clip in clips {
        guard !clip.isEmpty, let clipInverse = clip.transform.inverted else {
            return CoverageMask(box: canvas, values: values.map(Float.init))
        }
        clipLines.append((clip, clipInverse, clipInverse.applyLinear(to: Point(1, 0))))
    }
    for j in firstRow..<max(firstRow, endRow) {
        for k in 0..<subRowsPerPixel {
            let y = Double(j) + (Double(k) + 0.5) * strip
            let origin = inverse.apply(to: Point(0, y))
            guard var (enter, exit) = lineInterval(shape, origin: origin, direction: direction)
            else { continue }
            var missed = false
            for (clip, clipInverse, clipDirection) in clipLines {
                guard
                    let (a, b) = lineInterval(
                        clip, origin: clipInverse.apply(to: Point(0, y)),
                        direction: clipDirection)
                else {
                    missed = true
                    break
                }
                enter = max(enter, a)
                exit = min(exit, b)
            }
            if missed { continue }
            let x0 = max(enter, 0)
            let x1 = min(exit, Double(canvasWidth))
            guard x1 > x0 else { continue }
            for i in Int(x0.rounded(.down))..<Int(x1.rounded(.up)) {
                let overlap = min(x1, Double(i + 1)) - max(x0, Double(i))
                values[j * canvasWidth + i] += overlap * strip
            }
        }
    }
    return CoverageMask(box: canvas, values: values.map { Float(min($0, 1)) })
}

/// The parameters t at which the line origin + t·direction (local space) enters and leaves the
/// rounded rectangle, or nil when it misses.
func lineInterval(_ shape: RoundedRect, origin o: Point, direction d: Point) -> (Double, Double)? {
    let hw = shape.width / 2
    let hh = shape.height / 2
    let r = shape.cornerRadius
    var enter = Double.infinity
    var exit = -Double.infinity
    func include(_ interval: (Double, Double)?) {
        guard let (a, b) = interval, a < b else { return }
        enter = min(enter, a)
        exit = max(exit, b)
    }
    include(boxInterval(o, d, x: (-hw, hw), y: (-hh + r, hh - r)))
    include(boxInterval(o, d, x: (-hw + r, hw - r), y: (-hh, hh)))
    if r > 0 {
        for (sx, sy, corner) in [
            (-1.0, -1.0, CornerMask.topLeft), (1, -1, .topRight), (1, 1, .bottomRight), (-1, 1, .bottomLeft),
        ] {
            let centre = Point(sx * (hw - r), sy * (hh - r))
            if shape.maskedCorners.contains(corner) {
                include(diskInterval(o, d, centre: centre, radius: r))
            } else {
                // A square corner: the r × r box between the corner's centre and the box's corner.
                include(
                    boxInterval(
                        o, d, x: (min(centre.x, sx * hw), max(centre.x, sx * hw)),
                        y: (min(centre.y, sy * hh), max(centre.y, sy * hh))))
            }
        }
    }
    return enter < exit ? (enter, exit) : nil
}

/// Slab method: the t range where the line is inside an axis-aligned box.
private func boxInterval(_ o: Point, _ d: Point, x: (Double, Double), y: (Double, Double)) -> (Double, Double)? {
    func slab(_ o: Double, _ d: Double, _ range: (lo: Double, hi: Double)) -> (Double, Double)? {
        if d == 0 { return o >= range.lo && o <= range.hi ? (-Double.infinity, Double.infinity) : nil }
        let t0 = (range.lo - o) / d
        let t1 = (range.hi - o) / d
        return (min(t0, t1), max(t0, t1))
    }
    guard let (ax, bx) = slab(o.x, d.x, x), let (ay, by) = slab(o.y, d.y, y) else { return nil }
    let a = max(ax, ay)
    let b = min(bx, by)
    return a < b ? (a, b) : nil
}

/// The t range where |o + t·d − centre| ≤ radius: roots of A·t² + 2B·t + C = 0 with A = d·d,
/// B = d·(o − centre), C = |o − centre|² − radius², taken in the cancellation-free form.
private func diskInterval(_ o: Point, _ d: Point, centre: Point, radius: Double) -> (Double, Double)? {
    let m = o - centre
    let a = d.dot(d)
    let b = d.dot(m)
    let c = m.dot(m) - radius * radius
    let discriminant = b * b - a * c
    guard discriminant > 0 else { return nil }
    let q = -(b + (b < 0 ? -1 : 1) * discriminant.squareRoot())
    guard q != 0 else { return nil }
    let t0 = q / a
    let t1 = c / q
    return (min(t0, t1), max(t0, t1))
}
