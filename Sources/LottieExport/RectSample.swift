import Colors
import Geometry
import Glibc
import Raster
import Shapes

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
    /// A gradient in place of `fill`, in the layer's points.
    var gradient: GradientSample?
    /// Images the rectangle draws (its fill, or pieces of its content), each drawn by an image
    /// layer of its own under the rectangle's shape layer.
    var images: [ImageSample] = []
    var border: (outline: LottieBezier, width: Double, color: [Double])?
    var content: [ContentSample]
    var clips: [LottieBezier]
    /// Its shadow as rings of fill, drawn under everything it draws.
    var shadow: ShadowSample?

    /// A linear or radial gradient as Lottie's gradient fill (`gf`) gives it: the start and end
    /// points in the layer's points, and the stops as [offset, r, g, b]… then [offset, alpha]….
    struct GradientSample {
        var radial: Bool
        var points: [Double]
        var stops: [Double]
        var stopCount: Int

        init?(_ paint: GradientPaint, toLayer: AffineTransform, note: (String) -> Void) {
            let g = paint.gradient
            guard g.kind != .conic else {
                note("its conic gradient is exported as the gradient's mean colour (Lottie has no conic gradient)")
                return nil
            }
            let box = { (p: Point) in toLayer.apply(to: Point(p.x * paint.size.width, p.y * paint.size.height)) }
            var end = g.endPoint
            if g.kind == .radial {
                let (rx, ry) = (
                    abs(g.endPoint.x - g.startPoint.x) * paint.size.width,
                    abs(g.endPoint.y - g.startPoint.y) * paint.size.height
                )
                if rx > 0, ry > 0, abs(rx - ry) > 1e-9 * max(rx, ry) {
                    note(
                        "its elliptical radial gradient is exported as a circle (Lottie's radial gradients are circles)"
                    )
                }
                // A point at the radius along x: Lottie's end point is any point on the circle.
                let radius = rx > 0 && ry > 0 ? rx : max(rx, ry, (rx * rx + ry * ry).squareRoot())
                end = Point(g.startPoint.x + radius / max(paint.size.width, 1e-300), g.startPoint.y)
            }
            var (a, b) = (box(g.startPoint), box(end))
            radial = g.kind == .radial
            var locations = g.locations.count == g.colors.count ? g.locations : Gradient.evenLocations(g.colors.count)
            // Lottie's stops lie in [0, 1]. A linear gradient's axis is stretched to its stops
            // instead (exact: beyond the end stops their colours hold, either way).
            if let lo = locations.min(), let hi = locations.max(), lo < 0 || hi > 1 {
                if !radial, hi - lo > 1e-9 {
                    (a, b) = (a + (b - a) * lo, a + (b - a) * hi)
                    locations = locations.map { ($0 - lo) / (hi - lo) }
                } else {
                    note("its radial gradient's stops beyond [0, 1] are held at the ends")
                    locations = locations.map { min(max($0, 0), 1) }
                }
            }
            points = [a.x, a.y, b.x, b.y]
            stopCount = g.colors.count
            stops = []
            for (t, c) in zip(locations, g.colors) { stops += [t] + Array(RectSample.color(c).prefix(3)) }
            if g.colors.contains(where: { $0.a < 255 }) {
                for (t, c) in zip(locations, g.colors) { stops += [t, Double(c.a) / 255] }
            }
        }
    }

    /// An image as a Lottie image layer draws it: the image's pixels at the origin, the layer's
    /// transform placing them (`toPixels`, in points), masked by the shape it fills and the
    /// ancestors' clips, both in the image's pixels.
    struct ImageSample {
        var image: RasterImage
        var transform: [Double]
        var masks: [LottieBezier]
        var clips: [LottieBezier]
        var opacity: Double
        /// The rectangle's fill (drawn under its border and content), or a piece of its content
        /// (drawn over its fill).
        var isFill = false

        /// `masks` are in canvas points.
        init(
            _ paint: ImagePaint, placement: AffineTransform?, scale: Double, masks: [LottieBezier],
            clips: [ClipShape], opacity: Double
        ) {
            image = paint.image
            let toCanvasPoints = RectSample.placed(paint.toPixels, placement)
                .concatenating(AffineTransform(scaleX: 1 / scale, y: 1 / scale))
            transform = RectSample.decompose(toCanvasPoints)
            let toImage = toCanvasPoints.inverted ?? .identity
            self.masks = masks.map { $0.applying(toImage) }
            self.clips = clips.compactMap { clip in
                RectSample.outline(of: clip, placement: placement).flatMap { outline in
                    LottieBezier.contours(
                        of: outline.applying(AffineTransform(scaleX: 1 / scale, y: 1 / scale).concatenating(toImage))
                    ).first
                }
            }
            self.opacity = RectSample.unit(opacity)
        }
    }

    struct ContentSample {
        var contours: [LottieBezier]
        var color: [Double]
        var opacity: Double
        var evenOdd: Bool
        /// A stroke's centre line and style, drawn as a Lottie stroke (with a trim path for
        /// `strokeStart`/`strokeEnd`) instead of the outline `contours`.
        var stroke: StrokeSample? = nil
        /// How many of the rectangle's content images are drawn under it (its place among them:
        /// text over a photo is drawn by a shape layer above the photo's image layer).
        var imagesBelow = 0
    }

    /// A `CAShapeLayer` stroke in the layer's points.
    struct StrokeSample {
        var centerline: [LottieBezier]
        var width: Double
        /// Lottie's numbering: caps butt 1, round 2, square 3; joins miter 1, round 2, bevel 3.
        var cap: Int
        var join: Int
        var miterLimit: Double
        /// Dash, gap, dash, gap… (an odd list repeated, as Core Graphics does), then the phase.
        var dashes: [Double]
        var trim: [Double]

        init(_ source: StrokeSource, toLayer: AffineTransform) {
            // The stroke's width scales by the map's mean stretch (exact for a uniform scale).
            let stretch = abs(toLayer.a * toLayer.d - toLayer.b * toLayer.c).squareRoot()
            centerline = LottieBezier.contours(of: source.centerline.applying(toLayer), closingAll: false)
            let style = source.style
            width = style.lineWidth * stretch
            cap = [LineCap.butt: 1, .round: 2, .square: 3][style.lineCap] ?? 1
            join = [LineJoin.miter: 1, .round: 2, .bevel: 3][style.lineJoin] ?? 1
            miterLimit = style.miterLimit
            var pattern = style.lineDashPattern
            if pattern.count % 2 == 1 { pattern += pattern }
            dashes = pattern.isEmpty ? [] : pattern.map { $0 * stretch } + [style.lineDashPhase * stretch]
            trim = [style.strokeStart * 100, style.strokeEnd * 100]
        }
    }

    /// `rect` as drawn on a canvas of `scale` pixels per point; `placement` maps the rect's
    /// pixels onto the canvas (a layer in perspective, drawn in its offscreen's pixels). Nil when
    /// the rect's transform is singular (a layer scaled to nothing shows nothing).
    init?(_ rect: DrawRect, scale: Double, placement: AffineTransform?, note: (String) -> Void) {
        let toCanvas = Self.placed(rect.transform, placement)
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
        body = LottieBezier.contours(of: outline).first ?? .nothing
        bodyOpacity = Self.unit(rect.opacity)
        fill = Self.color(rect.fill)
        switch rect.fillPaint {
        case .gradient(let g)?:
            fill = Self.meanColor(g.gradient)
            let toLayer = Self.placed(g.toPixels, placement)
                .concatenating(inverse).concatenating(toLocalPoints)
            gradient = GradientSample(g, toLayer: toLayer, note: note)
        case .image(let paint)?:
            fill = [0, 0, 0, 0]
            var image = ImageSample(
                paint, placement: placement, scale: scale,
                masks: [
                    body.applying(
                        AffineTransform(scaleX: scale, y: scale).concatenating(toCanvas).concatenating(toLocalPoints))
                ],
                clips: rect.clips, opacity: rect.opacity)
            image.isFill = true
            images.append(image)
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
        shadow = ShadowSample(rect, w: w, h: h, toCanvas: toCanvas, scale: scale, note: note)
        if rect.backdrop != nil { note("its blur material is exported as its fill alone") }
        let (pieces, contentImages) = Self.content(
            of: rect, toLayer: inverse.concatenating(toLocalPoints), placement: placement, scale: scale, note: note)
        content = pieces
        images += contentImages
        clips = rect.clips.compactMap { clip in
            Self.outline(of: clip, placement: placement).flatMap {
                LottieBezier.contours(of: $0.applying(inverse.concatenating(toLocalPoints))).first
            }
        }
    }

    /// The rectangle's content paths in the layer's points (`toLayer` maps canvas pixels there),
    /// and the image pieces among them.
    static func content(
        of rect: DrawRect, toLayer canvasToLayer: AffineTransform, placement: AffineTransform?, scale: Double,
        note: (String) -> Void
    ) -> ([ContentSample], [ImageSample]) {
        let toLocalPoints = AffineTransform(scaleX: 1 / scale, y: 1 / scale)
        var pieces: [ContentSample] = []
        var contentImages: [ImageSample] = []
        for path in rect.content {
            let toLayer = Self.placed(path.transform, placement)
                .concatenating(canvasToLayer)
            var color = [0.0, 0, 0, 0]
            switch path.paint {
            case .solid(let c): color = Self.color(c)
            case .gradient(let g):
                color = Self.meanColor(g.gradient)
                note("a gradient in its content is exported as the gradient's mean colour")
            case .image(let paint):
                let toCanvasPoints = Self.placed(path.transform, placement)
                    .concatenating(toLocalPoints)
                contentImages.append(
                    ImageSample(
                        paint, placement: placement, scale: scale,
                        masks: LottieBezier.contours(of: path.path.applying(toCanvasPoints)), clips: path.clips,
                        opacity: path.opacity))
                continue
            }
            pieces.append(
                ContentSample(
                    contours: LottieBezier.contours(of: path.path.applying(toLayer)), color: color,
                    opacity: Self.unit(path.opacity), evenOdd: path.fillRule == .evenOdd,
                    stroke: path.stroke.map { StrokeSample($0, toLayer: toLayer) }, imagesBelow: contentImages.count))
        }
        return (pieces, contentImages)
    }

    /// `transform` followed by the `placement` of a layer in perspective, if any.
    static func placed(_ transform: AffineTransform, _ placement: AffineTransform?) -> AffineTransform {
        placement.map { transform.concatenating($0) } ?? transform
    }

    /// Whether its ancestors' clips leave nothing of it to see on this tick.
    /// (Its content counts too: a layer's content may reach beyond its bounds.)
    var isClippedAway: Bool {
        guard !clips.isEmpty else { return false }
        var drawn = [body] + content.flatMap { $0.contours }
        for stroke in content.compactMap(\.stroke) {
            // The centre line's box grown by the stroke's width on every side.
            drawn += stroke.centerline.compactMap { line in
                line.controlBounds.map { box in
                    let w = stroke.width
                    return Self.box(box.minX - w, box.minY - w, box.maxX + w, box.maxY + w)
                }
            }
        }
        let boxes = drawn.compactMap(\.controlBounds)
        guard let first = boxes.first else { return false }
        var union = first
        for box in boxes.dropFirst() {
            union = (
                min(union.minX, box.minX), min(union.minY, box.minY), max(union.maxX, box.maxX),
                max(union.maxY, box.maxY)
            )
        }
        return LottieBezier.intersectToNothing([Self.box(union.minX, union.minY, union.maxX, union.maxY)] + clips)
    }

    /// Two opposite corners as a contour: what `controlBounds` reads as that box.
    private static func box(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) -> LottieBezier {
        var box = LottieBezier(closed: true)
        box.vertices = [.init(minX, minY), .init(maxX, maxY)]
        (box.inTangents, box.outTangents) = ([.zero, .zero], [.zero, .zero])
        return box
    }

    /// A clip's rounded rectangle in canvas pixels.
    static func outline(of clip: ClipShape, placement: AffineTransform?) -> Path? {
        var shape = Path()
        let (cw, ch) = (clip.size.width, clip.size.height)
        shape.appendRoundedRect(
            x0: -cw / 2, y0: -ch / 2, x1: cw / 2, y1: ch / 2, radius: clip.cornerRadius,
            corners: clip.maskedCorners, curve: clip.cornerCurve)
        return shape.isEmpty
            ? nil : shape.applying(placed(clip.transform, placement))
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

    /// The transform `decompose` took apart, put together again.
    static func compose(_ v: [Double]) -> AffineTransform {
        let (theta, sx, sy, shear) = (v[2] * .pi / 180, v[3] / 100, v[4] / 100, -tan(v[5] * .pi / 180))
        let (cosine, sine) = (cos(theta), sin(theta))
        return AffineTransform(
            a: cosine * sx, b: sine * sx, c: (cosine * shear - sine) * sy, d: (sine * shear + cosine) * sy, tx: v[0],
            ty: v[1])
    }

    /// Decomposed transform `child` relative to decomposed transform `parent`: what, applied
    /// before the parent, gives the child (nil parents are excluded by the caller: singular
    /// transforms never make a sample).
    static func relative(_ child: [Double], to parent: [Double]) -> [Double] {
        guard let inverse = compose(parent).inverted else { return child }
        return decompose(compose(child).concatenating(inverse))
    }

    /// An opacity as Core Animation composites it: within 0…1 (a spring may carry the model
    /// value past 1; a Lottie player given more than 100 % wraps it to a garbage colour).
    static func unit(_ opacity: Double) -> Double { opacity.isFinite ? min(max(opacity, 0), 1) : 0 }

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
