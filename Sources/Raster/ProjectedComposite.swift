import Geometry

// Perspective (CATransform3D): a group drawn flat into its own offscreen, then mapped onto the
// canvas through a homography (DrawProjection).
//
// Every canvas pixel the projected offscreen can reach averages `samples`² points spread evenly
// over the pixel. Each point is taken back into the offscreen through the inverse homography,
// which is exact for a projective map, so lines stay straight and images foreshorten as a GPU's
// perspective-correct texture lookup does. There it is read bilinearly from the premultiplied
// pixels, transparent outside the drawn box. The builder draws the offscreen at twice the largest
// stretch the projection gives, so the bilinear read is a prefilter half a canvas pixel wide, and
// the `samples`² points are the box filter of the pixel (the 2-D path's coverage).
//
// Points behind the eye (W ≤ Homography.nearW, where the perspective divide would flip or blow up)
// are left out: the canvas shows the part of the layer in front of the viewer, never NaN.
// Everything is plain IEEE arithmetic in a fixed order, so the bytes are the same on every machine.
extension Rasterizer {
    /// Composites the pixels of `source` within `box` onto `destination` through `projection`,
    /// faded by `opacity`. Returns the box of destination pixels it may have changed, nil for none.
    static func compositeProjected(
        _ source: Pixmap, box: IntRect, projection: DrawProjection, opacity: UInt8, onto destination: inout Pixmap
    ) -> IntRect? {
        let forward = projection.homography
        guard let inverse = forward.inverted, !box.isEmpty,
            let target = reach(of: box, under: forward, within: destination)
        else { return nil }
        let n = max(1, min(projection.samples, 16))
        let step = 1 / Double(n)
        let weight = 1 / Double(n * n)
        let (x0, y0, x1, y1) = (box.x, box.y, box.maxX, box.maxY)
        source.data.withUnsafeBytes { sourceBytes in
            let width = source.width
            // Premultiplied bytes at (x, y), or zero outside the drawn box.
            @inline(__always) func tap(_ x: Int, _ y: Int, _ c: Int) -> Double {
                guard x >= x0, x < x1, y >= y0, y < y1 else { return 0 }
                return Double(sourceBytes[4 * (y * width + x) + c])
            }
            destination.withUnsafeMutablePixels { pixels, rowLength in
                for py in target.y..<target.maxY {
                    for px in target.x..<target.maxX {
                        var sum: (Double, Double, Double, Double) = (0, 0, 0, 0)
                        var hits = 0
                        for j in 0..<n {
                            let v = Double(py) + (Double(j) + 0.5) * step
                            for i in 0..<n {
                                let u = Double(px) + (Double(i) + 0.5) * step
                                let x = u * inverse.m11 + v * inverse.m21 + inverse.m31
                                let y = u * inverse.m12 + v * inverse.m22 + inverse.m32
                                let w = u * inverse.m13 + v * inverse.m23 + inverse.m33
                                let (sx, sy) = (x / w, y / w)
                                // In front of the eye, and near enough to the drawn box to read it.
                                guard sx * forward.m13 + sy * forward.m23 + forward.m33 > Homography.nearW,
                                    sx > Double(x0) - 1, sx < Double(x1) + 1, sy > Double(y0) - 1, sy < Double(y1) + 1
                                else { continue }
                                let (fx, fy) = (sx - 0.5, sy - 0.5)
                                let (fx0, fy0) = (fx.rounded(.down), fy.rounded(.down))
                                let (ax, ay) = (fx - fx0, fy - fy0)
                                let (tx, ty) = (Int(fx0), Int(fy0))
                                let w00 = (1 - ax) * (1 - ay)
                                let w10 = ax * (1 - ay)
                                let w01 = (1 - ax) * ay
                                let w11 = ax * ay
                                sum.0 +=
                                    w00 * tap(tx, ty, 0) + w10 * tap(tx + 1, ty, 0) + w01 * tap(tx, ty + 1, 0)
                                    + w11 * tap(tx + 1, ty + 1, 0)
                                sum.1 +=
                                    w00 * tap(tx, ty, 1) + w10 * tap(tx + 1, ty, 1) + w01 * tap(tx, ty + 1, 1)
                                    + w11 * tap(tx + 1, ty + 1, 1)
                                sum.2 +=
                                    w00 * tap(tx, ty, 2) + w10 * tap(tx + 1, ty, 2) + w01 * tap(tx, ty + 1, 2)
                                    + w11 * tap(tx + 1, ty + 1, 2)
                                sum.3 +=
                                    w00 * tap(tx, ty, 3) + w10 * tap(tx + 1, ty, 3) + w01 * tap(tx, ty + 1, 3)
                                    + w11 * tap(tx + 1, ty + 1, 3)
                                hits += 1
                            }
                        }
                        guard hits > 0 else { continue }
                        @inline(__always) func byte(_ s: Double) -> UInt8 { UInt8(min(255, (s * weight).rounded())) }
                        let alpha = byte(sum.3)
                        guard alpha > 0 else { continue }
                        // A convex mix of premultiplied pixels keeps each channel within alpha.
                        let sample = PremultipliedRGBA8(
                            unchecked: min(byte(sum.0), alpha), min(byte(sum.1), alpha), min(byte(sum.2), alpha),
                            alpha)
                        let index = py * rowLength + px
                        let faded = opacity == 255 ? sample : sample.scaled(by: opacity)
                        pixels[index] = sourceOver(faded, PremultipliedRGBA8(packed: pixels[index])).packed
                    }
                }
            }
        }
        return target
    }

    /// The destination pixels the projected `box` can reach: the box's outline clipped to the
    /// part in front of the eye (W ≥ nearW, a straight line in the source plane), mapped, and
    /// its bounding box within `destination`. Nil when none of it is in front or on the canvas.
    static func reach(of box: IntRect, under h: Homography, within destination: Pixmap) -> IntRect? {
        let corners = [
            Point(Double(box.x), Double(box.y)), Point(Double(box.maxX), Double(box.y)),
            Point(Double(box.maxX), Double(box.maxY)), Point(Double(box.x), Double(box.maxY)),
        ]
        let near = 2 * Homography.nearW
        func w(_ p: Point) -> Double { h.homogeneous(p).w }
        // Sutherland–Hodgman against the one plane W = near.
        var front: [Point] = []
        for k in corners.indices {
            let (p, q) = (corners[k], corners[(k + 1) % corners.count])
            let (wp, wq) = (w(p), w(q))
            if wp >= near { front.append(p) }
            if (wp >= near) != (wq >= near) {
                let t = (near - wp) / (wq - wp)
                front.append(Point(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t))
            }
        }
        let mapped = front.compactMap { h.apply(to: $0) }
        guard !mapped.isEmpty else { return nil }
        // Clamped in Double before any conversion: a point near the eye lands very far away.
        let limitX = Double(destination.width)
        let limitY = Double(destination.height)
        let minX = min(max(mapped.map(\.x).min()!.rounded(.down) - 1, 0), limitX)
        let maxX = min(max(mapped.map(\.x).max()!.rounded(.up) + 1, 0), limitX)
        let minY = min(max(mapped.map(\.y).min()!.rounded(.down) - 1, 0), limitY)
        let maxY = min(max(mapped.map(\.y).max()!.rounded(.up) + 1, 0), limitY)
        guard maxX > minX, maxY > minY else { return nil }
        return IntRect(uncheckedX: Int(minX), y: Int(minY), width: Int(maxX - minX), height: Int(maxY - minY))
    }
}
