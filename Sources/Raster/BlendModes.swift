// Blend modes: how a group's offscreen mixes with what is below it (DrawGroup.blendMode, CSS
// Compositing and Blending Level 1, https://www.w3.org/TR/compositing-1/).
//
// Rules:
// - Per pixel, in premultiplied form: co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs), where
//   Cs = cs/αs and Cb = cb/αb are the straight colours in [0, 1]; alpha is source-over's,
//   αo = αs + αb·(1 − αs), computed exactly as `sourceOver` computes it (so a blend never changes
//   coverage, only colour).
// - The arithmetic is Double in a fixed order per pixel, then each channel rounded to the byte
//   and held at most αo (premultiplied); no pixel depends on another, so bands and threads cannot
//   change a byte.
// - A transparent source leaves the backdrop as it is and a transparent backdrop takes the
//   source as it is (the formula gives exactly that), so only the group's drawn box is touched.
// - `normal` is `sourceOver` itself: the rasterizer never calls this file for it (its groups keep
//   Compositing.swift's path), and `blended(_:onto:mode: .normal)` returns the same bytes.

extension PremultipliedRGBA8 {
    /// This colour as straight channels in [0, 1] (zero for a transparent one).
    fileprivate var straight: (Double, Double, Double) {
        guard a > 0 else { return (0, 0, 0) }
        let alpha = Double(a)
        return (min(Double(r) / alpha, 1), min(Double(g) / alpha, 1), min(Double(b) / alpha, 1))
    }
}

/// `source` blended onto `backdrop` by `mode` (the general formula above).
public func blended(_ source: PremultipliedRGBA8, onto backdrop: PremultipliedRGBA8, mode: BlendMode)
    -> PremultipliedRGBA8
{
    if mode == .normal || backdrop.a == 0 { return sourceOver(source, backdrop) }
    if source.a == 0 { return backdrop }
    let (cs, cb) = (source.straight, backdrop.straight)
    let mixed = mode.isSeparable ? (mode.mix(cb.0, cs.0), mode.mix(cb.1, cs.1), mode.mix(cb.2, cs.2)) : mode.mix(cb, cs)
    let (alphaS, alphaB) = (Double(source.a) / 255, Double(backdrop.a) / 255)
    let alpha = source.a + mul255(backdrop.a, 255 - source.a)
    func channel(_ s: UInt8, _ b: UInt8, _ m: Double) -> UInt8 {
        let co = Double(s) / 255 * (1 - alphaB) + Double(b) / 255 * (1 - alphaS) + alphaS * alphaB * m
        return UInt8(min(max((co * 255).rounded(), 0), Double(alpha)))
    }
    return PremultipliedRGBA8(
        unchecked: channel(source.r, backdrop.r, mixed.0), channel(source.g, backdrop.g, mixed.1),
        channel(source.b, backdrop.b, mixed.2), alpha)
}

extension BlendMode {
    /// B(Cb, Cs) of a separable mode, for one channel of the straight colours in [0, 1] (the
    /// spec's definitions, in its words' order).
    public func mix(_ cb: Double, _ cs: Double) -> Double {
        switch self {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return BlendMode.hardLight.mix(cs, cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge:
            if cb == 0 { return 0 }
            return cs >= 1 ? 1 : min(1, cb / (1 - cs))
        case .colorBurn:
            if cb >= 1 { return 1 }
            return cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs)
        case .hardLight:
            return cs <= 0.5 ? BlendMode.multiply.mix(cb, 2 * cs) : BlendMode.screen.mix(cb, 2 * cs - 1)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        case .normal, .hue, .saturation, .color, .luminosity: return cs
        }
    }

    /// B(Cb, Cs) of a non-separable mode on whole straight colours (the spec's SetLum, SetSat and
    /// ClipColor); a separable one mixes each channel.
    public func mix(_ cb: (Double, Double, Double), _ cs: (Double, Double, Double)) -> (Double, Double, Double) {
        typealias C = BlendColorMath
        switch self {
        case .hue: return C.setLum(C.setSat(cs, C.sat(cb)), C.lum(cb))
        case .saturation: return C.setLum(C.setSat(cb, C.sat(cs)), C.lum(cb))
        case .color: return C.setLum(cs, C.lum(cb))
        case .luminosity: return C.setLum(cb, C.lum(cs))
        default: return (mix(cb.0, cs.0), mix(cb.1, cs.1), mix(cb.2, cs.2))
        }
    }
}

/// The helpers of the non-separable modes, as Compositing 1 §9.2 defines them.
public enum BlendColorMath {
    public typealias RGB = (Double, Double, Double)

    /// Lum(C) = 0.3·R + 0.59·G + 0.11·B.
    public static func lum(_ c: RGB) -> Double { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }

    /// ClipColor: brings a colour back into [0, 1] along the line to its luminance.
    public static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c)
        let n = min(c.0, c.1, c.2)
        let x = max(c.0, c.1, c.2)
        var out = c
        if n < 0 {
            out = (l + (out.0 - l) * l / (l - n), l + (out.1 - l) * l / (l - n), l + (out.2 - l) * l / (l - n))
        }
        if x > 1 {
            out = (
                l + (out.0 - l) * (1 - l) / (x - l), l + (out.1 - l) * (1 - l) / (x - l),
                l + (out.2 - l) * (1 - l) / (x - l)
            )
        }
        return out
    }

    /// SetLum: the colour moved to luminance `l`, then clipped.
    public static func setLum(_ c: RGB, _ l: Double) -> RGB {
        let d = l - lum(c)
        return clipColor((c.0 + d, c.1 + d, c.2 + d))
    }

    /// Sat(C) = max − min.
    public static func sat(_ c: RGB) -> Double { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

    /// SetSat: the colour's hue kept, its max − min made `s` (all 0 for a grey).
    public static func setSat(_ c: RGB, _ s: Double) -> RGB {
        var v = [c.0, c.1, c.2]
        // Channel indexes by value, ties by index: a fixed order, so ties never change a byte.
        let order = [0, 1, 2].sorted { v[$0] != v[$1] ? v[$0] < v[$1] : $0 < $1 }
        let (lo, mid, hi) = (order[0], order[1], order[2])
        if v[hi] > v[lo] {
            v[mid] = (v[mid] - v[lo]) * s / (v[hi] - v[lo])
            v[hi] = s
        } else {
            (v[mid], v[hi]) = (0, 0)
        }
        v[lo] = 0
        return (v[0], v[1], v[2])
    }
}
