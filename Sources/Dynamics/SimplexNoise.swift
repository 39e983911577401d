import Foundation

/// Stefan Gustavson's 3D simplex noise with rotating gradients and analytic derivatives
/// ("srdnoise3", public domain, 2005), re-written in Double: n(x, y, z) = 76·Σ t⁴·(g·p) over the
/// four corners of the simplex holding the point, t = max(0, 0.5 − |p|²), p the offset from the
/// corner, g = cos(angle)·u + sin(angle)·v the corner's hashed gradient. The derivative is the
/// exact one of that sum: ∇(t⁴ g·p) = −8t³(g·p)·p + t⁴·g.
enum SimplexNoise {
    /// Skewing factors of the 3D simplex grid: F = 1/3 maps space onto the cube lattice, G = 1/6
    /// maps back.
    static let skew3 = 1.0 / 3
    static let unskew3 = 1.0 / 6
    /// Kernel radius² (0.5: each corner's kernel ends before the neighbouring simplex begins, so n
    /// is C¹; Gustavson's 0.6 is not continuous).
    static let radiusSquared = 0.5
    /// Output factor: with radius² 0.5 the largest |Σ t⁴(g·p)| found over 200 000 random points in
    /// [−20, 20]³ is 0.01310, so 76 keeps |n| ≤ 0.996 there (Gustavson's 28 belongs to radius² 0.6).
    static let scale = 76.0

    /// Ken Perlin's reference permutation of 0...255 (2002, "Improved Noise").
    static let permutation: [Int] = [
        151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36, 103, 30, 69, 142,
        8, 99, 37, 240, 21, 10, 23, 190, 6, 148, 247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219, 203, 117,
        35, 11, 32, 57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175, 74, 165, 71,
        134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122, 60, 211, 133, 230, 220, 105, 92, 41,
        55, 46, 245, 40, 244, 102, 143, 54, 65, 25, 63, 161, 1, 216, 80, 73, 209, 76, 132, 187, 208, 89,
        18, 169, 200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173, 186, 3, 64, 52, 217, 226,
        250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212, 207, 206, 59, 227, 47, 16, 58, 17, 182,
        189, 28, 42, 223, 183, 170, 213, 119, 248, 152, 2, 44, 154, 163, 70, 221, 153, 101, 155, 167, 43,
        172, 9, 129, 22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232, 178, 185, 112, 104, 218, 246, 97,
        228, 251, 34, 242, 193, 238, 210, 144, 12, 191, 179, 162, 241, 81, 51, 145, 235, 249, 14, 239,
        107, 49, 192, 214, 31, 181, 199, 106, 157, 184, 84, 204, 176, 115, 121, 50, 45, 127, 4, 150, 254,
        138, 236, 205, 93, 222, 114, 67, 29, 24, 72, 243, 141, 128, 195, 78, 66, 215, 61, 156, 180,
    ]

    /// a = √(2/3): the cube diagonals (±a, ±a, ±a) then have the edge midpoints' length √2.
    static let a = (2.0 / 3).squareRoot()
    /// Gradient u: Gustavson's 12 cube-edge midpoints and 4 cube diagonals (16 = hash & 15).
    static let gradientU: [(Double, Double, Double)] = [
        (1, 0, 1), (0, 1, 1), (-1, 0, 1), (0, -1, 1), (1, 0, -1), (0, 1, -1), (-1, 0, -1), (0, -1, -1),
        (a, a, a), (-a, a, -a), (-a, -a, a), (a, -a, a), (a, -a, -a), (-a, a, a), (a, a, -a), (-a, -a, -a),
    ]
    /// Gradient v: for each u a perpendicular vector of the same length (rotation axis partner).
    static let gradientV: [(Double, Double, Double)] = [
        (-a, a, a), (-a, -a, a), (a, -a, a), (a, a, a), (-a, -a, -a), (a, -a, -a), (a, a, -a), (-a, a, -a),
        (1, -1, 0), (1, 1, 0), (-1, 1, 0), (-1, -1, 0), (1, 0, 1), (1, 0, 1), (0, 1, 1), (0, -1, 1),
    ]

    static func hash(_ i: Int, _ j: Int, _ k: Int) -> Int {
        permutation[(i + permutation[(j + permutation[k & 255]) & 255]) & 255]
    }

    /// Noise value and its partial derivatives at (x, y, z), gradients rotated by `angle` rad.
    static func srdnoise3(_ x: Double, _ y: Double, _ z: Double, angle: Double) -> (
        value: Double, dx: Double, dy: Double, dz: Double
    ) {
        let (sinT, cosT) = angle == 0 ? (0.0, 1.0) : (sin(angle), cos(angle))
        // Which cube of the skewed lattice, and the point's offset from its origin corner.
        let s = (x + y + z) * skew3
        let i = Int(floor(x + s))
        let j = Int(floor(y + s))
        let k = Int(floor(z + s))
        let t = Double(i + j + k) * unskew3
        let p0 = (x - (Double(i) - t), y - (Double(j) - t), z - (Double(k) - t))
        // Which of the cube's six simplices: order the offsets.
        let o1: (Int, Int, Int)
        let o2: (Int, Int, Int)
        if p0.0 >= p0.1 {
            if p0.1 >= p0.2 {
                o1 = (1, 0, 0)
                o2 = (1, 1, 0)
            } else if p0.0 >= p0.2 {
                o1 = (1, 0, 0)
                o2 = (1, 0, 1)
            } else {
                o1 = (0, 0, 1)
                o2 = (1, 0, 1)
            }
        } else {
            if p0.1 < p0.2 {
                o1 = (0, 0, 1)
                o2 = (0, 1, 1)
            } else if p0.0 < p0.2 {
                o1 = (0, 1, 0)
                o2 = (0, 1, 1)
            } else {
                o1 = (0, 1, 0)
                o2 = (1, 1, 0)
            }
        }
        let corners = [(0, 0, 0), o1, o2, (1, 1, 1)]
        var value = 0.0
        var dx = 0.0
        var dy = 0.0
        var dz = 0.0
        for (n, c) in corners.enumerated() {
            let g0 = Double(n) * unskew3
            let p = (p0.0 - Double(c.0) + g0, p0.1 - Double(c.1) + g0, p0.2 - Double(c.2) + g0)
            let t0 = radiusSquared - p.0 * p.0 - p.1 * p.1 - p.2 * p.2
            guard t0 > 0 else { continue }
            let h = hash(i + c.0, j + c.1, k + c.2) & 15
            let u = gradientU[h]
            let v = gradientV[h]
            let g = (cosT * u.0 + sinT * v.0, cosT * u.1 + sinT * v.1, cosT * u.2 + sinT * v.2)
            let gp = g.0 * p.0 + g.1 * p.1 + g.2 * p.2
            let t2 = t0 * t0
            let t4 = t2 * t2
            value += t4 * gp
            let w = -8 * t2 * t0 * gp
            dx += w * p.0 + t4 * g.0
            dy += w * p.1 + t4 * g.1
            dz += w * p.2 + t4 * g.2
        }
        return (scale * value, scale * dx, scale * dy, scale * dz)
    }
}
