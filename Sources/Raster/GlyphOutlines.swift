import CRasterKernels
import Geometry

/// Glyph outlines flattened once in their own units (font units) and reused under every
/// transform of a similar scale: an affine map takes chords to chords, so the pixel polygon of a
/// glyph is the flattened local polygon mapped by the transform, and a rotating or moving label
/// never re-flattens its curves.
///
/// Rules (why bytes never depend on this cache):
/// - The flattening is a pure function of the outline and its *scale step* k = ⌈4·log2 σ⌉, σ the
///   largest singular value of the transform's linear part (how far it can stretch a length):
///   curves are cut with `PathFlattening`'s uniform steps at the local tolerance
///   `GlyphOutlines.tolerance` / 2^(k/4). A chord within δ of its arc maps to one within σ·δ, and
///   σ ≤ 2^(k/4), so in pixels every chord is within `tolerance`. k is computed from σ's binary
///   exponent and three constant thresholds, no logarithm, so it is the same on every machine.
/// - A `GlyphKey` names one outline (font file and glyph index), so the polygon kept for
///   (key, k) is what flattening the outline would give. The glyph cache's C store keeps them
///   (`fb_glyph_cache_set_outline`, at most 4,096, then emptied); this type only flattens.
struct GlyphOutlines {
    /// Largest distance, in pixels, between a glyph's curve and its chords: 0.005 px, the general
    /// paths' tolerance. Chosen by measurement (Sources/Raster/README.md): 1/64 px halved the
    /// chords but put masks 1.0–1.5 levels on average (7 at worst) from the exact reference and
    /// failed the FreeType comparison's mean bound, for ~5 % fewer instructions a miss (the
    /// accumulation's cost is per row crossed, not per chord).
    static let tolerance = PathFlattening.tolerance

    /// One flattened outline as the C miss path reads it (glyph_cache.h's `fb_glyph_outline`):
    /// x, y pairs, each contour's end, and the box of the points as `Rect` gives it.
    struct Flat {
        var points: [Double] = []
        var ends: [Int32] = []
        var bounds = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

        /// Calls `body` with the C view of this outline (valid only inside `body`).
        func withOutline<R>(_ body: (UnsafePointer<fb_glyph_outline>) -> R) -> R {
            points.withUnsafeBufferPointer { points in
                ends.withUnsafeBufferPointer { ends in
                    var outline = fb_glyph_outline(
                        points: points.baseAddress, ends: ends.baseAddress, contours: ends.count,
                        min_x: bounds.minX, min_y: bounds.minY, max_x: bounds.maxX, max_y: bounds.maxY)
                    return body(&outline)
                }
            }
        }
    }

    private var flattening = PathFlattening()

    /// 2^(1/4), 2^(1/2), 2^(3/4) rounded to Double: the thresholds of the scale steps.
    private static let quarterSteps = [1.189207115002721, 1.4142135623730951, 1.681792830507429]

    /// k = ⌈4·log2 σ⌉ for the linear part's largest singular value σ, clamped to [−80, 80]; nil when
    /// σ is 0 or not finite (nothing to draw).
    static func scaleStep(_ t: AffineTransform) -> Int? {
        // σ² is the larger eigenvalue of AᵀA: s + √(s² − det²), s = (a² + b² + c² + d²)/2.
        let s = (t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d) / 2
        let det = t.a * t.d - t.b * t.c
        let sigma = (s + max(s * s - det * det, 0).squareRoot()).squareRoot()
        guard sigma.isFinite, sigma > 0 else { return nil }
        // σ = m·2^e, m in [1, 2): 4e + (the number of quarter steps m exceeds), and one more
        // unless m is exactly at a step (m = 1 is the step 4e itself).
        let e = Int(sigma.exponent)
        let m = sigma.significand
        var k = 4 * e
        // A loop, not `filter`: this runs on every glyph-cache miss and must not allocate.
        if m > 1 {
            k += 1
            for step in quarterSteps where m > step { k += 1 }
        }
        return min(max(k, -80), 80)
    }

    /// 2^(k/4) as the flattening assumed it: 2^⌊k/4⌋ exactly times 1 or a quarter-step constant.
    static func scale(ofStep k: Int) -> Double {
        let whole = k >> 2
        let quarter = k & 3
        return Double(sign: .plus, exponent: whole, significand: quarter == 0 ? 1 : quarterSteps[quarter - 1])
    }

    /// The outline of `glyph` (`path`, in its own units) flattened for transforms of `linear`'s
    /// scale step; no contours (and an infinite box) when the linear part is degenerate.
    /// (`glyph` names what is flattened; the result depends only on it and the scale step.)
    mutating func flattened(_ glyph: GlyphKey, path: Path, linear: AffineTransform) -> Flat {
        guard let k = Self.scaleStep(linear) else { return Flat() }
        var outline = Flat()
        if flattening.set(path, transform: .identity, tolerance: Self.tolerance / Self.scale(ofStep: k)) {
            var minX = Double.infinity
            var minY = Double.infinity
            var maxX = -Double.infinity
            var maxY = -Double.infinity
            for c in 0..<flattening.contourCount {
                for p in flattening.contour(c) {
                    outline.points.append(p.x)
                    outline.points.append(p.y)
                    minX = min(minX, p.x)
                    minY = min(minY, p.y)
                    maxX = max(maxX, p.x)
                    maxY = max(maxY, p.y)
                }
                outline.ends.append(Int32(outline.points.count / 2))
            }
            // `Path.controlPointBounds` of the polygon, the box the mask's size comes from.
            outline.bounds = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
        return outline
    }
}
