import Geometry

/// An SVG filter (Filter Effects 1) as the rasterizer runs it on a group's offscreen
/// (Rasterizer+Filters.swift): a list of primitives in device pixels, each reading the group's
/// drawing (`SourceGraphic`, `SourceAlpha`) or earlier primitives' results, the last one's result
/// replacing the group's content inside `region` (and nothing outside it).
///
/// Everything is in the canvas's pixels: the scene resolved the filter's units, its transform's
/// scale and the primitives' names before it got here (Pipeline's icon mapping).
public struct DrawFilter: Equatable, Sendable {
    /// The filter region in pixels: nothing the filter produces shows outside it. Rounded out to
    /// whole pixels and clipped to the canvas when run.
    public var region: Rect
    public var primitives: [Primitive]

    /// The most primitives a filter may hold: each result is an image of the region's size, so
    /// this bounds the memory a filter takes to 18 of them (the source, its alpha and the results)
    /// whatever the file says. The icon loader refuses more.
    public static let maximumPrimitives = 16

    public init(region: Rect, primitives: [Primitive]) {
        self.region = region
        self.primitives = primitives
    }

    /// Where a primitive reads its pixels.
    public enum Input: Equatable, Sendable {
        /// The group's drawing.
        case sourceGraphic
        /// The group's drawing with every colour black: its alpha alone.
        case sourceAlpha
        /// The result of the primitive at this index, which must come before the reader (an index
        /// that does not reads the source graphic).
        case result(Int)
    }

    /// `feComposite`'s operators (Porter-Duff, `in` over `in2`), and `arithmetic`:
    /// k1·i1·i2 + k2·i1 + k3·i2 + k4 per premultiplied channel, clamped to [0, 1] and then the
    /// colour to its alpha.
    public enum CompositeOperator: Equatable, Sendable {
        case over, `in`, out, atop, xor
        case arithmetic(k1: Double, k2: Double, k3: Double, k4: Double)
    }

    public enum Kind: Equatable, Sendable {
        /// σ per axis in pixels; an axis at 0 is not blurred, and both at 0 pass the input through.
        case gaussianBlur(Input, sigmaX: Double, sigmaY: Double)
        /// Moved by (dx, dy) pixels, truncated toward zero to whole pixels (as resvg moves them: a
        /// fractional offset is never resampled).
        case offset(Input, dx: Double, dy: Double)
        /// The subregion filled with the colour (straight alpha, sRGB).
        case flood(ColorRGBA8)
        /// `first` (SVG's `in`) composited with `second` (`in2`).
        case composite(Input, Input, CompositeOperator)
        /// Each input drawn over the ones before it.
        case merge([Input])
        /// The input over its shadow: its alpha blurred by σ, moved by (dx, dy), in `color`.
        case dropShadow(Input, dx: Double, dy: Double, sigmaX: Double, sigmaY: Double, color: ColorRGBA8)
        /// A picture (`feImage`): texel space mapped to pixels by `toPixels`, drawn into a
        /// transparent image of the region as an image piece is drawn (`ImagePaint`), sampled
        /// nearest when `pixelated`.
        case image(RasterImage, toPixels: AffineTransform, pixelated: Bool)
    }

    public struct Primitive: Equatable, Sendable {
        public var kind: Kind
        /// The primitive subregion in pixels: its result is transparent outside it.
        public var subregion: Rect
        /// `color-interpolation-filters`: true for linearRGB (SVG's default), where the inputs are
        /// converted to linear light before the primitive works on them; false for sRGB.
        public var linearRGB: Bool

        public init(kind: Kind, subregion: Rect, linearRGB: Bool = true) {
            self.kind = kind
            self.subregion = subregion
            self.linearRGB = linearRGB
        }
    }
}

extension DrawFilter {
    /// The filter moved by `t`: regions the box around the moved ones, lengths along x scaled by
    /// √(a² + c²) and along y by √(b² + d²), each canvas axis's stretch (tiny-skia's `get_scale`,
    /// what resvg's filters use). How the pipeline places an icon's filter (user space to
    /// pixels) and a figure re-places a frame's.
    public func placed(by t: AffineTransform) -> DrawFilter {
        let scale = ((t.a * t.a + t.c * t.c).squareRoot(), (t.b * t.b + t.d * t.d).squareRoot())
        func box(_ r: Rect) -> Rect { Self.bounds(of: r, under: t) }
        var out = self
        out.region = box(region)
        for i in out.primitives.indices {
            out.primitives[i].subregion = box(primitives[i].subregion)
            switch primitives[i].kind {
            case .gaussianBlur(let from, let sx, let sy):
                out.primitives[i].kind = .gaussianBlur(from, sigmaX: sx * scale.0, sigmaY: sy * scale.1)
            case .offset(let from, let dx, let dy):
                out.primitives[i].kind = .offset(from, dx: dx * scale.0, dy: dy * scale.1)
            case .dropShadow(let from, let dx, let dy, let sx, let sy, let color):
                out.primitives[i].kind = .dropShadow(
                    from, dx: dx * scale.0, dy: dy * scale.1, sigmaX: sx * scale.0, sigmaY: sy * scale.1, color: color)
            case .image(let image, let toPixels, let pixelated):
                out.primitives[i].kind = .image(image, toPixels: toPixels.concatenating(t), pixelated: pixelated)
            case .flood, .composite, .merge:
                break
            }
        }
        return out
    }

    /// The box around `r`'s corners under `t`.
    public static func bounds(of r: Rect, under t: AffineTransform) -> Rect {
        let corners = [
            Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY),
        ].map { t.apply(to: $0) }
        let (xs, ys) = (corners.map(\.x), corners.map(\.y))
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
