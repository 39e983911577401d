import Geometry
import Glibc
import Raster
import Shapes

/// A Core Animation layer shadow as Lottie shapes draw it. Lottie's drop-shadow effect is drawn
/// by few players (rlottie ignores effects), so the Gaussian falloff is built from plain fills:
/// the layer's rounded shape grown and shrunk in `steps` steps across ±`reach` σ, each ring filled
/// in the shadow's colour so that where rings overlap the coverage is the blurred edge's at that
/// distance from it, Φ(−d / σ).
///
/// The steps leave a staircase of about a tenth of the shadow's opacity at most, at a straight
/// edge (half a step of the Gaussian's slope); corners are rounder than a blurred corner.
struct ShadowSample {
    /// Ring outlines in the layer's points, outermost first.
    var rings: [LottieBezier]
    /// Each ring's fill opacity, 0…1, with the shadow's opacity, its colour's alpha and the
    /// layer's opacity folded in.
    var alphas: [Double]
    /// Straight red, green and blue, 0…1.
    var color: [Double]

    static let steps = 10
    static let reach = 2.5

    /// The rings' offsets from the shape's outline, in σ, outermost first.
    static let offsets: [Double] = (0..<steps).map { reach - 2 * reach * Double($0) / Double(steps - 1) }

    /// The coverage where the first k + 1 rings overlap: the Gaussian edge's at the middle of the
    /// k-th step (the innermost ring covers everything within it fully).
    static let coverage: [Double] = offsets.indices.map { k in
        k == steps - 1 ? 1 : 0.5 * erfc((offsets[k] - reach / Double(steps - 1)) / 2.0.squareRoot())
    }

    /// The shadow of `rect`, whose shape in the layer's points is the `w`×`h` box centred on the
    /// origin, `toCanvas` mapping its pixels to canvas pixels. Nil, with a note, when the shadow's
    /// shape is not that box (a `shadowPath`, an image's alpha, a translucent fill under a border).
    init?(_ rect: DrawRect, w: Double, h: Double, toCanvas: AffineTransform, scale: Double, note: (String) -> Void) {
        guard let shadow = rect.shadow else { return nil }
        guard let shapeAlpha = Self.shapeAlpha(rect), shadow.path == nil else {
            note("its shadow is not exported (its shape is not the layer's rounded rectangle)")
            return nil
        }
        // A clear layer casts no shadow.
        guard shapeAlpha > 0, let inverse = toCanvas.inverted else { return nil }
        // σ and the offset are in canvas pixels; the layer's points are its pixels over `scale`,
        // under the layer's linear map (its mean stretch for σ: exact for a uniform scale).
        let stretch = abs(toCanvas.a * toCanvas.d - toCanvas.b * toCanvas.c).squareRoot()
        let sigma = shadow.sigma / max(stretch, 1e-300) / scale
        let shift = inverse.applyLinear(to: shadow.offset)
        let (dx, dy) = (shift.x / scale, shift.y / scale)
        let radius = min(max(rect.cornerRadius / scale, 0), min(w, h) / 2)
        rings = Self.offsets.map { z in
            let grow = z * sigma
            var outline = Path()
            outline.appendRoundedRect(
                x0: dx - w / 2 - grow, y0: dy - h / 2 - grow, x1: dx + w / 2 + grow, y1: dy + h / 2 + grow,
                radius: max(radius + grow, 0), corners: rect.maskedCorners, curve: rect.cornerCurve)
            return LottieBezier.contours(of: outline).first ?? .nothing
        }
        // Rings overlapping compose as 1 − Π(1 − aᵢ): each ring's alpha makes the running
        // product the target's complement.
        let total =
            RectSample.unit(shadow.opacity) * Double(shadow.color.a) / 255 * shapeAlpha * RectSample.unit(rect.opacity)
        var outside = 1.0
        alphas = Self.coverage.map { c in
            let remaining = 1 - min(total * c, 1 - 1e-9)
            let a = outside > 0 ? 1 - remaining / outside : 0
            outside = remaining
            return min(max(a, 0), 1)
        }
        color = Array(RectSample.color(shadow.color).prefix(3))
    }

    /// The same rings, drawn at alpha 0 (a tick without a shadow keeps the last shape).
    var hidden: ShadowSample {
        var copy = self
        copy.alphas = alphas.map { _ in 0 }
        return copy
    }

    /// The alpha of the layer's shape where its shadow comes from, when it is uniform over the
    /// rounded rectangle: its fill's (an opaque border over an opaque fill changes nothing).
    /// Nil when the shape's alpha varies (an image with transparency or short of the box, a
    /// translucent gradient, a border over a translucent fill).
    static func shapeAlpha(_ rect: DrawRect) -> Double? {
        var alpha: Double
        switch rect.fillPaint {
        case .solid(let c)?: alpha = Double(c.a) / 255
        case .gradient(let g)?:
            guard g.gradient.colors.allSatisfy({ $0.a == 255 }) else { return nil }
            alpha = 1
        case .image(let paint)?:
            // An opaque picture that covers the whole box (aspect fill, stretch) is opaque there.
            guard paint.image.isOpaque, let toImage = paint.toPixels.inverted else { return nil }
            let (w, h) = (rect.size.width / 2, rect.size.height / 2)
            let slack = 1e-6 * Double(max(paint.image.width, paint.image.height))
            for corner in [Point(-w, -h), Point(w, -h), Point(w, h), Point(-w, h)] {
                let p = toImage.apply(to: rect.transform.apply(to: corner))
                guard p.x >= -slack, p.y >= -slack, p.x <= Double(paint.image.width) + slack,
                    p.y <= Double(paint.image.height) + slack
                else { return nil }
            }
            alpha = 1
        case nil: alpha = Double(rect.fill.a) / 255
        }
        if rect.borderWidth > 0, rect.borderColor.a > 0 {
            guard alpha == 1 else { return nil }
        }
        return alpha
    }
}
