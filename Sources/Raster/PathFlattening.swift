import Geometry

/// A `Path` mapped to pixels and flattened into closed polygons (one per contour), the input of
/// the signed-area accumulation.
///
/// Curves are cut into n pieces of equal parameter step, n chosen from the curve's second
/// differences so that every chord stays within `tolerance` of its arc (bound derived below).
/// Uniform steps keep the work per curve a closed-form count with no recursion, and the same
/// points on every machine; the output is one flat buffer of points plus contour end indexes,
/// which is also the shape a later fixed-point edge builder would take as input.
struct PathFlattening {
    /// Maximum distance, in pixels, between a curve and the chords that replace it.
    /// Range (0, 1]; default 0.005 px. Effect: a pixel's coverage moves by at most about
    /// tolerance·√2 (the boundary moves by ≤ tolerance over at most √2 px of it), ≤ 0.0071 =
    /// 1.8/255; the chord count per curve grows as 1/√tolerance (a 20 px radius quarter circle
    /// takes 37 chords). Coarser than the rounded-rect corners' 0.001 px because glyphs and icons
    /// have many curves and their pixels are judged against a reference, not pinned hashes.
    static let tolerance = 0.005
    /// Upper bound on chords per curve, so a curve scaled to absurd sizes costs bounded work.
    static let maxPiecesPerCurve = 1024

    /// All contours' points, contour after contour, in pixels.
    private(set) var points: [Point] = []
    /// `points[ends[k − 1] ..< ends[k]]` is contour k (ends[−1] = 0).
    private(set) var ends: [Int] = []

    /// Replaces the contents with `path` mapped by `transform` and flattened. Returns false (and
    /// leaves no contours) when a mapped point is not finite: such a path draws nothing.
    ///
    /// With `visible` (the canvas, in pixels), a curve whose control points all lie on one side
    /// outside it (left, right, above or below) becomes its chord: the same coverage, because such
    /// a curve lies outside too (it stays in its control points' hull), and the accumulation
    /// drops what is above, below and right of the box and projects what is left of it onto its
    /// left side, where the signed height a piece adds to each row depends only on its end points.
    /// This bounds the work of huge curves (an item scaled far past the canvas) to what shows.
    ///
    /// `tolerance` (default `PathFlattening.tolerance`) is the chord error bound in the units the
    /// points end up in: glyph masks flatten once in font units with a tolerance scaled to the
    /// pixel size (GlyphCache.swift).
    mutating func set(
        _ path: Path, transform: AffineTransform, visible: Rect? = nil,
        tolerance: Double = PathFlattening.tolerance
    ) -> Bool {
        // Explicit comparisons rather than a variadic list: that list was an array allocated per
        // curve. Same truth value, NaN included (a NaN coordinate makes its test false).
        let v = visible ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let (minX, minY, maxX, maxY) = (v.minX, v.minY, v.maxX, v.maxY)
        let clipping = visible != nil
        func outside(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> Bool {
            guard clipping else { return false }
            return (p0.x <= minX && p1.x <= minX && p2.x <= minX && p3.x <= minX)
                || (p0.x >= maxX && p1.x >= maxX && p2.x >= maxX && p3.x >= maxX)
                || (p0.y <= minY && p1.y <= minY && p2.y <= minY && p3.y <= minY)
                || (p0.y >= maxY && p1.y >= maxY && p2.y >= maxY && p3.y >= maxY)
        }
        points.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        var current = Point.zero
        var start = Point.zero
        var open = false
        func endContour() {
            if open && points.count > (ends.last ?? 0) { ends.append(points.count) }
            open = false
        }
        // A segment after a close starts a new contour at the current point.
        func beginIfClosed() {
            if !open { points.append(current) }
            open = true
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                endContour()
                current = transform.apply(to: p)
                start = current
                points.append(current)
                open = true
            case .line(let p):
                beginIfClosed()
                current = transform.apply(to: p)
                points.append(current)
            case .quad(let c, let p):
                beginIfClosed()
                let p0 = current
                let p1 = transform.apply(to: c)
                let p2 = transform.apply(to: p)
                // B'' = 2·(p0 − 2p1 + p2), constant. A chord over a parameter step h deviates from
                // the arc by at most h²/8·|B''|, so n = ⌈√(|p0 − 2p1 + p2| / (4·tolerance))⌉.
                let n = outside(p0, p1, p2, p2) ? 1 : Self.pieces((p0 - 2 * p1 + p2).length / (4 * tolerance))
                appendQuad(p0, p1, p2, pieces: n)
                current = p2
            case .cubic(let c1, let c2, let p):
                beginIfClosed()
                let p0 = current
                let p1 = transform.apply(to: c1)
                let p2 = transform.apply(to: c2)
                let p3 = transform.apply(to: p)
                // B''(t) = 6·((1 − t)·d1 + t·d2), d1 = p0 − 2p1 + p2, d2 = p1 − 2p2 + p3, so
                // |B''| ≤ 6·max(|d1|, |d2|) and n = ⌈√(3·max / (4·tolerance))⌉.
                let m = max((p0 - 2 * p1 + p2).length, (p1 - 2 * p2 + p3).length)
                let n = outside(p0, p1, p2, p3) ? 1 : Self.pieces(3 * m / (4 * tolerance))
                appendCubic(p0, p1, p2, p3, pieces: n)
                current = p3
            case .close:
                endContour()
                current = start
            }
        }
        endContour()
        guard points.allSatisfy(\.isFinite) else {
            points.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
            return false
        }
        return true
    }

    /// The quadratic Bézier p0 p1 p2 as `n` chords: its points at t = i/n, i = 1…n.
    @inline(__always)
    private mutating func appendQuad(_ p0: Point, _ p1: Point, _ p2: Point, pieces n: Int) {
        for i in 1..<n {
            let t = Double(i) / Double(n)
            let u = 1 - t
            points.append(u * u * p0 + 2 * u * t * p1 + t * t * p2)
        }
        points.append(p2)
    }

    /// The cubic Bézier p0 p1 p2 p3 as `n` chords: its points at t = i/n, i = 1…n.
    @inline(__always)
    private mutating func appendCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, pieces n: Int) {
        for i in 1..<n {
            let t = Double(i) / Double(n)
            let u = 1 - t
            let a = u * u * u
            let b = 3 * u * u * t
            let c = 3 * u * t * t
            let d = t * t * t
            points.append(a * p0 + b * p1 + c * p2 + d * p3)
        }
        points.append(p3)
    }

    /// ⌈√x⌉ pieces, at least 1 and at most `maxPiecesPerCurve` (NaN gives 1; non-finite control
    /// points are rejected after flattening anyway).
    private static func pieces(_ x: Double) -> Int {
        guard x > 1 else { return 1 }
        let root = x.squareRoot().rounded(.up)
        return root < Double(maxPiecesPerCurve) ? Int(root) : maxPiecesPerCurve
    }

    var contourCount: Int { ends.count }

    /// The points of contour k.
    func contour(_ k: Int) -> ArraySlice<Point> {
        points[(k == 0 ? 0 : ends[k - 1])..<ends[k]]
    }
}
