import Geometry

/// Strokes → outlines: the region a stroke paints, as a `Path` of polygons to fill with the
/// non-zero rule (Core Graphics' `copy(strokingWithWidth:...)`, as `CAShapeLayer` draws it).
///
/// Method: the path is flattened (chords within `tolerance` of the curves), trimmed to
/// strokeStart...strokeEnd and cut into dashes by arc length; each piece's outline is its left
/// offset by lineWidth/2 forwards, the end cap, the right offset backwards and the start cap,
/// as one contour (a closed piece: the two offset loops, opposite ways round, as two contours).
/// Every join and cap is part of its piece's one outline rather than a separate disk or
/// triangle, because separate overlapping contours would make pixels whose edges overlap, where
/// area accumulation over-covers (see Raster's README, General paths).
///
/// Exactness: straight segments are offset exactly (a stroked line of length l and width w is the
/// rectangle l × w; square caps add w/2 × w at each end); round joins and caps, and curves, are
/// polygons within `tolerance` of the true outline (a chord's sagitta), so areas are exact up to
/// O(tolerance × perimeter). Inner sides of corners take the offset lines' intersection when
/// both segments keep a non-negative length after trimming; otherwise (a curve tighter than half
/// the stroke, a very short segment) they pass through the corner point itself. Then each side is
/// the union of the segments' half-bodies, all wound the same way, so the non-zero rule fills the
/// stroke however tight the curve (a circle of radius 2 stroked 6 wide is a disk of radius 5).
public enum Stroker {
    /// The outline of `path` stroked with `style`, in the path's units. `tolerance` (path units,
    /// > 0; pass 0.005 px divided by the drawing scale) bounds the distance between curves or
    /// round parts and their chords. An empty path for a width ≤ 0 or nothing visible.
    public static func outline(of path: Path, style: StrokeStyle, tolerance: Double) -> Path {
        let h = style.lineWidth / 2
        guard h > 0, h.isFinite, tolerance > 0, path.isFinite else { return Path() }
        var contours: [[Point]] = []
        let pieces = visiblePieces(polylines(of: path, tolerance: tolerance), style: style)
        let pen = Pen(
            h: h, style: style, tolerance: tolerance, chordsPerTurn: chordsPerTurn(for: pieces, cap: style.lineCap))
        for piece in pieces {
            if piece.points.count == 1 {
                dot(at: piece.points[0], pen: pen, into: &contours)
            } else if piece.closed {
                add(side(piece.points, piece.corners, closed: true, pen: pen), to: &contours)
                add(side(piece.points.reversed(), piece.corners.reversed(), closed: true, pen: pen), to: &contours)
            } else {
                var contour = side(piece.points, piece.corners, closed: false, pen: pen)
                let n = piece.points.count
                cap(
                    at: piece.points[n - 1], direction: unit(piece.points[n - 1] - piece.points[n - 2]), pen: pen,
                    into: &contour)
                contour += side(piece.points.reversed(), piece.corners.reversed(), closed: false, pen: pen)
                cap(at: piece.points[0], direction: unit(piece.points[0] - piece.points[1]), pen: pen, into: &contour)
                add(contour, to: &contours)
            }
        }
        // Pieces that touch would overlap in the fill (see PolygonUnion); one piece's outline is
        // filled as it is.
        if pieces.count > 1, let united = PolygonUnion.nonZero(contours) { contours = united }
        var out = Path()
        for contour in contours {
            out.move(to: contour[0])
            for p in contour.dropFirst() { out.line(to: p) }
            out.close()
        }
        return out
    }

    /// What every join and cap of one outline needs: the half width, the style, the chords'
    /// tolerance and the most chords a full turn of a round part may take.
    private struct Pen {
        var h: Double
        var style: StrokeStyle
        var tolerance: Double
        var chordsPerTurn: Int
    }

