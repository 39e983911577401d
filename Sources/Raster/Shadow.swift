import CRasterKernels
import Geometry

// Layer shadows, as Core Animation draws them.
//
// Model:
// - The shadow's shape is the layer's own alpha: at each pixel the alpha of its border over its
//   fill (`LayerPaint.color(...).a` at opacity 1), so a translucent fill casts a lighter shadow and
//   a clear fill with a border casts the border's ring only (CA derives the shadow from the
//   layer's composited alpha). The layer's shape is rasterized at `transform` moved by
//   `offset`, with exact area coverage, so fractional offsets are exact too.
// - Blur: a Gaussian with σ = shadowRadius / 2 (`DrawShadow.sigma`), applied as two separable
//   1-D passes whose taps are the Gaussian integrated over each pixel (exact for the box-filtered
//   image that area coverage is), over ⌈3σ⌉ pixels each side, normalised to sum 1 (the 0.27 % tail
//   beyond 3σ is < 1/255 of any shadow). Not a box filter: three box passes only approximate a
//   Gaussian and leave visible corners in the falloff.
// - Colour: shadowColor premultiplied, × shadowOpacity (as a byte), × the blurred alpha (as a
//   coverage byte, after the clip), × the layer's opacity (as a byte), then source-over. Every
//   product is `mul255`, in that order.
// - Drawn under the layer, over everything before it, and clipped like the layer by its `clips`:
//   the blurred alpha is multiplied by the clip region's exact coverage (a product of coverages:
//   the shadow is a smooth image, not a polygon, so the exact polygon clipping of the layer does
//   not apply).
// - The layer's opacity fades its shadow and its body separately (shadow, then layer, each at
//   that opacity), so a faded opaque layer shows its shadow through it, which is what a faded
//   UIView with a shadow shows unless it is rasterized.
//
// Determinism: the kernel comes from `gaussianExp`, plain IEEE arithmetic (no libm), and every
// sum runs in a fixed order, so the bytes are the same on every machine and build.

extension DrawShadow {
    /// The Gaussian's standard deviation in pixels: `radius / 2` (0 for a non-finite or negative
    /// radius: an unblurred shadow). Why half: CSS defines a shadow's blur radius as twice the
    /// standard deviation, and Core Animation's `shadowRadius` is a blur radius of that kind
    /// (DisplayList's contract). If the product ever needs σ = shadowRadius instead, this is the
    /// only place to change.
    public var sigma: Double { radius.isFinite && radius > 0 ? radius / 2 : 0 }
}

/// Scratch for drawing shadows: the mask, its blurred copy, the kernel of the last σ and the clip
/// coverage row, all reused, so a steady stream of shadows allocates nothing.
struct ShadowRenderer {
    private var mask: [Float] = []
    private var temp: [Float] = []

    /// Zeroes the first `count` mask values, growing the mask and its blur scratch when needed
    /// (both are kept between shadows, so a frame of shadows allocates once).
    private mutating func clearMask(count: Int) {
        if mask.count < count {
            mask = [Float](repeating: 0, count: count)
            temp = [Float](repeating: 0, count: count)
        } else {
            mask.withUnsafeMutableBufferPointer { mask in for i in 0..<count { mask[i] = 0 } }
        }
    }
    private var kernel: [Float] = []
    private var kernels = GaussianKernels()
    private var clipRow: [Float] = []
    private var rowBytes: [UInt8] = []
    private var clipCoverage = ShapeCoverage()

    /// Tunable: the kernel reaches ⌈`reach`·σ⌉ pixels each side. Unit σ; range [3, 5]; default 3
    /// (Skia's choice). Effect: 3 leaves 0.27 % of the Gaussian's mass out, renormalised away.
    static let reach = 3.0
    /// Largest kernel half-width in pixels, so an absurd radius cannot allocate without limit.
    static let maximumHalfWidth = 1024

