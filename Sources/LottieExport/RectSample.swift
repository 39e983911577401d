import Colors
import Glibc
import Geometry
import Raster

/// What one display-list rectangle shows on one tick, in its Lottie layer's own points: the
/// layer's transform, its body (fill and border) and content (glyphs, shapes, icons) as
/// contours, and the clips of its ancestors as masks.
struct RectSample {
    /// Position x, y (points), rotation (degrees, clockwise), scale x, y (percent), skew
    /// (degrees, on the x axis).
    var transform: [Double]
    var body: LottieBezier
    /// The body's opacity (fill and border fade together).
    var bodyOpacity: Double
    /// Straight red, green, blue in 0…1, and alpha.
    var fill: [Double]
    var border: (outline: LottieBezier, width: Double, color: [Double])?
    var content: [ContentSample]
    var clips: [LottieBezier]

    struct ContentSample {
        var contours: [LottieBezier]
        var color: [Double]
        var opacity: Double
        var evenOdd: Bool
    }

    /// `rect` as drawn on a canvas of `scale` pixels per point; `placement` maps the rect's
    /// pixels onto the canvas (a layer in perspective, drawn in its offscreen's pixels). Nil when
    /// the rect's transform is singular (a layer scaled to nothing shows nothing).
    init?(_ rect: DrawRect, scale: Double, placement: AffineTransform?, note: (String) -> Void) {
        let toCanvas = placement.map { rect.transform.concatenating($0) } ?? rect.transform
        guard let inverse = toCanvas.inverted else { return nil }
        let m = toCanvas
        // The layer's own linear part is the same in points as in pixels: a uniform scale
        // commutes with it; its local geometry and translation are divided by the scale.
        transform = Self.decompose(AffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx / scale, ty: m.ty / scale))
        let toLocalPoints = AffineTransform(scaleX: 1 / scale, y: 1 / scale)
        let (w, h) = (rect.size.width / scale, rect.size.height / scale)
        var outline = Path()
        outline.appendRoundedRect(
            x0: -w / 2, y0: -h / 2, x1: w / 2, y1: h / 2, radius: rect.cornerRadius / scale,
            corners: rect.maskedCorners, curve: rect.cornerCurve)
        body = LottieBezier.contours(of: outline).first ?? LottieBezier(closed: true)
        bodyOpacity = rect.opacity
        fill = Self.color(rect.fill)
        switch rect.fillPaint {
        case .gradient(let g)?:
            fill = Self.meanColor(g.gradient)
            note("its gradient fill is exported as the gradient's mean colour")
        case .image?:
            note("its image fill is not exported yet")
            fill = [0, 0, 0, 0]
        case .solid(let c)?: fill = Self.color(c)
        case nil: break
        }
        let bw = rect.borderWidth / scale
        if bw > 0, rect.borderColor.a > 0 {
            // Core Animation's border lies inside the bounds: a stroke of width bw centred on
            // the outline inset by bw/2.
            var inset = Path()
            inset.appendRoundedRect(
                x0: -w / 2 + bw / 2, y0: -h / 2 + bw / 2, x1: w / 2 - bw / 2, y1: h / 2 - bw / 2,
                radius: max(0, rect.cornerRadius / scale - bw / 2), corners: rect.maskedCorners,
                curve: rect.cornerCurve)
            if let contour = LottieBezier.contours(of: inset).first {
                border = (contour, bw, Self.color(rect.borderColor))
            }
        }
        if rect.shadow != nil { note("its shadow is not exported (Lottie players draw no layer shadows)") }
        if rect.backdrop != nil { note("its blur material is exported as its fill alone") }
        content = rect.content.map { path in
            let toLayer = (placement.map { path.transform.concatenating($0) } ?? path.transform)
                .concatenating(inverse).concatenating(toLocalPoints)
            var color = [0.0, 0, 0, 0]
            switch path.paint {
            case .solid(let c): color = Self.color(c)
            case .gradient(let g):
                color = Self.meanColor(g.gradient)
                note("a gradient in its content is exported as the gradient's mean colour")
            case .image: note("an image in its content is not exported yet")
            }
            return ContentSample(
                contours: LottieBezier.contours(of: path.path.applying(toLayer)), color: color,
                opacity: path.opacity, evenOdd: path.fillRule == .evenOdd)
        }
        clips = rect.clips.compactMap { clip in
            var shape = Path()
            let (cw, ch) = (clip.size.width, clip.size.height)
            shape.appendRoundedRect(
                x0: -cw / 2, y0: -ch / 2, x1: cw / 2, y1: ch / 2, radius: clip.cornerRadius,
                corners: clip.maskedCorners, curve: clip.cornerCurve)
            let toLayer = (placement.map { clip.transform.concatenating($0) } ?? clip.transform)
                .concatenating(inverse).concatenating(toLocalPoints)
            return LottieBezier.contours(of: shape.applying(toLayer)).first
        }
    }

    /// Lottie's transform of the linear map and translation `m`: L = R(θ)·Shear(h)·S(sx, sy),
    /// which is the order Lottie applies scale, skew and rotation in. Skew is Lottie's `sk` about
    /// the x axis (`sa` 0), whose shear factor is −tan(sk).
    static func decompose(_ m: AffineTransform) -> [Double] {
        let theta = atan2(m.b, m.a)
        let sx = (m.a * m.a + m.b * m.b).squareRoot()
        let k = cos(theta) * m.c + sin(theta) * m.d
        let sy = -sin(theta) * m.c + cos(theta) * m.d
        let shear = sy != 0 ? k / sy : 0
        return [m.tx, m.ty, theta * 180 / .pi, sx * 100, sy * 100, -atan(shear) * 180 / .pi]
    }

    static func color(_ c: ColorRGBA8) -> [Double] {
        [Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, Double(c.a) / 255]
    }

    /// A gradient's colours averaged: the one colour nearest the whole gradient on average.
    static func meanColor(_ g: Gradient) -> [Double] {
        guard !g.colors.isEmpty else { return [0, 0, 0, 0] }
        let colors = g.colors.map(color)
        return (0..<4).map { d in colors.map { $0[d] }.reduce(0, +) / Double(colors.count) }
    }
}
