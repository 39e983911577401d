/// A 2-D affine transform with `CGAffineTransform`'s layout and row-vector convention:
/// a point maps to `(a·x + c·y + tx, b·x + d·y + ty)`.
///
/// `t1.concatenating(t2)` applies `t1` first, then `t2`, exactly as `CGAffineTransformConcat`.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// `CGAffineTransformMakeRotation`: clockwise on screen for positive angles (y down).
    public init(rotation angle: Angle) {
        let c = angle.cos
        let s = angle.sin
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d,
            c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    public func rotated(by angle: Angle) -> AffineTransform {
        AffineTransform(rotation: angle).concatenating(self)
    }

    public func apply(to p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// Maps a vector (ignores the translation).
    public func applyLinear(to v: Point) -> Point {
        Point(a * v.x + c * v.y, b * v.x + d * v.y)
    }

    public var determinant: Double { a * d - b * c }

    /// The inverse, or nil when the transform is singular (determinant 0).
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return AffineTransform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// The rotation UIKit Dynamics reads from a view transform: `atan2(b, a)` (spec dynamics §2).
    public var rotationAngle: Angle { Angle.direction(of: Point(a, b)) }

    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}

/// The axis-aligned bounding box of `rect` after `transform` (what `CGRectApplyAffineTransform` does).
public func boundingBox(of rect: Rect, under transform: AffineTransform) -> Rect {
    let corners = [
        Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY),
        Point(rect.maxX, rect.maxY), Point(rect.minX, rect.maxY),
    ].map(transform.apply)
    var x0 = Double.infinity
    var y0 = Double.infinity
    var x1 = -Double.infinity
    var y1 = -Double.infinity
    for p in corners {
        x0 = min(x0, p.x)
        y0 = min(y0, p.y)
        x1 = max(x1, p.x)
        y1 = max(y1, p.y)
    }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
}
