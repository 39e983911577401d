import Geometry
import Icons
import Images
import Raster

/// An icon's SVG filter (`IconFilter`, in the filtered element's user space) as the rasterizer
/// runs it (`DrawFilter`, in the canvas's pixels), under the map `toPixels` from viewBox units to
/// the canvas.
///
/// The rasterizer filters in the canvas's axes, as resvg does: a length along x (`dx`, σx) is
/// scaled by the transform's stretch of the canvas's x, √(a² + c²), one along y by √(b² + d²)
/// (tiny-skia's `Transform::get_scale`, which resvg's filters use), and a region or subregion is
/// the box around the transformed rectangle. For a transform that only scales and translates,
/// which is every icon an item draws upright, that is exactly SVG's filter in the element's user
/// space. Under a rotation or skew it is resvg's picture, not the turned one SVG describes
/// (Chrome turns a shadow's offset and a one-axis blur with the element; resvg and Flipbook keep
/// them along the canvas's axes, and their regions upright), and resvg's references are drawn so.
/// Rejected: an offscreen in the element's own axes warped onto the canvas (`DrawProjection`),
/// which is SVG's picture but not the suite's references (with it, all four of resvg's turned
/// cases failed).
enum IconFilterMapping {
    /// The filter in the canvas's pixels: the same primitives in user space, placed by the map
    /// from the element's user space to the canvas (`DrawFilter.placed(by:)`); `raster` prepares
    /// an `feImage`'s picture (once per render, as an `<image>`'s).
    static func drawFilter(
        _ filter: IconFilter, toPixels: AffineTransform,
        raster: (SceneImage) -> RasterImage = { RasterImage($0) }
    ) -> DrawFilter {
        func input(_ i: IconFilterPrimitive.Input) -> DrawFilter.Input {
            switch i {
            case .sourceGraphic: return .sourceGraphic
            case .sourceAlpha: return .sourceAlpha
            case .result(let k): return .result(k)
            }
        }
        let primitives = filter.primitives.map { p -> DrawFilter.Primitive in
            let kind: DrawFilter.Kind
            switch p.kind {
            case .gaussianBlur(let from, let x, let y): kind = .gaussianBlur(input(from), sigmaX: x, sigmaY: y)
            case .offset(let from, let dx, let dy): kind = .offset(input(from), dx: dx, dy: dy)
            case .flood(let color): kind = .flood(color)
            case .composite(let first, let second, let op):
                kind = .composite(input(first), input(second), compositeOperator(op))
            case .merge(let inputs): kind = .merge(inputs.map(input))
            case .dropShadow(let from, let dx, let dy, let x, let y, let color):
                kind = .dropShadow(input(from), dx: dx, dy: dy, sigmaX: x, sigmaY: y, color: color)
            case .image(let image, let toUserSpace, let pixelated):
                kind = .image(raster(image), toPixels: toUserSpace, pixelated: pixelated)
            }
            return DrawFilter.Primitive(kind: kind, subregion: p.subregion, linearRGB: p.linearRGB)
        }
        return DrawFilter(region: filter.region, primitives: primitives).placed(
            by: filter.toViewBox.concatenating(toPixels))
    }

    private static func compositeOperator(_ op: IconFilterPrimitive.CompositeOperator) -> DrawFilter.CompositeOperator {
        switch op {
        case .over: return .over
        case .in: return .in
        case .out: return .out
        case .atop: return .atop
        case .xor: return .xor
        case .arithmetic(let k1, let k2, let k3, let k4): return .arithmetic(k1: k1, k2: k2, k3: k3, k4: k4)
        }
    }
}
