import CRasterKernels
import Geometry

// Shaded paints: gradients and images. The coverage is the solid paints' own (the same
// accumulation and sweep, `ShapeCoverage.sweepRows`); per span of equal coverage the paint's
// source colours are computed in C (shade_kernels.c: GradientShader / ImageShader set them up)
// and composited with Compositing.swift's rounding order: src·cf, border·cb over it, ·opacity,
// source-over the pixel. So a gradient whose stops are all one colour draws exactly the bytes of
// that solid colour (a test holds the two equal).

extension Rasterizer {
    /// A `DrawPath` whose paint is not solid.
    mutating func drawShaded(_ command: DrawPath, onto pixmap: inout Pixmap) {
        let opacity = LayerPaint(fill: .clear, border: .clear, opacity: command.opacity).opacity
        guard opacity > 0, !command.paint.isClear, !command.path.isEmpty, command.transform.isFinite else { return }
        guard let box = beginCoverage(of: command, canvasWidth: pixmap.width, canvasHeight: pixmap.height) else {
            return
        }
        shadeSpans(box, paint: command.paint, border: .transparent, hasBorder: false, opacity: opacity, onto: &pixmap)
    }

    /// A `DrawRect` with a `fillPaint`: shadow, shaded fill, border over it, as `drawLayer` does
    /// for a solid fill.
    mutating func drawShadedLayer(_ rect: DrawRect, onto pixmap: inout Pixmap) {
        guard let fillPaint = rect.fillPaint else { return }
        let paint = LayerPaint(fill: .clear, border: rect.borderColor, opacity: rect.opacity)
        guard let outline = LayerOutline(of: rect, paint: paint, fillShows: !fillPaint.isClear),
            let clip = resolveClips(rect.clips, on: pixmap)
        else { return }
        let (shape, hole, hasBorder) = (outline.shape, outline.hole, outline.hasBorder)
        if let shadow = rect.shadow {
            // The shadow takes the fill's alpha as the most opaque stop's (a shaded fill's alpha
            // varies; Core Animation would blur the exact alpha, this the shape at that alpha).
            let alpha: UInt8
            switch fillPaint {
            case .solid(let c): alpha = c.a
            case .gradient(let g): alpha = g.gradient.maxAlpha
            case .image: alpha = 255
            }
            let shadowPaint = LayerPaint(
                fill: ColorRGBA8(r: 255, g: 255, b: 255, a: alpha), border: rect.borderColor,
                opacity: rect.opacity)
            if let shadowBox = shadowRenderer.draw(
                shadow, of: shape, hole: hole, hasBorder: hasBorder, paint: shadowPaint,
                clip: clip, coverage: &shapeCoverage, onto: &pixmap)
            {
                damage?.append(shadowBox)
            }
        }
        let box = shapeCoverage.begin(
            shape, hole: hole, clip: clip, canvasWidth: pixmap.width, canvasHeight: pixmap.height)
        shadeSpans(
            box, paint: fillPaint, border: paint.border, hasBorder: hasBorder, opacity: paint.opacity, onto: &pixmap)
    }

    /// Sweeps the coverage just accumulated over `box` and composites `paint`'s colours span by span.
    private mutating func shadeSpans(
        _ box: IntRect, paint: Paint, border: PremultipliedRGBA8, hasBorder: Bool,
        opacity: UInt8, onto pixmap: inout Pixmap
    ) {
        guard !box.isEmpty else { return }
        damage?.append(box)
        var shader = Shader(paint, columns: box.x..<(box.x + box.width))
        let borderPacked = border.packed
        let opacity32 = UInt32(opacity)
        // A still image's or gradient's colours from the last frames (ShadeCache.swift), blended
        // exactly as freshly shaded ones would be.
        if let key = ShadeCache.key(for: paint, shader: shader, box: box) {
            var cache = ShadeCache()
            swap(&cache, &shadeCache)
            defer { swap(&cache, &shadeCache) }
            let reused = cache.withColours(for: key, paint: paint, shader: &shader) { colours in
                blendSpans(box, border: borderPacked, hasBorder: hasBorder, opacity: opacity32, onto: &pixmap) {
                    row, start, _ in colours + row * box.width + start
                }
            }
            if reused { return }
        }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: box.width) { colours in
            guard let colourBase = colours.baseAddress else { return }
            blendSpans(box, border: borderPacked, hasBorder: hasBorder, opacity: opacity32, onto: &pixmap) {
                row, start, count in
                shader.shade(x: box.x + start, y: box.y + row, count: count, into: colourBase)
                return UnsafePointer(colourBase)
            }
        }
    }

    /// Sweeps the coverage just accumulated over `box` and blends each span of non-zero coverage
    /// with the source colours `colours(row, start, count)` gives (row and start counted from the
    /// box's corner).
    mutating func blendSpans(
        _ box: IntRect, border: UInt32, hasBorder: Bool, opacity: UInt32, onto pixmap: inout Pixmap,
        colours: (_ row: Int, _ start: Int, _ count: Int) -> UnsafePointer<UInt32>
    ) {
        pixmap.withUnsafeMutablePixels { pixels, width in
            guard let base = pixels.baseAddress else { return }
            shapeCoverage.sweepRows { row, spans in
                for span in spans {
                    let cf = UInt32(coverageByte(span.outer))
                    let cb = hasBorder ? UInt32(coverageByte(borderCoverage(outer: span.outer, inner: span.inner))) : 0
                    guard cf != 0 || cb != 0 else { continue }
                    let start = Int(span.start)
                    let count = Int(span.end - span.start)
                    fb_blend_shaded(
                        base + (box.y + row) * width + box.x + start, colours(row, start, count), count, cf, border,
                        cb, opacity)
                }
            }
        }
    }
}

