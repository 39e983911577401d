import Geometry

/// One subpath flattened to points, what the stroker offsets. `corners[i]` says whether point i
/// is a corner between two path elements (joined with the style's `lineJoin`) or a point inside
/// a flattened curve (joined round, which for the tiny turns between chords is a bevel or a few
/// chords, so the offset follows the curve).
struct Polyline {
    var points: [Point] = []
    var corners: [Bool] = []
    var closed = false

    /// Length of every segment, the closing one included when closed.
    var length: Double {
        var total = 0.0
        for i in 0..<segmentCount { total += points[i].distance(to: points[(i + 1) % points.count]) }
        return total
    }

    var segmentCount: Int { points.count < 2 ? 0 : (closed ? points.count : points.count - 1) }

    mutating func append(_ p: Point, corner: Bool) {
        // Zero-length segments have no direction to offset; they are dropped.
        if let last = points.last, last == p {
            if corner { corners[corners.count - 1] = true }
            return
        }
        points.append(p)
        corners.append(corner)
    }

    /// The point at arc length `s` (clamped to the line) and the direction of the segment it
    /// lies on (the later one at a vertex, the last one at the end).
    func point(atLength s: Double) -> (point: Point, direction: Point) {
        var travelled = 0.0
        var last = (points[0], Point(1, 0))
        for i in 0..<segmentCount {
            let a = points[i]
            let b = points[(i + 1) % points.count]
            let l = a.distance(to: b)
            guard l > 0 else { continue }
            last = (b, (b - a) * (1 / l))
            if s < travelled + l { return (a + (b - a) * (max(s - travelled, 0) / l), (b - a) * (1 / l)) }
            travelled += l
        }
        return last
    }

    /// The part between arc lengths `from` and `to` (0 ≤ from < to ≤ length), open; its two ends
    /// are the new ends (no join), inner points keep their corner flags.
    func slice(from: Double, to: Double) -> Polyline {
        var piece = Polyline()
        var travelled = 0.0
        for i in 0..<segmentCount {
            let a = points[i]
            let b = points[(i + 1) % points.count]
            let l = a.distance(to: b)
            let s0 = travelled
            let s1 = travelled + l
            travelled = s1
            guard s1 > from, s0 < to, l > 0 else { continue }
            if piece.points.isEmpty { piece.append(a + (b - a) * (max(from - s0, 0) / l), corner: false) }
            if s1 <= to {
                piece.append(b, corner: s1 < to ? corners[(i + 1) % points.count] : false)
            } else {
                piece.append(a + (b - a) * ((to - s0) / l), corner: false)
                break
            }
        }
        if !piece.corners.isEmpty { piece.corners[piece.corners.count - 1] = false }
        return piece
    }
}

/// Path → polylines, curves in uniform parameter steps with chords within `tolerance` of the
/// curve (the bound of Raster's PathFlattening: n = ⌈√(|d|/(4τ))⌉ for a quadratic,
/// ⌈√(3·max|d|/(4τ))⌉ for a cubic, d the second differences), at most 1,024 chords a curve.
func polylines(of path: Path, tolerance: Double) -> [Polyline] {
    var result: [Polyline] = []
    var current = Polyline()
    var point = Point.zero
    var start = Point.zero
    func finish(closed: Bool) {
        if !current.points.isEmpty {
            if closed, current.points.count > 1, current.points.last == start {
                current.points.removeLast()
                current.corners.removeLast()
            }
            current.closed = closed && current.points.count > 2
            if let first = current.corners.indices.first { current.corners[first] = true }
            result.append(current)
        }
        current = Polyline()
    }
    func pieces(_ x: Double) -> Int {
        guard x > 1 else { return 1 }
        let root = x.squareRoot().rounded(.up)
        return root < 1024 ? Int(root) : 1024
    }
    for element in path.elements {
        switch element {
        case .move(let p):
            finish(closed: false)
            point = p
            start = p
            current.append(p, corner: true)
        case .line(let p):
            if current.points.isEmpty {
                current.append(point, corner: true)
                start = point
            }
            current.append(p, corner: true)
            point = p
        case .quad(let c, let p):
            if current.points.isEmpty {
                current.append(point, corner: true)
                start = point
            }
            let p0 = point
            let n = pieces((p0 - 2 * c + p).length / (4 * tolerance))
            for i in 1..<n {
                let t = Double(i) / Double(n)
                let u = 1 - t
                current.append(u * u * p0 + 2 * u * t * c + t * t * p, corner: false)
            }
            current.append(p, corner: true)
            point = p
        case .cubic(let c1, let c2, let p):
            if current.points.isEmpty {
                current.append(point, corner: true)
                start = point
            }
            let p0 = point
            let n = pieces(3 * max((p0 - 2 * c1 + c2).length, (c1 - 2 * c2 + p).length) / (4 * tolerance))
            for i in 1..<n {
                let t = Double(i) / Double(n)
                let u = 1 - t
                current.append(u * u * u * p0 + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * p, corner: false)
            }
            current.append(p, corner: true)
            point = p
        case .close:
            if !current.points.isEmpty { current.append(start, corner: true) }
            finish(closed: true)
            point = start
        }
    }
    finish(closed: false)
    return result
}

