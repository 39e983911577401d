import Geometry

/// Turns a `RoundedRect` into the closed polygon that the coverage accumulator fills.
///
/// Straight sides stay exact; each quarter-circle corner becomes n chords. Plain inscribed chords
/// would lose area on every corner (about (2/3)·sagitta per unit of arc), so the sum of coverage
/// would drift from the true area by ~0.001·r px² per corner. Instead the arc's two end vertices
/// stay on the tangent points (so the corners meet the straight sides exactly) and the n − 1
/// interior vertices move out to radius ρ ≥ r, with ρ chosen so that the polygon's area equals
/// the quarter disk's exactly. An affine map scales all areas by the same |det|, so the
/// flattened outline has exactly the shape's area in pixel space too.
///
/// The polygon then crosses the circle within every chord; its largest distance from the true arc
/// is at most the inscribed chords' sagitta r·(1 − cos(θ/2)) once n ≥ 4 (measured: 0.69 to 0.91
/// of it for n = 4 … 128; n = 2 would reach 1.45 of it, hence the minimum of 4).
enum Flattening {
    /// Largest sagitta of a corner chord, in pixels. Range (0, 0.01]; default 0.005, the general
    /// paths' tolerance (PathFlattening.swift), chosen by measurement (Sources/Raster/README.md,
    /// "Rasterizer core"): on 30 workload-sized shapes against an exact reference, 93 vertices a
    /// shape instead of 198 at 0.001, max error 0.38/255 (0.29/255 at 0.001, from the fixed-point
    /// edges alone), mean over edge pixels 0.050/255 (0.044/255); 0.01 would reach 1.05/255.
    /// Halving it multiplies the corner chords by √2.
    static let tolerance = 0.005

    /// The corners in outline order (clockwise on screen, from the top-right): the signs of the
    /// corner centre's coordinates, then the directions of the arc's first and last tangent points
    /// (e1, e2), which are perpendicular; the arc sweeps from e1 to e2.
    static let corners: [(side: Point, e1: Point, e2: Point)] = [
        (Point(1, -1), Point(0, -1), Point(1, 0)),
        (Point(1, 1), Point(1, 0), Point(0, 1)),
        (Point(-1, 1), Point(0, 1), Point(-1, 0)),
        (Point(-1, -1), Point(-1, 0), Point(0, -1)),
    ]
    /// The mask bit of each entry of `corners`, in the same order.
    static let cornerMasks: [CornerMask] = [.topRight, .bottomRight, .bottomLeft, .topLeft]

    /// Never fewer chords per quarter circle than this (see the type's comment for why 4).
    static let minimumSegmentsPerQuarter = 4

    /// Upper bound on chords per quarter circle, so that an absurd radius cannot allocate without
    /// limit. Reached only for radii above ~870 000 px, where the sagitta bound stops holding.
    static let maximumSegmentsPerQuarter = 1 << 14

    /// Chords per quarter circle for radius `r` (local units) under a map that stretches lengths
    /// by at most `stretch`: a chord subtending θ has sagitta r·(1 − cos(θ/2)) ≤ r·θ²/8, so
    /// θ = √(8·tolerance / (r·stretch)) keeps the pixel-space sagitta within `tolerance`.
    static func segmentsPerQuarter(radius r: Double, stretch: Double, tolerance: Double = tolerance) -> Int {
        let pixelRadius = r * stretch
        guard pixelRadius > 0 else { return 0 }
        let maxAngle = (8 * tolerance / pixelRadius).squareRoot()
        let n = (Double.pi / 2 / maxAngle).rounded(.up)
        return Int(min(max(n, Double(minimumSegmentsPerQuarter)), Double(maximumSegmentsPerQuarter)))
    }

    /// Radius of the interior vertices, as a multiple of r, that makes n chords of a quarter circle
    /// enclose exactly its area π/4·r². With θ = (π/2)/n, the fan from the centre has two end
    /// triangles ½·r·ρ·sin θ and n − 2 middle ones ½·ρ²·sin θ; setting their sum to π/4·r² gives
    /// A·q² + B·q − C = 0 with q = ρ/r, A = (n − 2)·sin θ / 2, B = sin θ, C = π/4, whose positive
    /// root is written 2C / (B + √(B² + 4AC)) to avoid cancellation.
    static func interiorRadiusRatio(segments n: Int) -> Double {
        let s = Angle.radians(Double.pi / 2 / Double(n)).sin
        let a = Double(n - 2) * s / 2
        let b = s
        let c = Double.pi / 4
        return 2 * c / (b + (b * b + 4 * a * c).squareRoot())
    }
}

extension AffineTransform {
    /// The largest factor by which the linear part stretches a length: the larger singular value,
    /// √((S + √(S² − 4·det²)) / 2) with S = a² + b² + c² + d².
    var maximumStretch: Double {
        let s = a * a + b * b + c * c + d * d
        let det = determinant
        return ((s + max(s * s - 4 * det * det, 0).squareRoot()) / 2).squareRoot()
    }
}

