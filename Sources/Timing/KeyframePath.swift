import Geometry

/// `CAKeyframeAnimation.path`: the points a position animation moves through, and the keyframe
/// segments timing counts.
///
/// Core Animation makes every element of the path except a move one keyframe segment ("each
/// point on the path, except for moveto points, defines a single keyframe segment for the
/// purpose of timing and interpolation"): within a segment the point follows the element's own
/// Bézier parameter, and a close is a line back to its subpath's start. A move starts the next
/// segment somewhere else, so the layer jumps there.
public struct KeyframePath: Hashable, Sendable {
    /// One keyframe segment: its Bézier points, start first (2 for a line, 3 quad, 4 cubic).
    struct Segment: Hashable, Sendable {
        let points: [Point]

        func point(at u: Double) -> Point {
            let v = 1 - u
            switch points.count {
            case 2: return points[0] * v + points[1] * u
            case 3: return points[0] * (v * v) + points[1] * (2 * v * u) + points[2] * (u * u)
            default:
                return points[0] * (v * v * v) + points[1] * (3 * v * v * u) + points[2] * (3 * v * u * u)
                    + points[3] * (u * u * u)
            }
        }

        /// The derivative along u (its direction is the tangent).
        func derivative(at u: Double) -> Point {
            let v = 1 - u
            switch points.count {
            case 2: return points[1] - points[0]
            case 3: return (points[1] - points[0]) * (2 * v) + (points[2] - points[1]) * (2 * u)
            default:
                return (points[1] - points[0]) * (3 * v * v) + (points[2] - points[1]) * (6 * v * u)
                    + (points[3] - points[2]) * (3 * u * u)
            }
        }
    }

    let segments: [Segment]
    /// Arc length from the start at every 1/`samplesPerSegment` of each segment's parameter.
    let arcLengths: [Double]
    static let samplesPerSegment = 64

    /// - Throws: `TimingError` for a path without a segment (moves only) or with a point that is
    ///   not finite.
    public init(_ path: Path) throws {
        var segments: [Segment] = []
        var current = Point.zero
        var subpathStart = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                current = p
                subpathStart = p
            case .line(let p):
                segments.append(Segment(points: [current, p]))
                current = p
            case .quad(let c, let p):
                segments.append(Segment(points: [current, c, p]))
                current = p
            case .cubic(let c1, let c2, let p):
                segments.append(Segment(points: [current, c1, c2, p]))
                current = p
            case .close:
                segments.append(Segment(points: [current, subpathStart]))
                current = subpathStart
            }
        }
        guard !segments.isEmpty else {
            throw TimingError.invalid(
                "KeyframeAnimation.path", "a path of moves only", expected: "at least one segment")
        }
        for s in segments {
            for p in s.points where !p.isFinite {
                throw TimingError.invalid("KeyframeAnimation.path", p, expected: "finite points")
            }
        }
        self.segments = segments
        var lengths = [0.0]
        let m = Self.samplesPerSegment
        for s in segments {
            var previous = s.points[0]
            for k in 1...m {
                let p = s.point(at: Double(k) / Double(m))
                lengths.append(lengths[lengths.count - 1] + previous.distance(to: p))
                previous = p
            }
        }
        arcLengths = lengths
    }

    /// The keyframe values: each segment's start, then the last segment's end.
    public var keyPoints: [Point] {
        segments.map { $0.points[0] } + [segments[segments.count - 1].points.last!]
    }

    /// The path's length, pt (each segment measured along 64 chords).
    public var length: Double { arcLengths[arcLengths.count - 1] }

    /// Segment and parameter `fraction` of the way along the path by arc length (constant speed:
    /// the paced modes).
    func paced(_ fraction: Double) -> (segment: Int, u: Double) {
        let last = segments.count - 1
        return ArcLength.position(
            at: fraction, in: arcLengths, samplesPerSegment: Self.samplesPerSegment, segments: segments.count)
            ?? (fraction < 1 ? (0, 0) : (last, 1))
    }

    /// The point of segment `i` at parameter `u`.
    func point(_ i: Int, _ u: Double) -> Point { segments[i].point(at: u) }

    /// The direction the path runs in at segment `i`, parameter `u`: its derivative, or where that
    /// vanishes (a cubic's end at a coincident control point) the chord from start to end.
    func direction(_ i: Int, _ u: Double) -> Angle {
        let d = segments[i].derivative(at: u)
        if d.length > 1e-12 { return Angle.direction(of: d) }
        let s = segments[i].points
        return Angle.direction(of: s[s.count - 1] - s[0])
    }
}

/// `CAKeyframeAnimation.rotationMode`: the layer turns to the path's tangent as it moves.
public enum RotationMode: String, Sendable, CaseIterable {
    /// `.rotateAuto`: the layer's x axis along the direction of travel.
    case auto
    /// `.rotateAutoReverse`: the same, turned by 180°.
    case autoReverse
}
