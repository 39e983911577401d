/// How a rounded corner meets its straight sides: Core Animation's `CALayerCornerCurve`.
public enum CornerCurve: String, CaseIterable, Hashable, Sendable {
    /// A quarter circle of the corner radius (the default, and every corner before iOS 13).
    case circular
    /// Apple's "continuous" corner (iOS 13's `.continuous`, what `UIBezierPath(roundedRect:
    /// cornerRadius:)` has drawn since iOS 7): the curvature eases in from the straight side,
    /// which the curve leaves 1.528 radii before the corner instead of 1.
    case continuous
}

/// One corner's outline as cubic Béziers, in corner units: a point (a, b) lies a·r along the side
/// the outline comes from and b·r along the side it leaves by, both measured from the box's
/// corner. A straight join is a cubic with its controls at thirds (exactly the line).
///
/// The continuous corner is the reverse-engineered `UIBezierPath(roundedRect:cornerRadius:)` of
/// iOS 7 and later, as PaintCode published it (PixelCut, "Code for iOS 7 rounded rectangles",
/// https://www.paintcodeapp.com/news/code-for-ios-7-rounded-rectangles, 2014): three cubics joined
/// by two short lines, reaching `continuousReach` = 1.52866483 radii along each side. Where two
/// such corners do not fit on a side (1.528·r > half the shorter side), the curve is blended
/// toward the circular corner just enough to fit, reaching the circle at r = half the side, so a
/// capsule stays a capsule (PaintCode instead shrank the radius, which squares a pill's ends).
public enum CornerProfile {
    /// How far the continuous corner reaches along each side, in radii.
    public static let continuousReach = 1.52866483

    /// The continuous corner's points, in order: start (on the incoming side), then for each of
    /// the five pieces its two controls and its end.
    static let continuous: [(Double, Double)] = [
        (continuousReach, 0),
        (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600),
        third((0.66993427, 0.06549600), (0.63149399, 0.07491100), 1),
        third((0.66993427, 0.06549600), (0.63149399, 0.07491100), 2),
        (0.63149399, 0.07491100),
        (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399),
        third((0.07491100, 0.63149399), (0.06549600, 0.66993427), 1),
        third((0.07491100, 0.63149399), (0.06549600, 0.66993427), 2),
        (0.06549600, 0.66993427),
        (0, 0.86840689), (0, 1.08849323), (0, continuousReach),
    ]

    /// The circular corner in the same sixteen points, so the two can be blended: the first and
    /// last cubics collapse onto the tangent points, the middle one is the quarter circle with
    /// κ = 0.5522847498 (within 0.03 % of the radius of the arc).
    static let circular: [(Double, Double)] = {
        let rest = 1 - 0.5522847498
        return [(1, 0), (1, 0), (1, 0), (1, 0), (1, 0), (1, 0), (1, 0), (rest, 0), (0, rest), (0, 1)]
            + [(0, 1), (0, 1), (0, 1), (0, 1), (0, 1), (0, 1)]
    }()

    private static func third(_ p: (Double, Double), _ q: (Double, Double), _ k: Double) -> (Double, Double) {
        (p.0 + (q.0 - p.0) * k / 3, p.1 + (q.1 - p.1) * k / 3)
    }

    /// The corner's sixteen points (start, then five cubics of three) for `curve`, radius `r`
    /// (already at most `halfShortSide`), in corner units times r: (a·r, b·r). Circular corners
    /// give the κ quarter circle (drawers that flatten arcs exactly do not call this for them).
    public static func points(curve: CornerCurve, radius r: Double, halfShortSide m: Double) -> [(Double, Double)] {
        guard curve == .continuous else { return circular.map { ($0.0 * r, $0.1 * r) } }
        // Blend weight of the circle: 0 while the whole continuous corner fits, 1 at r = m.
        let reachLeft = r > 0 ? m / r : continuousReach
        let t = min(max((continuousReach - reachLeft) / (continuousReach - 1), 0), 1)
        return zip(continuous, circular).map { c, o in
            (((1 - t) * c.0 + t * o.0) * r, ((1 - t) * c.1 + t * o.1) * r)
        }
    }
}

