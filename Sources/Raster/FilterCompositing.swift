/// `feComposite`, `feMerge` and `feDropShadow` on filter images (FilterImage.swift), per
/// premultiplied channel with s the first input (SVG's `in`) and d the second (`in2`), alphas
/// sa and da, every product exactly rounded (`mul255`):
///
/// - over: s + d·(1 − sa); in: s·da; out: s·(1 − da); atop: s·da + d·(1 − sa);
///   xor: s·(1 − da) + d·(1 − sa) (Porter and Duff's operators, as Filter Effects 1 lists them);
/// - arithmetic: k1·s·d + k2·s + k3·d + k4 on values in [0, 1], clamped to [0, 1] for alpha and
///   then each colour to [0, alpha] (the result stays premultiplied), rounded to the byte.
///
/// Both images are in the same colour space (the caller converts them) and the result is in it.
enum FilterCompositing {
    static func composite(
        _ first: FilterImage, _ second: FilterImage, _ op: DrawFilter.CompositeOperator
    ) -> FilterImage {
        precondition(first.bytes.count == second.bytes.count, "composite of images of different sizes")
        var out = FilterImage(width: first.width, height: first.height, linear: first.linear)
        if case .arithmetic(let k1, let k2, let k3, let k4) = op {
            arithmetic(first.bytes, second.bytes, into: &out.bytes, k: (k1, k2, k3, k4))
            return out
        }
        first.bytes.withUnsafeBufferPointer { s in
            second.bytes.withUnsafeBufferPointer { d in
                out.bytes.withUnsafeMutableBufferPointer { o in
                    for i in stride(from: 0, to: o.count, by: 4) {
                        let (sa, da) = (s[i + 3], d[i + 3])
                        // The weights of the source and of the destination.
                        let (fs, fd): (UInt8, UInt8)
                        switch op {
                        case .over: (fs, fd) = (255, 255 - sa)
                        case .in: (fs, fd) = (da, 0)
                        case .out: (fs, fd) = (255 - da, 0)
                        case .atop: (fs, fd) = (da, 255 - sa)
                        case .xor, .arithmetic: (fs, fd) = (255 - da, 255 - sa)
                        }
                        for c in i..<(i + 4) {
                            o[c] = UInt8(min(255, Int(mul255(s[c], fs)) + Int(mul255(d[c], fd))))
                        }
                    }
                }
            }
        }
        return out
    }

    private static func arithmetic(
        _ s: [UInt8], _ d: [UInt8], into out: inout [UInt8], k: (Double, Double, Double, Double)
    ) {
        // Non-finite coefficients count as 0 (the loader never makes them).
        let k1 = k.0.isFinite ? k.0 : 0
        let k2 = k.1.isFinite ? k.1 : 0
        let k3 = k.2.isFinite ? k.2 : 0
        let k4 = k.3.isFinite ? k.3 : 0
        func value(_ a: UInt8, _ b: UInt8, limit: Double) -> Double {
            let (x, y) = (Double(a) / 255, Double(b) / 255)
            let v = k1 * x * y + k2 * x + k3 * y + k4
            return v.isNaN ? 0 : min(max(v, 0), limit)
        }
        for i in stride(from: 0, to: out.count, by: 4) {
            let alpha = value(s[i + 3], d[i + 3], limit: 1)
            let a = UInt8((alpha * 255).rounded())
            guard a > 0 else { continue }
            for c in i..<(i + 3) {
                out[c] = min(a, UInt8((value(s[c], d[c], limit: alpha) * 255).rounded()))
            }
            out[i + 3] = a
        }
    }

    /// `feDropShadow`: the input over its shadow, its alpha blurred by σ, moved by (dx, dy) and
    /// filled with `color` (in the input's colour space).
    static func dropShadow(
        _ input: FilterImage, dx: Int, dy: Int, sigmaX: Double, sigmaY: Double, color: ColorRGBA8
    ) -> FilterImage {
        var alpha = FilterImage(width: input.width, height: input.height, linear: input.linear)
        for i in stride(from: 3, to: alpha.bytes.count, by: 4) { alpha.bytes[i] = input.bytes[i] }
        if sigmaX > 0 || sigmaY > 0 { FilterBlur.blur(&alpha, sigmaX: sigmaX, sigmaY: sigmaY) }
        var shadow = alpha.offset(dx: dx, dy: dy)
        // The flood colour as the shadow's colour space sees it, premultiplied per pixel by the
        // flood's alpha times the blurred alpha.
        var flood = FilterImage(width: 1, height: 1, bytes: [color.r, color.g, color.b, 255], linear: false)
        flood = flood.converted(toLinear: input.linear)
        for i in stride(from: 0, to: shadow.bytes.count, by: 4) {
            let a = mul255(shadow.bytes[i + 3], color.a)
            shadow.bytes[i] = mul255(flood.bytes[0], a)
            shadow.bytes[i + 1] = mul255(flood.bytes[1], a)
            shadow.bytes[i + 2] = mul255(flood.bytes[2], a)
            shadow.bytes[i + 3] = a
        }
        return composite(input, shadow, .over)
    }
}