    /// The points an outline's round parts (joins and caps) may take together: about 29 MB of
    /// `Path`. Ordinary strokes stay far below it (chords within the tolerance need ~120 a turn
    /// for a 10 px stroke), so it binds only where the width dwarfs the tolerance, when every
    /// round part would take the per-turn ceiling: a dashed ellipse 1e19 wide, 1,650 dashes with
    /// two half-turn caps each, would otherwise make 6.8 M points, a 117 MB path.
    static let roundPointBudget = 1 << 19

    /// The per-turn chord ceiling for `pieces`: 4,096 unless their round parts, at that, would
    /// exceed `roundPointBudget`; then the budget shared evenly over their turning, at least 16 a
    /// turn. The turning is bounded from above without trigonometry: a join between unit
    /// directions a and b turns θ ≤ (π/2)·|a − b|, so θ/2π ≤ |a − b|/4 turns.
    private static func chordsPerTurn(for pieces: [Polyline], cap: LineCap) -> Int {
        var turns = 0.0
        var arcs = 0
        for piece in pieces {
            let n = piece.points.count
            if n == 1 || !piece.closed {
                if cap == .round {
                    turns += 1
                    arcs += n == 1 ? 1 : 2
                }
                if n <= 2 { continue }
            }
            let joints = piece.closed ? 0..<n : 1..<n - 1
            for j in joints {
                let a = unit(piece.points[j] - piece.points[(j - 1 + n) % n])
                let b = unit(piece.points[(j + 1) % n] - piece.points[j])
                turns += (a - b).length / 4
            }
            arcs += joints.count
        }
        let spare = Double(roundPointBudget - 2 * arcs)
        guard turns > 0, spare < 4096 * turns else { return 4096 }
        return Int.clamping(spare / turns, rounded: .down, to: 16...4096)
    }

    private static func add(_ contour: [Point], to contours: inout [[Point]]) {
        guard contour.count >= 3 else { return }
        contours.append(contour)
    }

    private static func unit(_ v: Point) -> Point { v * (1 / v.length) }
    /// The left normal of a direction (90° from it, the same side for every segment).
    private static func normal(_ d: Point) -> Point { Point(-d.y, d.x) }

    /// The left offset of a polyline with its joins: from the first point's offset to the last's
    /// (closed: once round, joined at every vertex).
    private static func side(_ points: [Point], _ corners: [Bool], closed: Bool, pen: Pen) -> [Point] {
        let h = pen.h
        let n = points.count
        var out: [Point] = []
        let segments = closed ? n : n - 1
        let directions = (0..<segments).map { unit(points[($0 + 1) % n] - points[$0]) }
        let lengths = (0..<segments).map { points[($0 + 1) % n].distance(to: points[$0]) }
        if !closed { out.append(points[0] + normal(directions[0]) * h) }
        let joints = closed ? Array(0..<n) : Array(1..<n - 1)
        // How far an inner corner's offset-line intersection lies along each of its segments,
        // h·tan(φ/2) (0 where this side is the outer one, and at open ends).
        var reach = [Double](repeating: 0, count: n)
        for j in joints {
            let a = directions[(j - 1 + segments) % segments]
            let b = directions[j % segments]
            if a.cross(b) > 0 {
                let c = a.dot(b)
                reach[j] = c > -1 ? h * ((1 - c) / 2).squareRoot() / ((1 + c) / 2).squareRoot() : .infinity
            }
        }
        for j in joints {
            let incoming = (j - 1 + segments) % segments
            let outgoing = j % segments
            // The intersection is the true inner offset only while both segments, trimmed at both
            // their ends, keep a non-negative length; otherwise (a curve tighter than the stroke)
            // the side passes through the corner point.
            let fits =
                reach[j] + reach[incoming] <= lengths[incoming] && reach[j] + reach[(j + 1) % n] <= lengths[outgoing]
            join(
                at: points[j], a: directions[incoming], b: directions[outgoing], innerFits: fits,
                corner: corners[j], pen: pen, into: &out)
        }
        if !closed { out.append(points[n - 1] + normal(directions[segments - 1]) * h) }
        return out
    }