    /// Draws the shadow and returns the box of pixels it may have changed (nil: none).
    @discardableResult
    mutating func draw(
        _ shadow: DrawShadow, of shape: RoundedRect, hole: RoundedRect?, hasBorder: Bool,
        paint: LayerPaint, clip: ClipRegion?, coverage: inout ShapeCoverage,
        onto pixmap: inout Pixmap
    ) -> IntRect? {
        let shadowOpacity = LayerPaint(fill: .clear, border: .clear, opacity: shadow.opacity).opacity
        let colour = shadow.color.premultiplied.scaled(by: shadowOpacity)
        guard colour.a > 0, paint.opacity > 0, shadow.offset.isFinite else { return nil }
        let alphaPaint = LayerPaint(fill: paint.fill, border: paint.border, opacity: 255)
        let sigma = shadow.sigma
        let k = Int.clamping(Self.reach * sigma, rounded: .up, to: 0...Self.maximumHalfWidth)
        prepareKernel(sigma: sigma, halfWidth: k)

        // The shape moved by the offset, rasterized on the canvas grown by k on every side (the
        // blur brings in what lies up to k pixels outside), in coordinates shifted by (k, k).
        let move = AffineTransform(translationX: shadow.offset.x + Double(k), y: shadow.offset.y + Double(k))
        func moved(_ r: RoundedRect) -> RoundedRect {
            RoundedRect(
                size: Size(r.width, r.height), cornerRadius: r.cornerRadius,
                maskedCorners: r.maskedCorners, cornerCurve: r.cornerCurve, transform: r.transform.concatenating(move))
        }
        let box = coverage.begin(
            moved(shape), hole: hasBorder ? hole.map(moved) : nil,
            canvasWidth: pixmap.width + 2 * k, canvasHeight: pixmap.height + 2 * k)
        guard !box.isEmpty else { return nil }
        // The box in canvas pixels (coverage ran shifted by (k, k)), and the mask around it.
        let xs = Self.maskSpan(box.x - k, box.x - k + box.width, canvas: pixmap.width, halfWidth: k)
        let ys = Self.maskSpan(box.y - k, box.y - k + box.height, canvas: pixmap.height, halfWidth: k)
        let (mw, mh) = (xs.upperBound - xs.lowerBound, ys.upperBound - ys.lowerBound)
        let (dx, dy) = (box.x - k - xs.lowerBound, box.y - k - ys.lowerBound)
        clearMask(count: mw * mh)
        mask.withUnsafeMutableBufferPointer { mask in
            coverage.sweepRows { row, spans in
                let base = (row + dy) * mw + dx
                for span in spans {
                    let cf = coverageByte(span.outer)
                    let cb = hasBorder ? coverageByte(borderCoverage(outer: span.outer, inner: span.inner)) : 0
                    let alpha = Float(alphaPaint.color(fillCoverage: cf, borderCoverage: cb).a) / 255
                    for x in Int(span.start)..<Int(span.end) { mask[base + x] = alpha }
                }
            }
        }
        return blurAndComposite(
            colour: colour, opacity: paint.opacity, halfWidth: k, maskWidth: mw, maskHeight: mh,
            origin: (xs.lowerBound, ys.lowerBound), activeRows: dy..<dy + box.height, clip: clip, onto: &pixmap)
    }

    /// The mask's extent along one axis, for a shape spanning `lo..<hi` canvas pixels: the shape,
    /// grown by the blur's reach only where the growth lands on the canvas (`0..<canvas`). The
    /// blur of a pixel off the canvas is never drawn, and the pixels cut away hold no shape, so
    /// every drawn pixel sums the same terms as over the fully grown mask: the same bytes, with
    /// the mask bounded by the canvas grown by 2k rather than by the shape (a 1,000 px shadow of a
    /// shape far off a small canvas asked for (w + 4k)² floats, 68 MB).
    static func maskSpan(_ lo: Int, _ hi: Int, canvas: Int, halfWidth k: Int) -> Range<Int> {
        min(lo, max(lo - k, 0))..<max(hi, min(hi + k, canvas))
    }

