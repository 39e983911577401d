// How Core Animation interpolates two CATransform3D values: not entry by entry, but decomposed
// into translation, scale, skew, perspective and a rotation quaternion, the parts interpolated
// (the quaternion along the sphere) and the matrix recomposed. The decomposition is Graphics
// Gems II "unmatrix" as CSS Transforms Level 2 writes it ("Decomposing a 3D matrix",
// "Interpolation of decomposed 3D matrix values", "Recomposing to a 3D matrix"); WebKit hands CSS
// transform animations to Core Animation, so the two agree.
//
// Transcription: CSS's pseudo-code indexes `matrix[i][j]` with translation in `matrix[3][0…2]`
// and perspective in `matrix[0…2][3]`, which is CATransform3D's `m<i+1><j+1>` (translation in
// m41…m43, perspective in m14…m34), so the decomposition reads the same indexes. With row
// vectors the matrix is the product, applied left to right,
//     M = scale · skew · rotation · translation · perspective,
// and the recomposition below multiplies exactly that (rather than transcribing CSS's
// recomposition text, whose quaternion matrix is the transpose of CATransform3DMakeRotation's).

extension Transform3D {
    /// A transform taken apart into the parts Core Animation interpolates.
    ///
    /// The rotation is a unit quaternion `(x, y, z, w)` with `w ≥ 0`: a turn of θ about the unit
    /// axis u (`CATransform3DMakeRotation(θ, u)`) is `(u·sin(θ/2), cos(θ/2))`. Skews are the
    /// shear factors XY, XZ and YZ of the unmatrix; `perspective` is the 4-vector that becomes
    /// the matrix's last column (`(0, 0, −1/d, 1)` for an eye at distance d).
    public struct Decomposed: Hashable, Sendable {
        public var translation: [Double]
        public var scale: [Double]
        public var skew: [Double]
        public var perspective: [Double]
        public var quaternion: [Double]

        public init(
            translation: [Double], scale: [Double], skew: [Double], perspective: [Double], quaternion: [Double]
        ) {
            precondition(translation.count == 3 && scale.count == 3 && skew.count == 3, "three components each")
            precondition(perspective.count == 4 && quaternion.count == 4, "four components each")
            self.translation = translation
            self.scale = scale
            self.skew = skew
            self.perspective = perspective
            self.quaternion = quaternion
        }
    }

    /// The parts of this transform (divided through by m44 first), or nil when it has none: m44
    /// is 0, its upper 3×3 part is singular (a scale of 0 along some axis), or a number is not
    /// finite.
    public var decomposed: Decomposed? {
        guard isFinite, self[4, 4] != 0 else { return nil }
        let n = m.map { $0 / self[4, 4] }
        let e = { (i: Int, j: Int) in n[4 * i + j] }  // 0-based, as CSS's matrix[i][j]
        var rows = (0..<3).map { i in (0..<3).map { e(i, $0) } }
        let translation = (0..<3).map { e(3, $0) }
        // The perspective part solves P·x = (m14, m24, m34, m44) for the column x, P being the
        // matrix with its last column cleared: P = [[A, 0], [t, 1]], so x = (A⁻¹·r, 1 − t·A⁻¹·r).
        guard let inverse = Self.inverse3x3(rows) else { return nil }
        var perspective = [0.0, 0, 0, 1]
        if e(0, 3) != 0 || e(1, 3) != 0 || e(2, 3) != 0 {
            let r = [e(0, 3), e(1, 3), e(2, 3)]
            let x = inverse.map { Self.dot($0, r) }
            perspective = x + [1 - Self.dot(translation, x)]
        }
        // Gram–Schmidt over the rows: scale, then the shears that make each row orthogonal to the
        // ones above, each divided by the row's own scale.
        var scale = [0.0, 0, 0]
        var skew = [0.0, 0, 0]
        scale[0] = Self.length(rows[0])
        rows[0] = rows[0].map { $0 / scale[0] }
        skew[0] = Self.dot(rows[0], rows[1])
        rows[1] = Self.combine(rows[1], rows[0], -skew[0])
        scale[1] = Self.length(rows[1])
        rows[1] = rows[1].map { $0 / scale[1] }
        skew[0] /= scale[1]
        skew[1] = Self.dot(rows[0], rows[2])
        rows[2] = Self.combine(rows[2], rows[0], -skew[1])
        skew[2] = Self.dot(rows[1], rows[2])
        rows[2] = Self.combine(rows[2], rows[1], -skew[2])
        scale[2] = Self.length(rows[2])
        rows[2] = rows[2].map { $0 / scale[2] }
        skew[1] /= scale[2]
        skew[2] /= scale[2]
        // A mirror (determinant −1) goes into the scales, leaving a proper rotation.
        if Self.dot(rows[0], Self.cross(rows[1], rows[2])) < 0 {
            scale = scale.map { -$0 }
            rows = rows.map { $0.map { -$0 } }
        }
        let q = Self.quaternion(rows)
        let parts = Decomposed(
            translation: translation, scale: scale, skew: skew, perspective: perspective, quaternion: q)
        let all = parts.translation + parts.scale + parts.skew + parts.perspective + parts.quaternion
        return all.allSatisfy(\.isFinite) ? parts : nil
    }