/// The visible pieces of `lines` after `strokeStart` / `strokeEnd` (fractions of the total
/// length over all subpaths, as Core Animation measures them) and the dash pattern, which
/// restarts at each subpath with the phase applied again (Core Graphics' rule, from PDF's, and
/// SVG's). A closed subpath that stays whole keeps being closed (joined all round). At most
/// `maxDashes` dashes: a pattern that would make more (a tiny period on a long path) strokes solid.
func visiblePieces(_ lines: [Polyline], style: StrokeStyle) -> [Polyline] {
    let lengths = lines.map(\.length)
    let total = lengths.reduce(0, +)
    guard total > 0 else { return lines }
    let s0 = min(max(style.strokeStart, 0), 1)
    let s1 = min(max(style.strokeEnd, 0), 1)
    guard s1 > s0 else { return [] }
    let range = (s0 * total, s1 * total)
    // Whether the pattern dashes at all, judged on the whole path (too fine a pattern is solid).
    let dashes = dashIntervals(style: style, total: total) != nil
    var result: [Polyline] = []
    var offset = 0.0
    for (line, length) in zip(lines, lengths) {
        defer { offset += length }
        if length == 0 {
            if s0 == 0 && s1 == 1 { result.append(line) }
            continue
        }
        // This subpath's dashes from its own start, then in whole-path positions, within the range.
        let local = dashes ? dashIntervals(style: style, total: length) ?? [(0, length)] : [(0, length)]
        for (a, b) in local {
            let (x, y) = (max(a + offset, range.0), min(b + offset, range.1))
            if a == b {
                // A zero-length dash (a dotted line's dot) stays where it is, if inside the range.
                if a + offset >= range.0 && a + offset <= range.1,
                    let dot = dotPiece(line, at: a, cap: style.lineCap)
                {
                    result.append(dot)
                }
            } else if y > x {
                let (from, to) = (x - offset, y - offset)
                result.append(from <= 0 && to >= length ? line : line.slice(from: from, to: to))
            }
        }
    }
    return result
}

let maxDashes = 100_000

/// The piece a zero-length dash at arc length `s` of `line` strokes: nothing with butt caps (as
/// Core Graphics draws a zero-length dash), one point (a disk) with round caps, and with square
/// caps a 1e-6 long piece along the line, so the square is turned with it.
private func dotPiece(_ line: Polyline, at s: Double, cap: LineCap) -> Polyline? {
    let (p, d) = line.point(atLength: s)
    var piece = Polyline()
    switch cap {
    case .butt: return nil
    case .round: piece.append(p, corner: false)
    case .square:
        piece.append(p - d * 5e-7, corner: false)
        piece.append(p + d * 5e-7, corner: false)
    }
    return piece
}

/// The dash-on intervals over [0, total], or nil for a solid stroke.
private func dashIntervals(style: StrokeStyle, total: Double) -> [(Double, Double)]? {
    var pattern = style.lineDashPattern
    guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
    if pattern.count % 2 == 1 { pattern += pattern }
    let period = pattern.reduce(0, +)
    guard period > 0, total / period * Double(pattern.count) < Double(maxDashes), style.lineDashPhase.isFinite else {
        return nil
    }
    // Pattern position p at path position s: p = s + phase (mod period). Start one period early
    // so the dash straddling 0 is included.
    var phase = style.lineDashPhase.truncatingRemainder(dividingBy: period)
    if phase < 0 { phase += period }
    var intervals: [(Double, Double)] = []
    var s = -phase
    while s < total {
        for (k, length) in pattern.enumerated() {
            if k % 2 == 0 {
                let a = max(s, 0)
                let b = min(s + length, total)
                if b > a {
                    intervals.append((a, b))
                } else if length == 0 && s >= 0 && s <= total {
                    intervals.append((s, s))
                }
            }
            s += length
        }
    }
    return intervals
}

extension Path {
    /// The path's subpaths as points, curves flattened with chords within `tolerance` of them
    /// (the stroker's flattening): each subpath's points and whether it is closed by `Z`.
    public func flattenedSubpaths(tolerance: Double) -> [(points: [Point], closed: Bool)] {
        polylines(of: self, tolerance: tolerance).map { ($0.points, $0.closed) }
    }
}