    /// Draws the shadow of a layer given by its alpha: `layer` holds the layer as drawn at
    /// opacity 1, already moved by the shadow's offset, for the canvas pixels from `origin` on
    /// (only its alpha is read). How an image item's shadow follows the image's alpha (its
    /// transparent parts cast none), as Core Animation derives a shadow without a shadowPath.
    mutating func draw(
        _ shadow: DrawShadow, alpha layer: Pixmap, at origin: (x: Int, y: Int), opacity: UInt8,
        clip: ClipRegion?, onto pixmap: inout Pixmap
    ) -> IntRect? {
        let shadowOpacity = LayerPaint(fill: .clear, border: .clear, opacity: shadow.opacity).opacity
        let colour = shadow.color.premultiplied.scaled(by: shadowOpacity)
        guard colour.a > 0, opacity > 0 else { return nil }
        let sigma = shadow.sigma
        let k = Int.clamping(Self.reach * sigma, rounded: .up, to: 0...Self.maximumHalfWidth)
        prepareKernel(sigma: sigma, halfWidth: k)
        // The mask: the layer's box, grown by k where that lands on the canvas (`maskSpan`).
        let xs = Self.maskSpan(origin.x, origin.x + layer.width, canvas: pixmap.width, halfWidth: k)
        let ys = Self.maskSpan(origin.y, origin.y + layer.height, canvas: pixmap.height, halfWidth: k)
        let (mw, mh) = (xs.upperBound - xs.lowerBound, ys.upperBound - ys.lowerBound)
        let (dx, dy) = (origin.x - xs.lowerBound, origin.y - ys.lowerBound)
        clearMask(count: mw * mh)
        mask.withUnsafeMutableBufferPointer { mask in
            for y in 0..<layer.height {
                let base = (y + dy) * mw + dx
                let row = 4 * y * layer.width
                for x in 0..<layer.width { mask[base + x] = Float(layer.data[row + 4 * x + 3]) / 255 }
            }
        }
        return blurAndComposite(
            colour: colour, opacity: opacity, halfWidth: k, maskWidth: mw, maskHeight: mh,
            origin: (xs.lowerBound, ys.lowerBound), activeRows: dy..<dy + layer.height, clip: clip, onto: &pixmap)
    }

    /// Blurs the mask (`mw` × `mh`, non-zero only in `activeRows`, its top-left at canvas pixel
    /// `origin`) and composites `colour` × the blurred alpha × `opacity` onto the canvas, clipped.
    private mutating func blurAndComposite(
        colour: PremultipliedRGBA8, opacity: UInt8, halfWidth k: Int, maskWidth mw: Int, maskHeight mh: Int,
        origin: (x: Int, y: Int), activeRows: Range<Int>, clip: ClipRegion?, onto pixmap: inout Pixmap
    ) -> IntRect? {
        let (originX, originY) = origin
        // The part on the canvas: the only outputs the blur computes, then composited (with the
        // clip's coverage when clipped).
        let x0 = max(originX, 0)
        let x1 = min(originX + mw, pixmap.width)
        let y0 = max(originY, 0)
        let y1 = min(originY + mh, pixmap.height)
        guard x1 > x0, y1 > y0 else { return nil }
        let drawBox = IntRect(uncheckedX: x0, y: y0, width: x1 - x0, height: y1 - y0)
        blur(
            width: mw, height: mh, halfWidth: k, activeRows: activeRows,
            outputColumns: (x0 - originX)..<(x1 - originX), outputRows: (y0 - originY)..<(y1 - originY))

        if clipRow.count < drawBox.width { clipRow = [Float](repeating: 0, count: drawBox.width) }
        if rowBytes.count < drawBox.width { rowBytes = [UInt8](repeating: 0, count: drawBox.width) }
        let colourPacked = colour.packed
        let opacity32 = UInt32(opacity)
        mask.withUnsafeBufferPointer { blurred in
            clipRow.withUnsafeMutableBufferPointer { clipRow in
                rowBytes.withUnsafeMutableBufferPointer { bytes in
                    pixmap.withUnsafeMutablePixels { pixels, width in
                        guard let blurredBase = blurred.baseAddress, let clipBase = clipRow.baseAddress,
                            let pixelBase = pixels.baseAddress, let bytesBase = bytes.baseAddress
                        else { return }
                        // colour·c·opacity source-over each pixel, c the blurred alpha's coverage byte
                        // (times the clip's coverage): shadow_kernels.c, SIMD.
                        func composite(row y: Int, clipped: Bool) {
                            fb_composite_blurred_row(
                                pixelBase + (y * width + x0), blurredBase + ((y - originY) * mw + (x0 - originX)),
                                clipped ? UnsafePointer(clipBase) : nil, drawBox.width, colourPacked, opacity32,
                                bytesBase)
                        }
                        if let clip {
                            let clipBox = clipCoverage.begin(polygon: clip.points, box: drawBox)
                            guard !clipBox.isEmpty else { return }
                            clipCoverage.sweepRows { row, spans in
                                for i in 0..<drawBox.width { clipRow[i] = 0 }
                                for span in spans {
                                    for i in Int(span.start)..<Int(span.end) { clipRow[i] = span.outer }
                                }
                                composite(row: y0 + row, clipped: true)
                            }
                        } else {
                            for y in y0..<y1 { composite(row: y, clipped: false) }
                        }
                    }
                }
            }
        }
        return drawBox
    }

