import CRasterKernels
import Geometry

/// Sets a `GradientPaint` up for the C shader (shade_kernels.c) and gives the colour it draws at
/// a point: the definition tests hold the rasterizer to.
public enum GradientShader {
    /// The gradient's colour at the centre of canvas pixel (x, y), premultiplied: t from the
    /// gradient's geometry (Gradient.Kind), then the stops interpolated on premultiplied channels,
    /// each rounded to nearest (or by the dither threshold).
    public static func color(of paint: GradientPaint, x: Int, y: Int) -> PremultipliedRGBA8 {
        var (gradient, colours, locations) = kernelGradient(paint)
        var out: UInt32 = 0
        colours.withUnsafeBufferPointer { c in
            locations.withUnsafeBufferPointer { l in
                gradient.colours = c.baseAddress
                gradient.locations = l.baseAddress
                fb_shade_gradient(&gradient, x, y, 1, &out)
            }
        }
        return PremultipliedRGBA8(packed: out)
    }

    /// A straight colour's bytes in memory order, as the kernel reads a `straight` gradient's stops.
    private static func packedStraight(_ c: ColorRGBA8) -> UInt32 {
        var value: UInt32 = 0
        withUnsafeMutableBytes(of: &value) {
            $0[0] = c.r
            $0[1] = c.g
            $0[2] = c.b
            $0[3] = c.a
        }
        return value
    }

    /// The kernel struct (pointers unset: the caller points them at the two arrays while it runs).
    static func kernelGradient(_ paint: GradientPaint) -> (fb_gradient, [UInt32], [Double]) {
        let g = paint.gradient
        let straight = g.interpolation == .straight
        let colours = g.colors.map { straight ? packedStraight($0) : $0.premultiplied.packed }
        // A gradient with fewer locations than colours (never after validation) uses the first ones.
        let n = min(colours.count, g.locations.count)
        let inverse = paint.toPixels.inverted ?? AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: .nan, ty: .nan)
        let kind: Int32
        switch g.kind {
        case .linear: kind = Int32(FB_GRADIENT_LINEAR)
        case .radial: kind = Int32(g.focus == nil ? FB_GRADIENT_RADIAL : FB_GRADIENT_FOCAL)
        case .conic: kind = Int32(FB_GRADIENT_CONIC)
        }
        var k = fb_gradient()
        k.kind = kind
        k.to_local = fb_affine(a: inverse.a, b: inverse.b, c: inverse.c, d: inverse.d, tx: inverse.tx, ty: inverse.ty)
        k.start_x = g.startPoint.x * paint.size.width
        k.start_y = g.startPoint.y * paint.size.height
        k.end_x = g.endPoint.x * paint.size.width
        k.end_y = g.endPoint.y * paint.size.height
        if let focus = g.focus {
            k.focal_x = focus.center.x * paint.size.width
            k.focal_y = focus.center.y * paint.size.height
            k.focal_r = focus.radius * paint.size.width
        }
        switch g.spread {
        case .pad: k.spread = Int32(FB_SPREAD_PAD)
        case .reflect: k.spread = Int32(FB_SPREAD_REFLECT)
        case .repeat: k.spread = Int32(FB_SPREAD_REPEAT)
        }
        k.straight = straight
        k.stop_count = max(n, 1)
        k.dither = g.dither
        let safeColours = n > 0 ? Array(colours.prefix(n)) : [0]
        let safeLocations = n > 0 ? Array(g.locations.prefix(n)) : [0]
        return (k, safeColours, safeLocations)
    }
}

/// Sets an `ImagePaint` up for the C sampler (shade_kernels.c).
public enum ImageShader {
    /// The image's colour at canvas pixel (x, y) under `paint` (premultiplied).
    public static func color(of paint: ImagePaint, x: Int, y: Int) -> PremultipliedRGBA8 {
        var shader = Shader(.image(paint))
        var out: UInt32 = 0
        shader.shade(x: x, y: y, count: 1, into: &out)
        return PremultipliedRGBA8(packed: out)
    }

    static func kernelSampler(_ paint: ImagePaint) -> fb_image_sampler {
        var s = fb_image_sampler()
        let inverse = paint.toPixels.inverted ?? AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
        s.to_image = fb_affine(a: inverse.a, b: inverse.b, c: inverse.c, d: inverse.d, tx: inverse.tx, ty: inverse.ty)
        s.level_count = paint.image.levelCount
        switch paint.sampling {
        case .exact, .nearest: s.mode = Int32(FB_SAMPLE_NEAREST)
        case .bilinear: s.mode = Int32(FB_SAMPLE_BILINEAR)
        case .area: s.mode = Int32(FB_SAMPLE_AREA)
        }
        return s
    }
}
