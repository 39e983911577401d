/// An outline made of contours of straight and Bézier segments, as `CGPath` holds one: the shared
/// vocabulary of shapes (`CAShapeLayer.path`, SVG path data, icons) and glyph outlines (FreeType),
/// which the rasterizer flattens and fills.
///
/// Units are whatever the caller works in (points in scenes, pixels once transformed). A path is
/// plain data: it does not validate, flatten or know any fill rule; those belong to the stages that
/// use it. Every contour starts with `move`; a contour without `close` is open (stroked open, filled
/// as if closed, as Core Graphics does).
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        /// Quadratic Bézier: control point, end point.
        case quad(Point, Point)
        /// Cubic Bézier: two control points, end point.
        case cubic(Point, Point, Point)
        case close
    }

    public var elements: [Element]

    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func quad(to p: Point, control c: Point) { elements.append(.quad(c, p)) }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        elements.append(.cubic(c1, c2, p))
    }
    public mutating func close() { elements.append(.close) }

    /// Appends every element of `other` (its contours stay separate contours).
    public mutating func append(_ other: Path) { elements.append(contentsOf: other.elements) }

    /// The same outline with every point mapped by `t` (an affine map sends Béziers to Béziers).
    public func applying(_ t: AffineTransform) -> Path {
        Path(
            elements.map { element in
                switch element {
                case .move(let p): return .move(t.apply(to: p))
                case .line(let p): return .line(t.apply(to: p))
                case .quad(let c, let p): return .quad(t.apply(to: c), t.apply(to: p))
                case .cubic(let c1, let c2, let p): return .cubic(t.apply(to: c1), t.apply(to: c2), t.apply(to: p))
                case .close: return .close
                }
            })
    }

    /// The smallest rectangle holding every on-curve and control point (the control polygon's
    /// box, which contains the curve): cheap and conservative, what culling and buffer sizing need.
    /// `Rect.null` for a path without points.
    public var controlPointBounds: Rect {
        var extent = Extent()
        func add(_ p: Point) { extent.add(p) }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p):
                add(c)
                add(p)
            case .cubic(let c1, let c2, let p):
                add(c1)
                add(c2)
                add(p)
            case .close: break
            }
        }
        return extent.rect
    }

    /// The smallest rectangle holding the outline itself: on-curve points and each curve's
    /// extremes (SVG's bounding box, what `objectBoundingBox` units measure). `Rect.null` for a
    /// path without points.
    public var bounds: Rect {
        var extent = Extent()
        func add(_ p: Point) { extent.add(p) }
        var current = Point(0, 0)
        var start = Point(0, 0)
        for element in elements {
            switch element {
            case .move(let p):
                add(p)
                (current, start) = (p, p)
            case .line(let p):
                add(p)
                current = p
            case .quad(let c, let p):
                add(p)
                // B'(t) = 0 per axis at t = (p0 − c) / (p0 − 2c + p1).
                for (a, b, e) in [(current.x, c.x, p.x), (current.y, c.y, p.y)] {
                    let d = a - 2 * b + e
                    guard d != 0 else { continue }
                    let t = (a - b) / d
                    if t > 0 && t < 1 { add(Self.quadPoint(current, c, p, t)) }
                }
                current = p
            case .cubic(let c1, let c2, let p):
                add(p)
                for t in Self.cubicExtrema(current, c1, c2, p) { add(Self.cubicPoint(current, c1, c2, p, t)) }
                current = p
            case .close:
                current = start
            }
        }
        return extent.rect
    }

    /// The box of the points added so far (`Rect.null` for none).
    private struct Extent {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity

        mutating func add(_ p: Point) {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }

        var rect: Rect {
            guard minX <= maxX else { return .null }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }

    private static func quadPoint(_ p0: Point, _ c: Point, _ p1: Point, _ t: Double) -> Point {
        let u = 1 - t
        return Point(u * u * p0.x + 2 * u * t * c.x + t * t * p1.x, u * u * p0.y + 2 * u * t * c.y + t * t * p1.y)
    }

    private static func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, _ t: Double) -> Point {
        let u = 1 - t
        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return Point(a * p0.x + b * c1.x + c * c2.x + d * p1.x, a * p0.y + b * c1.y + c * c2.y + d * p1.y)
    }

    /// The parameters in (0, 1) where either coordinate of a cubic turns: roots of the derivative,
    /// a quadratic per axis.
    private static func cubicExtrema(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point) -> [Double] {
        var roots: [Double] = []
        for (a0, a1, a2, a3) in [(p0.x, c1.x, c2.x, p1.x), (p0.y, c1.y, c2.y, p1.y)] {
            // B'(t)/3 = a·t² + b·t + c.
            let a = -a0 + 3 * a1 - 3 * a2 + a3
            let b = 2 * (a0 - 2 * a1 + a2)
            let c = a1 - a0
            if abs(a) < 1e-12 * (abs(b) + abs(c) + 1e-300) {
                if b != 0 { roots.append(-c / b) }
                continue
            }
            let disc = b * b - 4 * a * c
            guard disc >= 0 else { continue }
            let r = disc.squareRoot()
            roots += [(-b + r) / (2 * a), (-b - r) / (2 * a)]
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }

    /// True when every point is finite (a path from untrusted input is checked before use).
    public var isFinite: Bool {
        elements.allSatisfy { element in
            switch element {
            case .move(let p), .line(let p): return p.isFinite
            case .quad(let c, let p): return c.isFinite && p.isFinite
            case .cubic(let c1, let c2, let p): return c1.isFinite && c2.isFinite && p.isFinite
            case .close: return true
            }
        }
    }
}
