import Geometry

// Perspective (CATransform3D) by warping: a group drawn flat into its own offscreen, then mapped
// onto the canvas through a homography (DrawProjection). Groups of plain layers are drawn exactly
// instead (Rasterizer+Projected.swift); this serves groups with a mask, blur, filter or nested
// group, and single layers with a shadow or backdrop inside an exact group.
//
// Every canvas pixel the projected offscreen can reach averages points spread evenly over the
// pixel. Each point is taken back into the offscreen through the inverse homography, which is
// exact for a projective map, so lines stay straight and images foreshorten as a GPU's
// perspective-correct texture lookup does. There it is read bilinearly from the premultiplied
// pixels, transparent outside the drawn box. The builder draws the offscreen at several times
// the largest stretch the projection gives, so the bilinear read is a narrow prefilter and the
// points are the box filter of the pixel (the 2-D path's coverage).
//
// The pixel's four corners, taken back into the offscreen, decide how many points it needs:
// none when they all lie beyond one side of the drawn box (the pixel's footprint is the convex
// quad they make, so it misses the box); 2 × 2 when they all lie a pixel inside it (the
// offscreen is already drawn antialiased at a finer scale, and the outline of the box, where
// coverage changes fastest, is not crossed); `samples` × `samples` where the outline may cross.
//
// Points behind the eye (W ≤ Homography.nearW, where the perspective divide would flip or blow up)
// are left out: the canvas shows the part of the layer in front of the viewer, never NaN.
// Everything is plain IEEE arithmetic in a fixed order, so the bytes are the same on every machine.
extension Rasterizer {
    /// Composites the pixels of `source` within `box` onto `destination` through `projection`,
    /// faded by `opacity`. Returns the box of destination pixels it may have changed, nil for none.
    static func compositeProjected(
        _ source: Pixmap, box: IntRect, projection: DrawProjection, opacity: UInt8, clips: [ClipShape] = [],
        onto destination: inout Pixmap
    ) -> IntRect? {
        guard let inverse = projection.homography.inverted, !box.isEmpty,
            let target = reach(of: box, under: projection.homography, within: destination)
        else { return nil }
        let edgeSamples = max(2, min(projection.samples, 16))
        // The ancestors' clips (masksToBounds), in the destination's pixels: a coverage byte per
        // target pixel, which multiplies the warped pixel.
        let clipMask = clips.isEmpty ? nil : clipCoverage(clips, over: target, in: destination)
        source.data.withUnsafeBytes { sourceBytes in
            let texels = sourceBytes.bindMemory(to: UInt32.self)
            let sampler = ProjectedSampler(
                texels: texels, width: source.width, box: box, inverse: inverse, forward: projection.homography)
            destination.withUnsafeMutablePixels { pixels, rowLength in
                // The source positions of the pixel corners of the row's top and bottom edges.
                var top = sampler.corners(row: target.y, from: target.x, to: target.maxX)
                for py in target.y..<target.maxY {
                    let bottom = sampler.corners(row: py + 1, from: target.x, to: target.maxX)
                    for k in 0..<target.width {
                        let quad = (top[k], top[k + 1], bottom[k], bottom[k + 1])
                        let n: Int
                        switch sampler.classify(quad) {
                        case .outside: continue
                        case .inside: n = 2
                        case .edge: n = edgeSamples
                        }
                        let px = target.x + k
                        let clip = clipMask.map { $0[(py - target.y) * target.width + k] } ?? 255
                        guard clip > 0, let sample = sampler.average(x: px, y: py, samples: n) else { continue }
                        let index = py * rowLength + px
                        let clipped = clip == 255 ? sample : sample.scaled(by: clip)
                        let faded = opacity == 255 ? clipped : clipped.scaled(by: opacity)
                        pixels[index] = sourceOver(faded, PremultipliedRGBA8(packed: pixels[index])).packed
                    }
                    top = bottom
                }
            }
        }
        return target
    }

