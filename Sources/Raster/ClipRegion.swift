import Geometry

/// The region a `DrawRect`'s `clips` leave visible (Core Animation's `masksToBounds` on its
/// ancestors): the intersection of their rounded rectangles, as one convex polygon in pixel space.
///
/// Why polygons rather than a product of coverage masks: every clip shape is convex (a rounded
/// rectangle under an affine map, flattened with its interior vertices pushed out by far less than
/// the chord angle's cosine deficit, so the outline stays convex), and a convex polygon clips any
/// polygon exactly (Sutherland–Hodgman). Clipping the layer's flattened outline (and its border's
/// hole) to the region before accumulation gives the exact area of shape ∩ clips in every pixel,
/// for one clip or any number of nested ones. A product of per-pixel coverages would darken
/// anti-aliased edges where the layer's edge and the clip's edge share a pixel (a layer edge
/// lying exactly on its parent's edge would come out at c² instead of c). The product rule is used
/// only for the shadow, which is a blurred image rather than a polygon (see `ShadowRenderer`).
///
/// Cost: O(subject vertices × region vertices) per clipped shape; a few hundred of each for UI
/// corners, microseconds per layer.
struct ClipRegion {
    /// The region's outline; empty when the clips do not overlap or one of them is empty.
    private(set) var points: [Point] = []
    /// +1 when `points` has positive signed area (cross products of its edges are ≥ 0 inside),
    /// −1 otherwise.
    private var orientation: Double = 1
    private var scratch: [Point] = []
    private var other: [Point] = []
    // (Building a region allocates a little; it is rebuilt only when the clips change.)
    /// The clips `points` was built from, so consecutive layers under the same parent reuse it.
    private var source: [ClipShape]?
    private var sourceCanvas = (0, 0)

    var isEmpty: Bool { points.count < 3 }

    init() {}

    /// The region inside `outline`, a convex polygon of either orientation (a projected clip,
    /// the canvas); empty when it has no area or a point that is not finite.
    init(convex outline: [Point]) {
        let area = signedArea(outline)
        guard outline.count >= 3, outline.allSatisfy(\.isFinite), area != 0, area.isFinite else { return }
        points = outline
        orientation = area > 0 ? 1 : -1
    }

    /// Sets the region to the intersection of `clips` (at least one), for drawing on a canvas of
    /// `canvasWidth` × `canvasHeight` pixels.
    /// `tolerance` is the outlines' chord error bound (the canvas's by default).
    mutating func set(
        _ clips: [ClipShape], canvasWidth: Int, canvasHeight: Int, tolerance: Double = Flattening.tolerance
    ) {
        let canvas = (canvasWidth, canvasHeight)
        guard source != clips || sourceCanvas != canvas else { return }
        (source, sourceCanvas) = (clips, canvas)
        set(
            clips.map {
                RoundedRect(
                    size: $0.size, cornerRadius: $0.cornerRadius, maskedCorners: $0.maskedCorners,
                    cornerCurve: $0.cornerCurve, transform: $0.transform)
            }, canvasWidth: canvasWidth, canvasHeight: canvasHeight, tolerance: tolerance)
    }

    /// Whether every clip in `clips` holds the whole of `box` (canvas pixels) inside it, so that
    /// clipping a shape within `box` to them leaves the shape exactly as it is: each clip is a
    /// rectangle under a map without turn or shear, and `box` lies within it less its corners'
    /// squares (a corner of either curve stays within `continuousReach` radii of its corner). A
    /// clipped glyph that passes draws through the glyph cache, as an unclipped one does: a label
    /// in a scroll view, away from the viewport's edges.
    static func contain(_ clips: [ClipShape], box: Rect) -> Bool {
        for clip in clips {
            let t = clip.transform
            guard t.b == 0, t.c == 0, clip.size.width > 0, clip.size.height > 0 else { return false }
            let (hw, hh) = (clip.size.width / 2, clip.size.height / 2)
            let r = min(max(clip.cornerRadius.isFinite ? clip.cornerRadius : 0, 0), min(hw, hh))
            let inset = clip.maskedCorners.isEmpty ? 0 : r * CornerProfile.continuousReach
            let (x0, x1) = (t.a * (-hw + inset) + t.tx, t.a * (hw - inset) + t.tx)
            let (y0, y1) = (t.d * (-hh + inset) + t.ty, t.d * (hh - inset) + t.ty)
            guard box.minX >= min(x0, x1), box.maxX <= max(x0, x1), box.minY >= min(y0, y1),
                box.maxY <= max(y0, y1)
            else { return false }
        }
        return true
    }

    /// Outlines of more vertices than this are cut to the canvas first (`cutToCanvas`). A UI
    /// corner flattens to tens or hundreds of vertices (a 900 px radius, about 940 in all); 4,096
    /// takes a radius of about 17,000 px, far beyond any canvas.
    static let cutThreshold = 4096