    /// The unit quaternion of a rotation matrix (rows `r`, CATransform3D's layout), with w ≥ 0:
    /// CSS's quaternion, computed by Shepperd's method. CSS takes each component as
    /// ½·√(1 ± r00 ± r11 ± r22) and its sign from the off-diagonal entries; a component near 0 then
    /// comes from the square root of rounding noise (1e-8 where the matrix is exact to 1e-16), and
    /// at a half turn (w = 0) the signs are lost. Shepperd takes only the largest component from
    /// its square root and the others from off-diagonal sums and differences divided by it
    /// (r12 − r21 = 4xw, r01 + r10 = 4xy, …), which is the same quaternion where CSS's is defined.
    static func quaternion(_ r: [[Double]]) -> [Double] {
        let (r00, r11, r22) = (r[0][0], r[1][1], r[2][2])
        let squares: [Double] = [1 + r00 - r11 - r22, 1 - r00 + r11 - r22, 1 - r00 - r11 + r22, 1 + r00 + r11 + r22]
        let largest = squares.indices.max { squares[$0] < squares[$1] } ?? 3
        let big = 0.5 * max(squares[largest], 0).squareRoot()
        let f = 1 / (4 * big)
        let (xw, yw, zw) = (r[1][2] - r[2][1], r[2][0] - r[0][2], r[0][1] - r[1][0])
        let (xy, xz, yz) = (r[0][1] + r[1][0], r[0][2] + r[2][0], r[1][2] + r[2][1])
        var q: [Double]
        switch largest {
        case 0: q = [big, xy * f, xz * f, xw * f]
        case 1: q = [xy * f, big, yz * f, yw * f]
        case 2: q = [xz * f, yz * f, big, zw * f]
        default: q = [xw * f, yw * f, zw * f, big]
        }
        if q[3] < 0 { q = q.map { -$0 } }
        return q
    }

    /// The transform the parts make: scale, skew, rotation, translation, then perspective (row
    /// vectors, left first), so that `Transform3D(t.decomposed!)` is `t` divided by its m44.
    public init(_ d: Decomposed) {
        let (x, y, z, w) = (d.quaternion[0], d.quaternion[1], d.quaternion[2], d.quaternion[3])
        // CATransform3DMakeRotation's matrix for the quaternion (the transpose of the
        // column-vector rotation matrix).
        let rotation: [[Double]] = [
            [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
            [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
            [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)],
        ]
        // Row i of scale·skew·rotation: s_i·(r_i + the shears onto the rows above).
        let shears = [[0.0, 0, 0], [d.skew[0], 0, 0], [d.skew[1], d.skew[2], 0]]
        var a = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 {
            for j in 0..<3 {
                var sum: Double = rotation[i][j]
                for k in 0..<i { sum += shears[i][k] * rotation[k][j] }
                a[i][j] = d.scale[i] * sum
            }
        }
        // [[A, 0], [t, 1]] · [[I, p], [0, p4]] = [[A, A·p], [t, t·p + p4]].
        let p = d.perspective
        let t = d.translation
        var out: [Double] = []
        for i in 0..<3 { out += a[i] + [Self.dot(a[i], p)] }
        out += t + [Self.dot(t, p) + p[3]]
        self.init(rowMajor: out)
    }

    /// Core Animation's interpolation between two transforms at progress `p` (unclamped: a
    /// spring's overshoot extrapolates every part): the decomposed parts interpolated, then
    /// recomposed. When either transform has no decomposition the value is discrete, as CSS
    /// specifies: `a` before p = 0.5, `b` from it on. p = 0 and p = 1 give `a` and `b` exactly.
    public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ p: Double) -> Transform3D {
        if p == 0 { return a }
        if p == 1 { return b }
        guard let da = a.decomposed, let db = b.decomposed else { return p < 0.5 ? a : b }
        return Transform3D(Decomposed.interpolate(da, db, p))
    }

