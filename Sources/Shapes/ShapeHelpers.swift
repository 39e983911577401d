import Geometry

/// Paths for the shapes scenes ask for by name, fitted to a rectangle (an item's bounds).
public enum ShapePaths {
    /// The ellipse inscribed in `rect`, as Core Graphics builds it (`CGPath(ellipseIn:)`): four
    /// cubics, control distance 4(√2 − 1)/3 of each radius, starting at the right, clockwise on
    /// screen.
    public static func ellipse(in rect: Rect) -> Path {
        let rx = rect.width / 2
        let ry = rect.height / 2
        let cx = rect.minX + rx
        let cy = rect.minY + ry
        let k = 4 * (2.0.squareRoot() - 1) / 3
        var p = Path([.move(Point(cx + rx, cy))])
        p.cubic(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + k * ry), control2: Point(cx + k * rx, cy + ry))
        p.cubic(to: Point(cx - rx, cy), control1: Point(cx - k * rx, cy + ry), control2: Point(cx - rx, cy + k * ry))
        p.cubic(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - k * ry), control2: Point(cx - k * rx, cy - ry))
        p.cubic(to: Point(cx + rx, cy), control1: Point(cx + k * rx, cy - ry), control2: Point(cx + rx, cy - k * ry))
        p.close()
        return p
    }

    /// A regular polygon of `sides` (≥ 3) corners on the ellipse inscribed in `rect`, the first
    /// corner at the top, clockwise on screen.
    public static func polygon(sides: Int, in rect: Rect) -> Path {
        precondition(sides >= 3, "a polygon needs at least 3 sides")
        return radial(count: sides, radii: [1], in: rect)
    }

    /// A star of `points` (≥ 3) tips on the ellipse inscribed in `rect`, its inner corners at
    /// `innerRadius` (a fraction of the outer, in (0, 1]) half-way between tips; first tip at
    /// the top, one contour without self-intersections.
    public static func star(points: Int, innerRadius: Double, in rect: Rect) -> Path {
        precondition(points >= 3, "a star needs at least 3 points")
        return radial(count: points, radii: [1, innerRadius], in: rect)
    }

    private static func radial(count: Int, radii: [Double], in rect: Rect) -> Path {
        let rx = rect.width / 2
        let ry = rect.height / 2
        let cx = rect.minX + rx
        let cy = rect.minY + ry
        var p = Path()
        let total = count * radii.count
        for i in 0..<total {
            let a = Angle.degrees(-90 + 360 * Double(i) / Double(total))
            let r = radii[i % radii.count]
            let q = Point(cx + rx * r * a.cos, cy + ry * r * a.sin)
            if i == 0 { p.move(to: q) } else { p.line(to: q) }
        }
        p.close()
        return p
    }
}
