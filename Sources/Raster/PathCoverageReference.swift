import Geometry

/// The straightforward coverage that the path fast path (`coverage(of: Path, ...)`) is held to.
/// It shares no code with it: no adaptive flattening, no accumulation, no clipping of polygons.
///
/// Method: every curve is evaluated at `piecesPerCurve` equal parameter steps (1,024 by default:
/// a chord then strays ≤ 3·|B''|max/(4·1024²), 4e-5 px for a 50 px cubic, far below what the
/// tests can see). Each pixel row is cut into `subRowsPerPixel` strips; on each strip's middle line the
/// crossings of every segment are found exactly, sorted by x, and walked left to right summing
/// ±1 per crossing (the winding number); the intervals inside by `fillRule` (winding ≠ 0, or
/// odd), intersected with each clip's interval on that line (clips are convex), are added to the
/// pixels they overlap, times the strip height.
///
/// Why exact intervals along x and many strips rather than a 16 × 16 grid of point samples:
/// points would quantise x to 1/16 px, an error of up to 8/255 on a near-vertical edge, which
/// would hide any error of the fast path smaller than that. Along x this is exact; the midpoint
/// rule in y errs only where the boundary runs nearly horizontally through a strip, by at most
/// half a strip per such crossing (1/512 for 256 strips).
///
/// Cost: O(rows × subRowsPerPixel × segments in the row); for tests on small canvases.
public func coverageReference(
    of path: Path, transform: AffineTransform = .identity, fillRule: FillRule = .nonZero,
    clippedTo clips: [RoundedRect] = [], canvasWidth: Int, canvasHeight: Int,
    subRowsPerPixel: Int = 256, piecesPerCurve: Int = 1024
) -> CoverageMask {
    precondition(canvasWidth > 0 && canvasHeight > 0, "canvas size must be positive")
    precondition(subRowsPerPixel > 0 && piecesPerCurve > 0, "sampling counts must be positive")
    let canvas = IntRect(uncheckedX: 0, y: 0, width: canvasWidth, height: canvasHeight)
    var values = [Double](repeating: 0, count: canvasWidth * canvasHeight)

    let segments = referenceSegments(of: path, transform: transform, piecesPerCurve: piecesPerCurve)
    guard segments.allSatisfy({ $0.0.isFinite && $0.1.isFinite }) else {
        return CoverageMask(box: canvas, values: values.map(Float.init))
    }
    // Segments bucketed by the pixel rows their y range meets.
    var rows = [[Int]](repeating: [], count: canvasHeight)
    for (index, (a, b)) in segments.enumerated() where a.y != b.y {
        let lo = max(0, Int(min(a.y, b.y).rounded(.down)))
        let hi = min(canvasHeight - 1, Int(max(a.y, b.y).rounded(.down)))
        if lo <= hi { for j in lo...hi { rows[j].append(index) } }
    }
    var clipLines: [(RoundedRect, AffineTransform, Point)] = []
    for clip in clips {
        guard !clip.isEmpty, let inverse = clip.transform.inverted else {
            return CoverageMask(box: canvas, values: values.map(Float.init))
        }
        clipLines.append((clip, inverse, inverse.applyLinear(to: Point(1, 0))))
    }
    let strip = 1 / Double(subRowsPerPixel)
    var crossings: [(x: Double, direction: Int)] = []
    for j in 0..<canvasHeight where !rows[j].isEmpty {
        for k in 0..<subRowsPerPixel {
            let y = Double(j) + (Double(k) + 0.5) * strip
            crossings.removeAll(keepingCapacity: true)
            for index in rows[j] {
                let (a, b) = segments[index]
                // Half-open in y, so a line through a shared vertex counts it once.
                if (a.y <= y && y < b.y) || (b.y <= y && y < a.y) {
                    crossings.append((a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y), a.y < b.y ? 1 : -1))
                }
            }
            guard !crossings.isEmpty else { continue }
            crossings.sort { $0.x < $1.x }
            guard let (clipLo, clipHi) = referenceClipInterval(clipLines, y: y) else { continue }
            var winding = 0
            for (n, crossing) in crossings.enumerated() {
                winding += crossing.direction
                let inside = fillRule == .nonZero ? winding != 0 : winding & 1 != 0
                guard inside, n + 1 < crossings.count else { continue }
                let x0 = max(crossing.x, clipLo, 0)
                let x1 = min(crossings[n + 1].x, clipHi, Double(canvasWidth))
                guard x1 > x0 else { continue }
                for i in Int(x0.rounded(.down))..<Int(x1.rounded(.up)) {
                    values[j * canvasWidth + i] += (min(x1, Double(i + 1)) - max(x0, Double(i))) * strip
                }
            }
        }
    }
    return CoverageMask(box: canvas, values: values.map { Float(min($0, 1)) })
}

/// The path's outline in pixel space as straight segments, every contour closed; each curve cut
/// into `piecesPerCurve` equal parameter steps by de Casteljau (a different evaluation from the
/// fast path's Bernstein sums).
private func referenceSegments(of path: Path, transform: AffineTransform, piecesPerCurve: Int) -> [(Point, Point)] {
    var segments: [(Point, Point)] = []
    var start = Point.zero
    var current = Point.zero
    var hasContour = false
    func to(_ p: Point) {
        segments.append((transform.apply(to: current), transform.apply(to: p)))
        current = p
    }
    func closeContour() {
        if hasContour && current != start { to(start) }
        hasContour = false
    }
    for element in path.elements {
        switch element {
        case .move(let p):
            closeContour()
            start = p
            current = p
            hasContour = true
        case .line(let p):
            if !hasContour {
                start = current
                hasContour = true
            }
            to(p)
        case .quad(let c, let p):
            if !hasContour {
                start = current
                hasContour = true
            }
            let p0 = current
            for i in 1...piecesPerCurve {
                let t = Double(i) / Double(piecesPerCurve)
                let a = p0 + (c - p0) * t
                let b = c + (p - c) * t
                to(i == piecesPerCurve ? p : a + (b - a) * t)
            }
        case .cubic(let c1, let c2, let p):
            if !hasContour {
                start = current
                hasContour = true
            }
            let p0 = current
            for i in 1...piecesPerCurve {
                let t = Double(i) / Double(piecesPerCurve)
                let a = p0 + (c1 - p0) * t
                let b = c1 + (c2 - c1) * t
                let c = c2 + (p - c2) * t
                let d = a + (b - a) * t
                let e = b + (c - b) * t
                to(i == piecesPerCurve ? p : d + (e - d) * t)
            }
        case .close:
            closeContour()
            current = start
        }
    }
    closeContour()
    return segments
}

/// The x interval the clips all leave open on the line at height `y`; nil when one misses it.
private func referenceClipInterval(
    _ clipLines: [(RoundedRect, AffineTransform, Point)], y: Double
) -> (Double, Double)? {
    var clipLo = -Double.infinity
    var clipHi = Double.infinity
    for (clip, inverse, direction) in clipLines {
        guard let (a, b) = lineInterval(clip, origin: inverse.apply(to: Point(0, y)), direction: direction) else {
            return nil
        }
        clipLo = max(clipLo, a)
        clipHi = min(clipHi, b)
    }
    return (clipLo, clipHi)
}
