import Geometry

/// A layer's plane seen in perspective, as the exact drawing takes outlines through it
/// (Rasterizer+Projected.swift): an outline is flattened in the plane to `tolerance`, cut to the
/// part in front of the eye, and each of its points taken through the homography. A projective
/// map keeps lines straight, so the mapped polygon is the projected outline itself, within the
/// canvas's flattening tolerance.
///
/// Why the cut in the plane: W is linear there, so the points in front of the eye
/// (W ≥ `ProjectedPlane.nearW`) are a half-plane, and Sutherland–Hodgman against its line keeps
/// exactly the part of the outline the viewer sees (a straight cut, which the map keeps
/// straight). A point just in front of the eye lands very far away; the mapped polygon is then
/// cut to the canvas grown by a margin, which leaves every pixel's area as it was and keeps the
/// accumulation's numbers small.
struct ProjectedPlane {
    let homography: Homography
    /// Canvas → plane: where a canvas pixel's point lies in the plane (paints are read there).
    let inverse: Homography
    /// The chord error bound in the plane's pixels: `PathFlattening.tolerance` on the canvas
    /// divided by the largest stretch the projection gives (kept within 1/16 … 64).
    let tolerance: Double
    /// The plane's box (the group's offscreen): what falls outside it is not drawn, as the warp
    /// draws only its offscreen.
    private let planeCut: ClipRegion
    private let canvasCut: ClipRegion
    private var inBox: [Point] = []
    private var front: [Point] = []
    private var scratch: [Point] = []

    /// The cut in front of the eye, in W: twice `Homography.nearW`, as the warp's reach uses.
    static let nearW = 2 * Homography.nearW
    /// Canvas pixels kept around the canvas when a mapped polygon is cut to it.
    static let margin = 4.0

    /// The plane of `projection`, drawn on a canvas of `canvasWidth` × `canvasHeight` pixels;
    /// nil when its map is singular or not finite (nothing of it can be drawn).
    init?(_ projection: DrawProjection, canvasWidth: Int, canvasHeight: Int) {
        let h = projection.homography
        guard h.isFinite, let inverse = h.inverted else { return nil }
        homography = h
        self.inverse = inverse
        let m = Self.margin
        let (w, hh) = (Double(canvasWidth), Double(canvasHeight))
        canvasCut = ClipRegion(convex: [Point(-m, -m), Point(w + m, -m), Point(w + m, hh + m), Point(-m, hh + m)])
        let (pw, ph) = (Double(projection.width), Double(projection.height))
        planeCut = ClipRegion(convex: [Point(0, 0), Point(pw, 0), Point(pw, ph), Point(0, ph)])
        let corners = [
            Point(0, 0), Point(Double(projection.width), 0),
            Point(Double(projection.width), Double(projection.height)), Point(0, Double(projection.height)),
            Point(Double(projection.width) / 2, Double(projection.height) / 2),
        ]
        let stretch = corners.map { Self.stretch(of: h, at: $0) }.max() ?? 1
        tolerance = PathFlattening.tolerance / min(max(stretch, 1.0 / 16), 64)
    }

    /// The Frobenius norm of the map's Jacobian at `p` (a bound on how far it stretches a short
    /// step there); infinity behind or close to the eye.
    static func stretch(of h: Homography, at p: Point) -> Double {
        let (x, y, w) = h.homogeneous(p)
        guard w > nearW else { return .infinity }
        let (u, v) = (x / w, y / w)
        let (a, b) = ((h.m11 - u * h.m13) / w, (h.m21 - u * h.m23) / w)
        let (c, d) = ((h.m12 - v * h.m13) / w, (h.m22 - v * h.m23) / w)
        let norm = (a * a + b * b + c * c + d * d).squareRoot()
        return norm.isFinite ? norm : .infinity
    }

    /// `contour` (a closed polygon in the plane) as the canvas sees it: its part within the
    /// plane's box and in front of the eye, mapped and cut to the canvas grown by `margin`.
    /// `out` is replaced; empty when nothing is left.
    mutating func project(_ contour: some BidirectionalCollection<Point>, into out: inout [Point]) {
        out.removeAll(keepingCapacity: true)
        inBox.removeAll(keepingCapacity: true)
        inBox.append(contentsOf: contour)
        planeCut.intersect(inBox, into: &out, scratch: &scratch)
        swap(&inBox, &out)
        out.removeAll(keepingCapacity: true)
        Self.cutInFront(inBox, under: homography, into: &front)
        guard front.count >= 3 else { return }
        for k in front.indices {
            let (x, y, w) = homography.homogeneous(front[k])
            // W ≥ nearW (the cut's points land on it up to rounding; never below half of it).
            let ww = max(w, Self.nearW / 2)
            front[k] = Point(x / ww, y / ww)
        }
        guard front.allSatisfy(\.isFinite) else { return }
        canvasCut.intersect(front, into: &out, scratch: &scratch)
    }

    /// The part of `contour` (a closed polygon in the plane) in front of the eye under `h`
    /// (W ≥ `nearW`), by Sutherland–Hodgman against that one line; `out` is replaced.
    static func cutInFront(_ contour: some BidirectionalCollection<Point>, under h: Homography, into out: inout [Point])
    {
        out.removeAll(keepingCapacity: true)
        guard var s = contour.last else { return }
        func w(_ p: Point) -> Double { p.x * h.m13 + p.y * h.m23 + h.m33 }
        var ws = w(s)
        for p in contour {
            let wp = w(p)
            if wp >= nearW {
                if ws < nearW { out.append(s + (p - s) * ((nearW - ws) / (wp - ws))) }
                out.append(p)
            } else if ws >= nearW {
                out.append(s + (p - s) * ((nearW - ws) / (wp - ws)))
            }
            (s, ws) = (p, wp)
        }
    }
}
