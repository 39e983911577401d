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
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        func add(_ p: Point) {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
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
        guard minX <= maxX else { return .null }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
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