extension RoundedRect {
    /// Replaces `points` with the flattened outline in pixel space: a closed polygon (the last
    /// point connects back to the first), clockwise on screen when the transform keeps orientation.
    /// Starts at the top side and visits the corners top-right, bottom-right, bottom-left, top-left.
    /// `tolerance` is for measurements (tests comparing tolerances); drawing uses the default.
    func flattenedOutline(into points: inout [Point], tolerance: Double = Flattening.tolerance) {
        points.removeAll(keepingCapacity: true)
        let hw = width / 2
        let hh = height / 2
        let r = cornerRadius
        let t = transform
        // A continuous corner that fits is flattened from its cubics; at r = half the shorter
        // side it is the circle (CornerProfile), drawn exactly as circular corners are.
        if cornerCurve == .continuous, r > 0, r < min(hw, hh) {
            return flattenedContinuousOutline(into: &points, tolerance: tolerance)
        }
        let n = Flattening.segmentsPerQuarter(radius: r, stretch: t.maximumStretch, tolerance: tolerance)
        guard n > 0 else {
            points.reserveCapacity(4)
            for (side, _, _) in Flattening.corners {
                points.append(t.apply(to: Point(side.x * hw, side.y * hh)))
            }
            return
        }
        points.reserveCapacity(4 * (n + 1))
        let rho = r * Flattening.interiorRadiusRatio(segments: n)
        // Unit directions at angles k·θ, k = 0 … n, by repeated rotation: n rotations of
        // 1 + O(ε) each keep them within ~n·ε of exact (≈ 1e-13 for n = 1000), far below tolerance.
        // The end vertices use exact directions and radius r, so they land on the tangent points.
        let step = Angle.radians(Double.pi / 2 / Double(n))
        let cosStep = step.cos
        let sinStep = step.sin
        // The directions are the same for all four corners: computed once, so the recurrence's
        // chain of dependent multiplies (its latency bounded the whole loop) runs n − 1 times a
        // shape instead of 4·(n − 1), and the corners' vertices no longer wait on it.
        withUnsafeTemporaryAllocation(of: (c: Double, s: Double).self, capacity: n - 1) { directions in
            var c = cosStep
            var s = sinStep
            for j in 0..<(n - 1) {
                directions[j] = (c, s)
                (c, s) = (c * cosStep - s * sinStep, s * cosStep + c * sinStep)
            }
            for (k, (side, e1, e2)) in Flattening.corners.enumerated() {
                // A corner left out of `maskedCorners` is square: one vertex at the box's corner.
                guard maskedCorners.contains(Flattening.cornerMasks[k]) else {
                    points.append(t.apply(to: Point(side.x * hw, side.y * hh)))
                    continue
                }
                let centre = Point(side.x * (hw - r), side.y * (hh - r))
                points.append(t.apply(to: Point(centre.x + r * e1.x, centre.y + r * e1.y)))
                for (c, s) in directions {
                    points.append(
                        t.apply(
                            to: Point(
                                centre.x + rho * (c * e1.x + s * e2.x),
                                centre.y + rho * (c * e1.y + s * e2.y))))
                }
                points.append(t.apply(to: Point(centre.x + r * e2.x, centre.y + r * e2.y)))
            }
        }
    }

    /// The outline with continuous corners: each corner's cubics (CornerProfile) in uniform
    /// parameter steps, n chords for a cubic whose control polygon turns by M pixels (the larger
    /// second difference), since a cubic's chords stray at most 0.75·M/n² from it.
    private func flattenedContinuousOutline(into points: inout [Point], tolerance: Double) {
        let (hw, hh, t) = (width / 2, height / 2, transform)
        let profile = CornerProfile.points(curve: .continuous, radius: cornerRadius, halfShortSide: min(hw, hh))
        let stretch = t.maximumStretch
        for (k, (side, e1, e2)) in Flattening.corners.enumerated() {
            let corner = Point(side.x * hw, side.y * hh)
            guard maskedCorners.contains(Flattening.cornerMasks[k]) else {
                points.append(t.apply(to: corner))
                continue
            }
            // (a, b): a back along the side the outline comes from (−e2), b along the one it
            // leaves by, away from the corner (−e1).
            func place(_ p: (Double, Double)) -> Point {
                Point(corner.x - p.0 * e2.x - p.1 * e1.x, corner.y - p.0 * e2.y - p.1 * e1.y)
            }
            var start = place(profile[0])
            points.append(t.apply(to: start))
            for j in stride(from: 1, to: profile.count, by: 3) {
                let (c1, c2, end) = (place(profile[j]), place(profile[j + 1]), place(profile[j + 2]))
                func turn(_ p: Point, _ q: Point, _ r: Point) -> Double {
                    let (x, y) = (p.x - 2 * q.x + r.x, p.y - 2 * q.y + r.y)
                    return (x * x + y * y).squareRoot()
                }
                let bend = max(turn(start, c1, c2), turn(c1, c2, end)) * stretch
                let steps = (0.75 * bend / tolerance).squareRoot().rounded(.up)
                let n = steps.isFinite ? Int(min(max(steps, 1), Double(Flattening.maximumSegmentsPerQuarter))) : 1
                for i in 1...n {
                    let u = Double(i) / Double(n)
                    let v = 1 - u
                    let (w0, w1, w2, w3) = (v * v * v, 3 * v * v * u, 3 * v * u * u, u * u * u)
                    points.append(
                        t.apply(
                            to: Point(
                                w0 * start.x + w1 * c1.x + w2 * c2.x + w3 * end.x,
                                w0 * start.y + w1 * c1.y + w2 * c2.y + w3 * end.y)))
                }
                start = end
            }
        }
    }
}
