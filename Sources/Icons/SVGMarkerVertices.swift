import Foundation
import Geometry

/// Where a shape's markers stand and which way they face: the vertices of its path and the
/// directions SVG gives them ("path element implementation notes", SVG 2's path directionality).
///
/// Every `move` and every segment's end point is a vertex (a `close` ends at its subpath's start).
/// The first vertex takes `marker-start`, the last `marker-end`, every other `marker-mid`. A
/// segment has a direction where it starts and where it ends (a curve's tangents there); a vertex
/// between two segments faces the bisector of the incoming and outgoing directions, the ends of an
/// open subpath face along their one segment, and the start and end of a closed subpath face the
/// bisector of the closing segment and the first one.
struct SVGMarkerVertices {
    enum Kind: Equatable {
        case start, mid, end
    }

    struct Vertex: Equatable {
        var point: Point
        /// Clockwise on screen from the positive x axis, as `rotate()` turns.
        var angle: Angle
        var kind: Kind
    }

    /// The vertices of `path`, first to last; none for a path without a point.
    static func vertices(of path: Path) -> [Vertex] {
        var placed: [(point: Point, incoming: Point?, outgoing: Point?)] = []
        var current = Point(0, 0)
        // The subpath being read: where it starts in `placed`, its start point, and its first
        // segment's outgoing direction.
        var subpath = (index: 0, start: Point(0, 0), first: Point?.none)
        for element in path.elements {
            let segment: (start: Point, end: Point, to: Point)?
            switch element {
            case .move(let p):
                placed.append((p, nil, nil))
                subpath = (placed.count - 1, p, nil)
                current = p
                continue
            case .line(let p): segment = Self.directions(current, [], p)
            case .quad(let c, let p): segment = Self.directions(current, [c], p)
            case .cubic(let c1, let c2, let p): segment = Self.directions(current, [c1, c2], p)
            case .close:
                segment = Self.directions(current, [], subpath.start)
            }
            guard let segment, !placed.isEmpty else { continue }
            placed[placed.count - 1].outgoing = segment.start
            if subpath.first == nil { subpath.first = segment.start }
            placed.append((segment.to, segment.end, nil))
            current = segment.to
            if case .close = element {
                // A closed subpath's two ends are one point: both face the bisector of the
                // closing segment and the first.
                placed[subpath.index].incoming = segment.end
                placed[placed.count - 1].outgoing = subpath.first
                // What follows without a `move` starts a new subpath at the same point.
                subpath = (placed.count - 1, subpath.start, nil)
            }
        }
        return placed.enumerated().map { index, vertex in
            let kind: Kind = index == 0 ? .start : index == placed.count - 1 ? .end : .mid
            return Vertex(point: vertex.point, angle: Self.bisector(vertex.incoming, vertex.outgoing), kind: kind)
        }
    }

    /// A segment from `from` through `controls` to `to`: its direction where it starts and where it
    /// ends (a curve's tangent, from the first control point that differs from the end; a segment
    /// of no length faces along the line between its ends, which is no direction: angle 0).
    private static func directions(_ from: Point, _ controls: [Point], _ to: Point) -> (
        start: Point, end: Point, to: Point
    ) {
        let points = [from] + controls + [to]
        let start = points.dropFirst().first { $0 != from }.map { $0 - from } ?? Point(0, 0)
        let end = points.dropLast().last { $0 != to }.map { to - $0 } ?? Point(0, 0)
        return (start, end, to)
    }

    /// The direction halfway between `incoming` and `outgoing` (either alone when the other is
    /// missing), on the side within 90° of both, as resvg turns it; 0 with neither.
    static func bisector(_ incoming: Point?, _ outgoing: Point?) -> Angle {
        func angle(_ v: Point) -> Double {
            guard v.x != 0 || v.y != 0 else { return 0 }
            let a = atan2(v.y, v.x)
            return a < 0 ? a + 2 * .pi : a
        }
        switch (incoming, outgoing) {
        case (let i?, let o?):
            let a = angle(i)
            let half = (angle(o) - a) / 2
            var result = a + half
            if abs(half) > .pi / 2 { result -= .pi }
            return .radians(result < 0 ? result + 2 * .pi : result)
        case (let i?, nil): return .radians(angle(i))
        case (nil, let o?): return .radians(angle(o))
        case (nil, nil): return .zero
        }
    }
}