    /// Separable blur of `mask` (width × height, non-zero only in `activeRows`), result in `mask`
    /// for the outputs in `outputColumns` × `outputRows` (the rest is left undefined). Each
    /// output is Σ_j w_j·input[x + j − k] summed in the order of j, each product and sum rounded
    /// to Float, so the result does not depend on the vector width (shadow_kernels.c's kernels,
    /// 4, 8 or 16 floats a step, chosen at run time) nor on which outputs are asked for.
    private mutating func blur(
        width: Int, height: Int, halfWidth k: Int, activeRows: Range<Int>, outputColumns: Range<Int>,
        outputRows: Range<Int>
    ) {
        guard k > 0 else { return }
        kernel.withUnsafeBufferPointer { w in
            mask.withUnsafeMutableBufferPointer { mask in
                temp.withUnsafeMutableBufferPointer { temp in
                    guard let weights = w.baseAddress, let maskBase = mask.baseAddress,
                        let tempBase = temp.baseAddress
                    else { return }
                    fb_blur_separable(
                        maskBase, tempBase, width, height, weights, k, activeRows.lowerBound, activeRows.upperBound,
                        outputColumns.lowerBound, outputColumns.upperBound, outputRows.lowerBound,
                        outputRows.upperBound)
                }
            }
        }
    }

    private mutating func prepareKernel(sigma: Double, halfWidth k: Int) {
        kernel = kernels.kernel(sigma: sigma, halfWidth: k)
    }
}

/// The Gaussian kernels of the last few (σ, half-width) pairs, so a frame whose shadows and blurs
/// alternate between a few radii (a list's small shadows, then a button's large one) computes
/// each kernel once rather than at every switch (1.7 % of the content workload's frame).
struct GaussianKernels {
    private var recent: [(sigma: Double, halfWidth: Int, weights: [Float])] = []
    static let capacity = 4

    mutating func kernel(sigma: Double, halfWidth k: Int) -> [Float] {
        if let known = recent.first(where: { $0.sigma == sigma && $0.halfWidth == k }) { return known.weights }
        let weights = gaussianKernel(sigma: sigma, halfWidth: k)
        if recent.count == Self.capacity { recent.removeFirst() }
        recent.append((sigma, k, weights))
        return weights
    }
}

/// kernel[j] for j = 0 … 2k: the Gaussian of standard deviation σ integrated over pixel
/// [j − k − ½, j − k + ½] (Simpson's rule, 16 intervals), normalised to sum 1; [1] for k = 0.
/// Shadows and layer blurs share it.
func gaussianKernel(sigma: Double, halfWidth k: Int) -> [Float] {
    guard k > 0 else { return [1] }
    var weights: [Double] = []
    weights.reserveCapacity(2 * k + 1)
    let intervals = 16
    for j in -k...k {
        let a = Double(j) - 0.5
        let h = 1 / Double(intervals)
        var sum = 0.0
        for i in 0...intervals {
            let x = a + Double(i) * h
            let g = gaussianExp(-(x * x) / (2 * sigma * sigma))
            sum += (i == 0 || i == intervals ? 1 : i % 2 == 1 ? 4 : 2) * g
        }
        weights.append(sum * h / 3)
    }
    let total = weights.reduce(0, +)
    return weights.map { Float($0 / total) }
}

/// e^x for x ≤ 0 in plain IEEE arithmetic (no libm, so every machine computes the same kernel):
/// x is halved m times until |x| ≤ 1/256, e^(x/2^m) comes from 8 terms of its Taylor series
/// (error < 1e-22 there), then it is squared m times (relative error grows to ~m·2^m·1e-16, under
/// 1e-12 for the x ≥ −200 that kernels reach). Below −700 the result underflows to 0.
func gaussianExp(_ x: Double) -> Double {
    guard x.isFinite else { return x > 0 ? .infinity : 0 }
    if x < -700 { return 0 }
    var y = x
    var m = 0
    while abs(y) > 1.0 / 256 {
        y /= 2
        m += 1
    }
    var term = 1.0
    var sum = 1.0
    for n in 1...8 {
        term *= y / Double(n)
        sum += term
    }
    for _ in 0..<m { sum *= sum }
    return sum
}
