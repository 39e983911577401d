/// A 4×4 transform with `CATransform3D`'s layout and row-vector convention: a point maps as
/// `(x, y, z, 1)·M`, the translation sits in `m41…m43` and perspective in `m14…m34`
/// (`w′ = x·m14 + y·m24 + z·m34 + m44`).
///
/// `t1.concatenating(t2)` applies `t1` first, then `t2`, exactly as `CATransform3DConcat(t1, t2)`.
/// Layer space: x right, y down, z toward the viewer.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    /// Row-major: `m[4·(row − 1) + (column − 1)]` is `m<row><column>`.
    public var m: [Double]

    /// Sixteen numbers in the order m11, m12, …, m44 (Core Animation's field order).
    public init(rowMajor m: [Double]) {
        precondition(m.count == 16, "a 4×4 matrix has 16 entries")
        self.m = m
    }

    public static let identity = Transform3D(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// `m<row><column>`, both from 1.
    public subscript(row: Int, column: Int) -> Double {
        get { m[4 * (row - 1) + column - 1] }
        set { m[4 * (row - 1) + column - 1] = newValue }
    }

    /// `CATransform3DMakeTranslation`.
    public static func translation(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1])
    }

    /// `CATransform3DMakeScale`.
    public static func scale(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D(rowMajor: [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1])
    }

    /// `CATransform3DMakeRotation(angle, x, y, z)`: a right-handed turn about the axis for row
    /// vectors. About z it is `CGAffineTransform(rotationAngle:)` (clockwise on the y-down screen);
    /// about y a positive angle sends the right edge away from the viewer. An axis of length 0
    /// gives the identity, as Core Animation does.
    public static func rotation(_ angle: Angle, axis: (x: Double, y: Double, z: Double)) -> Transform3D {
        let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        guard length > 0, length.isFinite else { return .identity }
        let (x, y, z) = (axis.x / length, axis.y / length, axis.z / length)
        let (c, s) = (angle.cos, angle.sin)
        let t = 1 - c
        return Transform3D(rowMajor: [
            t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0,
            t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0,
            t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0,
            0, 0, 0, 1,
        ])
    }

    /// The usual perspective recipe: `m34 = −1/distance` (the eye `distance` points in front of
    /// the plane z = 0). `distance` must be positive.
    public static func perspective(distance: Double) -> Transform3D {
        var p = Transform3D.identity
        p[3, 4] = -1 / distance
        return p
    }

    /// A 2-D affine transform as the 3-D one that leaves z alone (`CATransform3DMakeAffineTransform`).
    public init(_ t: AffineTransform) {
        self.init(rowMajor: [t.a, t.b, 0, 0, t.c, t.d, 0, 0, 0, 0, 1, 0, t.tx, t.ty, 0, 1])
    }

    /// `self` then `t`: the matrix product `self·t`.
    public func concatenating(_ t: Transform3D) -> Transform3D {
        var r = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += m[4 * row + k] * t.m[4 * k + column] }
                r[4 * row + column] = sum
            }
        }
        return Transform3D(rowMajor: r)
    }

    public var isIdentity: Bool { self == .identity }
    public var isFinite: Bool { m.allSatisfy(\.isFinite) }

    /// The map of the plane z = 0 into the plane z = 0 with depth dropped: what Core Animation
    /// does when a layer flattens its sublayers into its own plane (rows and columns 1, 2 and 4).
    public var flattened: Homography {
        Homography(
            m11: self[1, 1], m12: self[1, 2], m13: self[1, 4],
            m21: self[2, 1], m22: self[2, 2], m23: self[2, 4],
            m31: self[4, 1], m32: self[4, 2], m33: self[4, 4])
    }

    public var description: String {
        "["
            + (0..<4).map { row in (0..<4).map { "\(m[4 * row + $0])" }.joined(separator: " ") }
            .joined(separator: "; ") + "]"
    }
}