    /// The inverse, or nil when the matrix is singular or the result is not finite. Gauss–Jordan
    /// with partial pivoting.
    public var inverted: Transform3D? {
        var a = (0..<4).map { i in (0..<4).map { m[4 * i + $0] } + (0..<4).map { $0 == i ? 1.0 : 0 } }
        for column in 0..<4 {
            let pivot = (column..<4).max { abs(a[$0][column]) < abs(a[$1][column]) } ?? column
            guard a[pivot][column] != 0 else { return nil }
            a.swapAt(pivot, column)
            let d = a[column][column]
            a[column] = a[column].map { $0 / d }
            for row in 0..<4 where row != column {
                let f = a[row][column]
                if f != 0 { a[row] = zip(a[row], a[column]).map { $0 - f * $1 } }
            }
        }
        let result = Transform3D(rowMajor: a.flatMap { Array($0[4...]) })
        return result.isFinite ? result : nil
    }

    static func inverse3x3(_ r: [[Double]]) -> [[Double]]? {
        let c0 = cross(r[1], r[2])
        let det = dot(r[0], c0)
        guard det != 0, det.isFinite else { return nil }
        let c1 = cross(r[2], r[0])
        let c2 = cross(r[0], r[1])
        // The inverse's columns are the cofactor rows: A⁻¹[i][j] = c_j[i] / det.
        return (0..<3).map { i in [c0[i] / det, c1[i] / det, c2[i] / det] }
    }

    static func dot(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }
    static func length(_ a: [Double]) -> Double { dot(a, a).squareRoot() }
    static func combine(_ a: [Double], _ b: [Double], _ s: Double) -> [Double] { zip(a, b).map { $0 + s * $1 } }
    static func cross(_ a: [Double], _ b: [Double]) -> [Double] {
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    }
}

extension Transform3D.Decomposed {
    /// The parts at progress `p`: translation, scale, skew and perspective linearly, the
    /// quaternion by CSS's spherical interpolation. CSS does not flip `b` to the nearer
    /// hemisphere (a negative dot product turns the long way), and neither does this.
    public static func interpolate(_ a: Self, _ b: Self, _ p: Double) -> Self {
        func lerp(_ x: [Double], _ y: [Double]) -> [Double] { zip(x, y).map { $0 + ($1 - $0) * p } }
        return Self(
            translation: lerp(a.translation, b.translation), scale: lerp(a.scale, b.scale),
            skew: lerp(a.skew, b.skew), perspective: lerp(a.perspective, b.perspective),
            quaternion: slerp(a.quaternion, b.quaternion, p))
    }

    static func slerp(_ a: [Double], _ b: [Double], _ p: Double) -> [Double] {
        let product = min(max(Transform3D.dot(a, b), -1), 1)
        if abs(product) == 1 { return a }
        let theta = Angle.arccos(product).radians
        let turned = Angle(radians: p * theta)
        let w = turned.sin / (1 - product * product).squareRoot()
        let keep = turned.cos - product * w
        return zip(a, b).map { $0 * keep + $1 * w }
    }
}