    /// The left side's points at vertex v between directions a (in) and b (out).
    private static func join(
        at v: Point, a: Point, b: Point, innerFits: Bool, corner: Bool, pen: Pen, into out: inout [Point]
    ) {
        let h = pen.h
        let na = normal(a)
        let nb = normal(b)
        let start = v + na * h
        let end = v + nb * h
        let cross = a.cross(b)
        let cosTurn = a.dot(b)
        if cross == 0 && cosTurn > 0 {
            out.append(start)
            return
        }  // straight on
        // Offset lines meet at v + h·(na + nb)/(1 + na·nb), h / cos(φ/2) from v (φ the turn).
        let halfCos = ((1 + cosTurn) / 2).squareRoot()
        if cross > 0 {
            // Turning towards this side: the inner side of the corner.
            if innerFits {
                out.append(v + (na + nb) * (h / (1 + cosTurn)))
            } else {
                out.append(start)
                out.append(v)
                out.append(end)
            }
            return
        }
        switch corner ? pen.style.lineJoin : .round {
        case .miter where halfCos > 0 && 1 / halfCos <= pen.style.miterLimit:
            out.append(v + (na + nb) * (h / (1 + cosTurn)))
        case .miter, .bevel:
            out.append(start)
            out.append(end)
        case .round:
            arc(centre: v, from: na, turning: Angle.direction(of: Point(cosTurn, cross)).radians, pen: pen, into: &out)
        }
    }

    /// Points on the circle of radius h about `centre` from direction `from`, turning by `angle`
    /// radians (sign: direction), both ends included, chords within `tolerance` of the arc.
    private static func arc(centre: Point, from: Point, turning angle: Double, pen: Pen, into out: inout [Point]) {
        let h = pen.h
        // A chord spanning angle α has sagitta h·(1 − cos(α/2)) ≤ tolerance.
        let maxStep = pen.tolerance < h ? 2 * Angle.arccos(1 - pen.tolerance / h).radians : Double.pi / 2
        // At most `chordsPerTurn` (4,096 or fewer) chords a full turn, so an outline's arcs
        // together have at most that many points per turn the path makes (plus one per arc)
        // whatever the width: a width over about 1e16 tolerances makes 1 − tolerance/h round to 1
        // and maxStep 0, and each of a flattened curve's hundreds of small joins would otherwise
        // take a whole cap of chords.
        let perTurn = Double(pen.chordsPerTurn)
        let turnCap = Int.clamping(abs(angle) / (2 * Double.pi) * perTurn, rounded: .up, to: 1...pen.chordsPerTurn)
        let steps = Int.clamping(abs(angle) / maxStep, rounded: .up, to: 1...turnCap)
        let base = Angle.direction(of: from).radians
        for i in 0...steps {
            out.append(centre + Angle.radians(base + angle * Double(i) / Double(steps)).unitVector * h)
        }
    }

    /// The end cap at `p`, the path arriving in `direction`, from the left offset to the right.
    private static func cap(at p: Point, direction d: Point, pen: Pen, into out: inout [Point]) {
        let h = pen.h
        let n = normal(d)
        switch pen.style.lineCap {
        case .butt: break
        case .square:
            out.append(p + n * h + d * h)
            out.append(p - n * h + d * h)
        case .round:
            // From the left normal clockwise through d to the right (−n): a half turn, negative.
            arc(centre: p, from: n, turning: -Double.pi, pen: pen, into: &out)
        }
    }

    /// A subpath of one point: a disk for round caps, an axis-aligned square for square caps,
    /// nothing for butt (Core Graphics' behaviour for a zero-length line).
    private static func dot(at p: Point, pen: Pen, into contours: inout [[Point]]) {
        let h = pen.h
        var contour: [Point] = []
        switch pen.style.lineCap {
        case .butt: return
        case .square: contour = [p + Point(-h, -h), p + Point(h, -h), p + Point(h, h), p + Point(-h, h)]
        case .round:
            arc(centre: p, from: Point(1, 0), turning: 2 * Double.pi, pen: pen, into: &contour)
            contour.removeLast()
        }
        add(contour, to: &contours)
    }
}