/// A projective map of the plane with row vectors: `(x, y, 1)·H = (X, Y, W)` lands at
/// `(X/W, Y/W)`. An affine transform is the case `m13 = m23 = 0`, `m33 = 1`.
/// `h1.concatenating(h2)` applies `h1` first, then `h2`.
public struct Homography: Hashable, Sendable {
    public var m11: Double, m12: Double, m13: Double
    public var m21: Double, m22: Double, m23: Double
    public var m31: Double, m32: Double, m33: Double

    public init(
        m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double, m32: Double,
        m33: Double
    ) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    public init(_ t: AffineTransform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    public static let identity = Homography(.identity)

    /// Nearer than this (in W, where the eye is at W = 0) a point counts as behind the eye.
    public static let nearW = 1e-6

    /// The affine transform this is, when it is one exactly (no perspective part, W = 1).
    public var affine: AffineTransform? {
        guard m13 == 0, m23 == 0, m33 == 1 else { return nil }
        return AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32)
    }

    public func concatenating(_ h: Homography) -> Homography {
        Homography(
            m11: m11 * h.m11 + m12 * h.m21 + m13 * h.m31, m12: m11 * h.m12 + m12 * h.m22 + m13 * h.m32,
            m13: m11 * h.m13 + m12 * h.m23 + m13 * h.m33,
            m21: m21 * h.m11 + m22 * h.m21 + m23 * h.m31, m22: m21 * h.m12 + m22 * h.m22 + m23 * h.m32,
            m23: m21 * h.m13 + m22 * h.m23 + m23 * h.m33,
            m31: m31 * h.m11 + m32 * h.m21 + m33 * h.m31, m32: m31 * h.m12 + m32 * h.m22 + m33 * h.m32,
            m33: m31 * h.m13 + m32 * h.m23 + m33 * h.m33)
    }

    /// The homogeneous image of `p`: (X, Y, W).
    public func homogeneous(_ p: Point) -> (x: Double, y: Double, w: Double) {
        (p.x * m11 + p.y * m21 + m31, p.x * m12 + p.y * m22 + m32, p.x * m13 + p.y * m23 + m33)
    }

    /// Where `p` lands, or nil when it is behind the eye (W ≤ `nearW`) or not finite.
    public func apply(to p: Point) -> Point? {
        let (x, y, w) = homogeneous(p)
        guard w > Self.nearW else { return nil }
        let q = Point(x / w, y / w)
        return q.x.isFinite && q.y.isFinite ? q : nil
    }

    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse (up to scale, which a projective map ignores), or nil when singular.
    public var inverted: Homography? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let h = Homography(
            m11: (m22 * m33 - m23 * m32) / det, m12: (m13 * m32 - m12 * m33) / det,
            m13: (m12 * m23 - m13 * m22) / det,
            m21: (m23 * m31 - m21 * m33) / det, m22: (m11 * m33 - m13 * m31) / det,
            m23: (m13 * m21 - m11 * m23) / det,
            m31: (m21 * m32 - m22 * m31) / det, m32: (m12 * m31 - m11 * m32) / det,
            m33: (m11 * m22 - m12 * m21) / det)
        return h.isFinite ? h : nil
    }

    public var isFinite: Bool {
        [m11, m12, m13, m21, m22, m23, m31, m32, m33].allSatisfy(\.isFinite)
    }

    /// Whether the map turns the plane over where it is in front of the eye: the Jacobian of
    /// (X/W, Y/W) is det/W³, so with W > 0 its sign is the determinant's. A layer whose map to
    /// the screen is turned over shows its back (`CALayer.isDoubleSided`).
    public var turnsOver: Bool { determinant < 0 }

    /// How long unit steps along x and along y at `p` become (the Jacobian's column lengths);
    /// nil behind the eye.
    public func axisStretches(at p: Point) -> (x: Double, y: Double)? {
        let (x, y, w) = homogeneous(p)
        guard w > Self.nearW else { return nil }
        let w2 = w * w
        let dxdx = (m11 * w - x * m13) / w2
        let dydx = (m12 * w - y * m13) / w2
        let dxdy = (m21 * w - x * m23) / w2
        let dydy = (m22 * w - y * m23) / w2
        return ((dxdx * dxdx + dydx * dydx).squareRoot(), (dxdy * dxdy + dydy * dydy).squareRoot())
    }
}