    /// Sets the region to the intersection of `shapes`; empty shapes make it empty.
    mutating func set(
        _ shapes: [RoundedRect], canvasWidth: Int, canvasHeight: Int, tolerance: Double = Flattening.tolerance
    ) {
        points.removeAll(keepingCapacity: true)
        guard let first = shapes.first, !first.isEmpty else { return }
        first.flattenedOutline(into: &points, tolerance: tolerance)
        Self.cutToCanvas(&points, scratch: &scratch, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        orientation = signedArea(points) >= 0 ? 1 : -1
        for shape in shapes.dropFirst() {
            guard !shape.isEmpty, points.count >= 3 else {
                points.removeAll(keepingCapacity: true)
                return
            }
            shape.flattenedOutline(into: &other, tolerance: tolerance)
            Self.cutToCanvas(&other, scratch: &scratch, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
            // Clip the new shape by the region so far (the region is convex and oriented).
            var result: [Point] = []
            intersect(other, into: &result, scratch: &scratch)
            points = result
            orientation = signedArea(points) >= 0 ? 1 : -1
        }
        guard points.allSatisfy(\.isFinite), abs(signedArea(points)) > 0 else {
            points.removeAll(keepingCapacity: true)
            return
        }
    }

    /// Cuts a convex outline of more than `cutThreshold` vertices to the canvas grown by a margin
    /// of 2,050 px (beyond the reach of the widest shadow blur, 2 × 1,024 px), by Sutherland–Hodgman
    /// against that rectangle's four sides. A clip whose corner radius is millions of pixels
    /// flattens at the cap of 16,384 segments a quarter, and intersecting two such outlines is
    /// O(n·m): 57 s for one layer of a 1 × 38 canvas. Cut, only the few vertices near the canvas
    /// are left. Outlines under the threshold are left exactly as they are, so every ordinary
    /// frame keeps its bytes; for a cut one only the region outside the canvas changes.
    private static func cutToCanvas(
        _ outline: inout [Point], scratch: inout [Point], canvasWidth: Int, canvasHeight: Int
    ) {
        guard outline.count > Self.cutThreshold else { return }
        let margin = 2050.0
        let box = [
            Point(-margin, -margin), Point(Double(canvasWidth) + margin, -margin),
            Point(Double(canvasWidth) + margin, Double(canvasHeight) + margin),
            Point(-margin, Double(canvasHeight) + margin),
        ]
        let cutter = ClipRegion(convex: box)
        var result: [Point] = []
        cutter.intersect(outline, into: &result, scratch: &scratch)
        outline = result
    }

    /// `subject` ∩ region, by Sutherland–Hodgman: the subject is cut by the line of each region
    /// edge in turn, keeping the inside. Degenerate (zero-area) slivers it may leave add no area to
    /// the accumulation. `out` is replaced, `scratch` is overwritten; nothing is allocated once the
    /// two buffers have grown.
    func intersect(_ subject: [Point], into out: inout [Point], scratch: inout [Point]) {
        out.removeAll(keepingCapacity: true)
        guard points.count >= 3, subject.count >= 3 else { return }
        // Inside every edge with room to spare, each cut keeps every point in order: the result
        // is the subject itself (a card or a label well inside its scroll view).
        if holdsWhole(subject) {
            out.append(contentsOf: subject)
            return
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: subject)
        var a = points[points.count - 1]
        for b in points {
            out.removeAll(keepingCapacity: true)
            guard scratch.count >= 3 else { return }
            let edge = b - a
            let orientation = self.orientation
            func side(_ p: Point) -> Double { orientation * (edge.x * (p.y - a.y) - edge.y * (p.x - a.x)) }
            var s = scratch[scratch.count - 1]
            var ds = side(s)
            for p in scratch {
                let dp = side(p)
                if dp >= 0 {
                    if ds < 0 { out.append(s + (p - s) * (ds / (ds - dp))) }
                    out.append(p)
                } else if ds >= 0 {
                    out.append(s + (p - s) * (ds / (ds - dp)))
                }
                s = p
                ds = dp
            }
            swap(&scratch, &out)
            a = b
        }
        swap(&scratch, &out)
        if out.count < 3 { out.removeAll(keepingCapacity: true) }
    }
}

extension ClipRegion {
    /// Whether the bounding box of `subject` lies inside the region by more than a millionth of
    /// a pixel from every edge. The region is convex, so then every point of the subject is
    /// inside every edge's line, and by more than the rounding of `intersect`'s side test.
    fileprivate func holdsWhole(_ subject: [Point]) -> Bool {
        var (minX, minY) = (Double.infinity, Double.infinity)
        var (maxX, maxY) = (-Double.infinity, -Double.infinity)
        for p in subject {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return false }
        let corners = [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)]
        var a = points[points.count - 1]
        for b in points {
            let edge = b - a
            let room = 1e-6 * (abs(edge.x) + abs(edge.y))
            for c in corners where orientation * (edge.x * (c.y - a.y) - edge.y * (c.x - a.x)) <= room {
                return false
            }
            a = b
        }
        return true
    }
}

/// The shoelace area ½·Σ (x_i·y_{i+1} − x_{i+1}·y_i) of a closed polygon, signed by orientation.
func signedArea(_ points: [Point]) -> Double {
    guard var previous = points.last else { return 0 }
    var sum = 0.0
    for p in points {
        sum += previous.x * p.y - p.x * previous.y
        previous = p
    }
    return sum / 2
}
