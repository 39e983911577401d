import CFreeTypeSystem
import Geometry

/// FreeType's outline arrays (points, tags, contour ends) → `Path`, following the rules of
/// FT_Outline_Decompose: a point tagged "on" is on the curve, "conic" is a quadratic control
/// (two conics in a row imply an on-curve point midway between them), "cubic" comes in pairs of
/// cubic controls. A contour may start on a control point; then it starts at the last point if
/// that is on the curve, else at the midpoint of the first and last.
enum OutlineDecomposition {
    static func path(of outline: FT_Outline) -> Path {
        var path = Path()
        guard outline.n_points > 0, outline.n_contours > 0,
            let points = outline.points, let tags = outline.tags, let contours = outline.contours
        else { return path }
        func point(_ i: Int) -> Point { Point(x: Double(points[i].x), y: Double(points[i].y)) }
        func tag(_ i: Int) -> Int32 { Int32(tags[i]) & 3 }
        let on = Int32(FT_CURVE_TAG_ON)
        let conic = Int32(FT_CURVE_TAG_CONIC)
        var first = 0
        for c in 0..<Int(outline.n_contours) {
            let last = Int(contours[c])
            defer { first = last + 1 }
            guard last >= first, last < Int(outline.n_points) else { continue }
            var start = point(first)
            var index = first
            var limit = last
            if tag(first) == conic {
                if tag(last) == on {
                    start = point(last)
                    limit = last - 1
                } else {
                    start = Point(x: (point(first).x + point(last).x) / 2, y: (point(first).y + point(last).y) / 2)
                }
                index = first - 1
            } else if tag(first) != on {
                continue  // a contour may not start on a cubic control: FreeType calls it invalid
            }
            path.move(to: start)
            var pendingConic: Point?
            var cubicControls: [Point] = []
            while index < limit {
                index += 1
                let p = point(index)
                switch tag(index) {
                case on:
                    if let control = pendingConic {
                        path.quad(to: p, control: control)
                        pendingConic = nil
                    } else if cubicControls.count == 2 {
                        path.cubic(to: p, control1: cubicControls[0], control2: cubicControls[1])
                    } else {
                        path.line(to: p)
                    }
                    cubicControls.removeAll(keepingCapacity: true)
                case conic:
                    if let control = pendingConic {
                        let mid = Point(x: (control.x + p.x) / 2, y: (control.y + p.y) / 2)
                        path.quad(to: mid, control: control)
                    }
                    pendingConic = p
                default:
                    cubicControls.append(p)
                }
            }
            // Close back to the start through any pending control points.
            if let control = pendingConic {
                path.quad(to: start, control: control)
            } else if cubicControls.count == 2 {
                path.cubic(to: start, control1: cubicControls[0], control2: cubicControls[1])
            }
            path.close()
        }
        return path
    }
}