/// A shaded paint set up for the C kernels: its buffers held here, the kernel structs built once
/// per draw.
struct Shader {
    private let paint: Paint
    private var solid: UInt32 = 0
    private var gradientColours: [UInt32] = []
    private var gradientLocations: [Double] = []
    private var gradient = fb_gradient()
    private var sampler = fb_image_sampler()
    /// The smooth image sampler's u taps of each column of `columns`, computed on the first row
    /// and reused on the others (`fb_image_sampler.column_taps`); empty when they would not be.
    private var columnTaps: [fb_area_taps] = []
    /// Whether this draw keeps each column's image taps (for tests).
    var keepsColumnTaps: Bool { !columnTaps.isEmpty }

    /// `columns`: the canvas columns this draw shades (a shape's pixel box), for which an image
    /// whose u does not depend on the row keeps each column's taps; nil for a draw of a few pixels.
    init(_ paint: Paint, columns: Range<Int>? = nil) {
        self.paint = paint
        switch paint {
        case .solid(let c):
            solid = c.premultiplied.packed
        case .gradient(let g):
            (gradient, gradientColours, gradientLocations) = GradientShader.kernelGradient(g)
        case .image(let i):
            sampler = ImageShader.kernelSampler(i)
            if let columns, sampler.mode != Int32(FB_SAMPLE_NEAREST), sampler.to_image.c == 0, columns.count > 1 {
                var unknown = fb_area_taps()
                unknown.count = -1
                columnTaps = [fb_area_taps](repeating: unknown, count: columns.count)
                (sampler.column_x, sampler.column_count) = (columns.lowerBound, columns.count)
            }
        }
    }

    /// Every input of a gradient's kernel (kind, dither, map, end points, stops) as bits: two
    /// gradients with equal words give every pixel the same colour (ShadeCache's key). Nil for
    /// other paints.
    var gradientWords: [UInt64]? {
        guard case .gradient = paint else { return nil }
        let m = gradient.to_local
        var words: [UInt64] = [
            UInt64(UInt32(bitPattern: gradient.kind)), gradient.dither ? 1 : 0,
            UInt64(UInt32(bitPattern: gradient.spread)), gradient.straight ? 1 : 0,
        ]
        words += [
            m.a, m.b, m.c, m.d, m.tx, m.ty, gradient.start_x, gradient.start_y, gradient.end_x, gradient.end_y,
            gradient.focal_x, gradient.focal_y, gradient.focal_r,
        ].map(\.bitPattern)
        words += gradientColours.map { UInt64($0) } + gradientLocations.map(\.bitPattern)
        return words
    }

    /// Source colours of `count` pixels from canvas pixel (x, y) into `out`.
    mutating func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        switch paint {
        case .solid:
            out.update(repeating: solid, count: count)
        case .gradient:
            gradientColours.withUnsafeBufferPointer { colours in
                gradientLocations.withUnsafeBufferPointer { locations in
                    gradient.colours = colours.baseAddress
                    gradient.locations = locations.baseAddress
                    fb_shade_gradient(&gradient, x, y, count, out)
                }
            }
        case .image(let i):
            i.image.texels.withUnsafeBufferPointer { texels in
                i.image.offsets.withUnsafeBufferPointer { offsets in
                    i.image.widths.withUnsafeBufferPointer { widths in
                        i.image.heights.withUnsafeBufferPointer { heights in
                            columnTaps.withUnsafeMutableBufferPointer { taps in
                                sampler.texels = texels.baseAddress
                                sampler.offsets = offsets.baseAddress
                                sampler.widths = widths.baseAddress
                                sampler.heights = heights.baseAddress
                                sampler.column_taps = taps.baseAddress
                                fb_shade_image(&sampler, x, y, count, out)
                            }
                        }
                    }
                }
            }
        }
    }
}