extension Path {
    /// Appends the closed outline of the box [x0, x1] × [y0, y1] with `corners` rounded by
    /// radius `r` (clamped to half the shorter side) in `curve`, clockwise on screen (y down) from
    /// the top side. Nothing for an empty box.
    public mutating func appendRoundedRect(
        x0: Double, y0: Double, x1: Double, y1: Double, radius: Double, corners: CornerMask = .all,
        curve: CornerCurve = .circular
    ) {
        guard x1 > x0, y1 > y0 else { return }
        let m = min(x1 - x0, y1 - y0) / 2
        let r = min(max(radius.isFinite ? radius : 0, 0), m)
        guard curve == .continuous else { return appendCircularRoundedRect(x0, y0, x1, y1, r, corners) }
        let profile = CornerProfile.points(curve: curve, radius: r, halfShortSide: m)
        // Each corner: its position, the unit vector back along the incoming side, and the one
        // back along the outgoing side (a point (a, b) is corner + a·in + b·out).
        let walk: [(CornerMask, Point, Point, Point)] = [
            (.topRight, Point(x1, y0), Point(-1, 0), Point(0, 1)),
            (.bottomRight, Point(x1, y1), Point(0, -1), Point(-1, 0)),
            (.bottomLeft, Point(x0, y1), Point(1, 0), Point(0, -1)),
            (.topLeft, Point(x0, y0), Point(0, 1), Point(1, 0)),
        ]
        for (index, (mask, corner, incoming, outgoing)) in walk.enumerated() {
            func place(_ p: (Double, Double)) -> Point {
                Point(corner.x + p.0 * incoming.x + p.1 * outgoing.x, corner.y + p.0 * incoming.y + p.1 * outgoing.y)
            }
            guard corners.contains(mask), r > 0 else {
                if index == 0 { move(to: corner) } else { line(to: corner) }
                continue
            }
            if index == 0 { move(to: place(profile[0])) } else { line(to: place(profile[0])) }
            for k in stride(from: 1, to: profile.count, by: 3) {
                cubic(to: place(profile[k + 2]), control1: place(profile[k]), control2: place(profile[k + 1]))
            }
        }
        close()
    }

    /// The circular corners as one cubic each (κ = 0.5522847498, ≤ 0.03 % of the radius off the
    /// arc), from the top-left corner's end of the top side.
    private mutating func appendCircularRoundedRect(
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ r: Double, _ corners: CornerMask
    ) {
        let k = 0.5522847498 * r
        func rr(_ corner: CornerMask) -> Double { corners.contains(corner) ? r : 0 }
        func kk(_ corner: CornerMask) -> Double { corners.contains(corner) ? k : 0 }
        move(to: Point(x0 + rr(.topLeft), y0))
        line(to: Point(x1 - rr(.topRight), y0))
        cubic(
            to: Point(x1, y0 + rr(.topRight)), control1: Point(x1 - rr(.topRight) + kk(.topRight), y0),
            control2: Point(x1, y0 + rr(.topRight) - kk(.topRight)))
        line(to: Point(x1, y1 - rr(.bottomRight)))
        cubic(
            to: Point(x1 - rr(.bottomRight), y1), control1: Point(x1, y1 - rr(.bottomRight) + kk(.bottomRight)),
            control2: Point(x1 - rr(.bottomRight) + kk(.bottomRight), y1))
        line(to: Point(x0 + rr(.bottomLeft), y1))
        cubic(
            to: Point(x0, y1 - rr(.bottomLeft)), control1: Point(x0 + rr(.bottomLeft) - kk(.bottomLeft), y1),
            control2: Point(x0, y1 - rr(.bottomLeft) + kk(.bottomLeft)))
        line(to: Point(x0, y0 + rr(.topLeft)))
        cubic(
            to: Point(x0 + rr(.topLeft), y0), control1: Point(x0, y0 + rr(.topLeft) - kk(.topLeft)),
            control2: Point(x0 + rr(.topLeft) - kk(.topLeft), y0))
        close()
    }
}