    /// The coverage bytes of the region `clips` leave visible over `target`, row by row.
    static func clipCoverage(_ clips: [ClipShape], over target: IntRect, in destination: Pixmap) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: target.width * target.height)
        var region = ClipRegion()
        region.set(clips, canvasWidth: destination.width, canvasHeight: destination.height)
        guard !region.isEmpty else { return mask }
        var coverage = ShapeCoverage()
        let covered = coverage.begin(polygon: region.points, box: target)
        guard !covered.isEmpty else { return mask }
        coverage.sweepRows { row, spans in
            for span in spans {
                for i in Int(span.start)..<Int(span.end) { mask[row * target.width + i] = coverageByte(span.outer) }
            }
        }
        return mask
    }

    /// The destination pixels the projected `box` can reach: the box's outline clipped to the
    /// part in front of the eye (W ≥ nearW, a straight line in the source plane), mapped, and
    /// its bounding box within `destination`. Nil when none of it is in front or on the canvas.
    static func reach(of box: IntRect, under h: Homography, within destination: Pixmap) -> IntRect? {
        let corners = [
            Point(Double(box.x), Double(box.y)), Point(Double(box.maxX), Double(box.y)),
            Point(Double(box.maxX), Double(box.maxY)), Point(Double(box.x), Double(box.maxY)),
        ]
        var front: [Point] = []
        ProjectedPlane.cutInFront(corners, under: h, into: &front)
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

/// Reads a projected group's offscreen from canvas positions (ProjectedComposite.swift).
struct ProjectedSampler {
    let texels: UnsafeBufferPointer<UInt32>
    let width: Int
    let box: IntRect
    /// Canvas → offscreen, and offscreen → canvas (for the W of a point).
    let inverse: Homography
    let forward: Homography

    enum Footprint { case outside, inside, edge }

    /// A canvas point taken back into the offscreen; nil behind the eye or not finite.
    @inline(__always)
    func source(_ u: Double, _ v: Double) -> (x: Double, y: Double)? {
        let x = u * inverse.m11 + v * inverse.m21 + inverse.m31
        let y = u * inverse.m12 + v * inverse.m22 + inverse.m32
        let w = u * inverse.m13 + v * inverse.m23 + inverse.m33
        let (sx, sy) = (x / w, y / w)
        guard sx.isFinite, sy.isFinite, sx * forward.m13 + sy * forward.m23 + forward.m33 > Homography.nearW
        else { return nil }
        return (sx, sy)
    }

    /// The source positions of the pixel corners (x, row) for x in `from`…`to`.
    func corners(row: Int, from: Int, to: Int) -> [(x: Double, y: Double)?] {
        (from...to).map { source(Double($0), Double(row)) }
    }

    /// Where a pixel whose corners land at `quad` lies against the drawn box.
    @inline(__always)
    func classify(
        _ quad: ((x: Double, y: Double)?, (x: Double, y: Double)?, (x: Double, y: Double)?, (x: Double, y: Double)?)
    ) -> Footprint {
        guard let a = quad.0, let b = quad.1, let c = quad.2, let d = quad.3 else { return .edge }
        let (x0, y0) = (Double(box.x), Double(box.y))
        let (x1, y1) = (Double(box.maxX), Double(box.maxY))
        // Beyond one side by the bilinear read's reach.
        if a.x <= x0 - 1 && b.x <= x0 - 1 && c.x <= x0 - 1 && d.x <= x0 - 1 { return .outside }
        if a.x >= x1 + 1 && b.x >= x1 + 1 && c.x >= x1 + 1 && d.x >= x1 + 1 { return .outside }
        if a.y <= y0 - 1 && b.y <= y0 - 1 && c.y <= y0 - 1 && d.y <= y0 - 1 { return .outside }
        if a.y >= y1 + 1 && b.y >= y1 + 1 && c.y >= y1 + 1 && d.y >= y1 + 1 { return .outside }
        func inside(_ p: (x: Double, y: Double)) -> Bool {
            p.x >= x0 + 1 && p.x <= x1 - 1 && p.y >= y0 + 1 && p.y <= y1 - 1
        }
        return inside(a) && inside(b) && inside(c) && inside(d) ? .inside : .edge
    }

    /// The average of `n` × `n` points spread over canvas pixel (x, y), each read bilinearly;
    /// nil when none is in front of the eye or it is transparent.
    @inline(__always)
    func average(x: Int, y: Int, samples n: Int) -> PremultipliedRGBA8? {
        let step = 1 / Double(n)
        var sum: (Double, Double, Double, Double) = (0, 0, 0, 0)
        var hits = 0
        for j in 0..<n {
            let v = Double(y) + (Double(j) + 0.5) * step
            for i in 0..<n {
                guard let (sx, sy) = source(Double(x) + (Double(i) + 0.5) * step, v),
                    sx > Double(box.x) - 1, sx < Double(box.maxX) + 1, sy > Double(box.y) - 1,
                    sy < Double(box.maxY) + 1
                else { continue }
                addBilinear(&sum, sx, sy)
                hits += 1
            }
        }
        guard hits > 0 else { return nil }
        return Self.mean(sum, of: n * n)
    }

    /// The colour a layer in perspective shows at canvas pixel (x, y) (the definition of
    /// `fb_projected_texture_span`, which draws it; tests hold the two to the same bytes): the
    /// pixel's centre taken to the plane, to the layer's local units by `toLocal`, clamped to
    /// `clamp` (a GPU's clamp-to-edge, so the outline's coverage alone makes the edges), to the
    /// texture by `toTexture` and read bilinearly with 8 bits of subtexel precision: one read a
    /// pixel, as a GPU samples a layer's texture with Core Animation's default filters (`linear`).
    /// Transparent behind the eye.
    func textureColour(x: Int, y: Int, toLocal: AffineTransform, clamp: Rect, toTexture: AffineTransform) -> UInt32 {
        // As `source`, with one division: the reciprocal of W scales both coordinates.
        let (u, v) = (Double(x) + 0.5, Double(y) + 0.5)
        let hx = u * inverse.m11 + v * inverse.m21 + inverse.m31
        let hy = u * inverse.m12 + v * inverse.m22 + inverse.m32
        let hw = u * inverse.m13 + v * inverse.m23 + inverse.m33
        let iw = 1 / hw
        let (sx, sy) = (hx * iw, hy * iw)
        guard sx.isFinite, sy.isFinite, sx * forward.m13 + sy * forward.m23 + forward.m33 > Homography.nearW
        else { return 0 }
        let local = toLocal.apply(to: Point(sx, sy))
        let clamped = Point(min(max(local.x, clamp.minX), clamp.maxX), min(max(local.y, clamp.minY), clamp.maxY))
        let t = toTexture.apply(to: clamped)
        // In 1/256 of a texel from the texel centres: the texel left of and above the point, and
        // how far past it the point lies.
        let xi = Int(((t.x - 0.5) * 256).rounded(.down))
        let yi = Int(((t.y - 0.5) * 256).rounded(.down))
        let (tx, ty) = (xi >> 8, yi >> 8)
        let (ax, ay) = (UInt32(xi & 255), UInt32(yi & 255))
        let weights = ((256 - ax) * (256 - ay), ax * (256 - ay), (256 - ax) * ay, ax * ay)
        let texels = (texel(tx, ty), texel(tx + 1, ty), texel(tx, ty + 1), texel(tx + 1, ty + 1))
        var colour: UInt32 = 0
        // Each byte (in memory order on a little-endian machine) out of 2^16, rounded; a convex
        // mix of premultiplied texels keeps each colour within alpha.
        for shift: UInt32 in [0, 8, 16, 24] {
            @inline(__always) func byte(_ texel: UInt32) -> UInt32 { (texel >> shift) & 0xFF }
            let sum =
                weights.0 * byte(texels.0) + weights.1 * byte(texels.1) + weights.2 * byte(texels.2) + weights.3
                * byte(texels.3)
            colour |= ((sum + 32768) >> 16) << shift
        }
        return colour
    }

    /// The mean of `count` samples summed in `sum`, as a pixel; nil when it is transparent.
    @inline(__always)
    static func mean(_ sum: (Double, Double, Double, Double), of count: Int) -> PremultipliedRGBA8? {
        let weight = 1 / Double(count)
        @inline(__always) func byte(_ s: Double) -> UInt8 { UInt8(min(255, (s * weight).rounded())) }
        let alpha = byte(sum.3)
        guard alpha > 0 else { return nil }
        // A convex mix of premultiplied pixels keeps each channel within alpha.
        return PremultipliedRGBA8(
            unchecked: min(byte(sum.0), alpha), min(byte(sum.1), alpha), min(byte(sum.2), alpha), alpha)
    }

    /// Adds the bilinear read at offscreen point (sx, sy) (pixel centres at half-integers) to `sum`.
    @inline(__always)
    func addBilinear(_ sum: inout (Double, Double, Double, Double), _ sx: Double, _ sy: Double) {
        let (fx, fy) = (sx - 0.5, sy - 0.5)
        let (fx0, fy0) = (fx.rounded(.down), fy.rounded(.down))
        let (ax, ay) = (fx - fx0, fy - fy0)
        let (tx, ty) = (Int(fx0), Int(fy0))
        let weights = ((1 - ax) * (1 - ay), ax * (1 - ay), (1 - ax) * ay, ax * ay)
        add(&sum, texel(tx, ty), weights.0)
        add(&sum, texel(tx + 1, ty), weights.1)
        add(&sum, texel(tx, ty + 1), weights.2)
        add(&sum, texel(tx + 1, ty + 1), weights.3)
    }

    /// The packed pixel at (x, y), or 0 outside the drawn box.
    @inline(__always)
    func texel(_ x: Int, _ y: Int) -> UInt32 {
        guard x >= box.x, x < box.maxX, y >= box.y, y < box.maxY else { return 0 }
        return texels[y * width + x]
    }

    @inline(__always)
    func add(_ sum: inout (Double, Double, Double, Double), _ texel: UInt32, _ weight: Double) {
        guard texel != 0 else { return }
        let p = PremultipliedRGBA8(packed: texel)
        sum.0 += weight * Double(p.r)
        sum.1 += weight * Double(p.g)
        sum.2 += weight * Double(p.b)
        sum.3 += weight * Double(p.a)
    }
}
