import Geometry
import Shapes

/// What a filled region is painted with: a solid colour, a gradient or an image (the shaded
/// paints are drawn by Rasterizer+Shading.swift).
public enum Paint: Hashable, Sendable {
    case solid(ColorRGBA8)
    case gradient(GradientPaint)
    case image(ImagePaint)

    /// True when nothing drawn with this paint can show.
    var isClear: Bool {
        switch self {
        case .solid(let color): return color.a == 0
        case .gradient(let g): return g.gradient.maxAlpha == 0
        case .image: return false
        }
    }
}

/// One filled path: a shape layer's fill or stroke outline, a glyph, an icon's piece. Drawn over
/// what is below it with `paint` × coverage × `opacity`, clipped to every shape in `clips`.
///
/// Coverage is the exact area of the region inside each pixel (the rasterizer's signed-area
/// accumulation, fed by the path flattened in pixel space to `PathFlattening.tolerance`), folded
/// by `fillRule`. A contour without `close` is filled as if closed.
public struct DrawPath: Equatable, Sendable {
    /// The outline in local units; `transform` maps it to pixels.
    public var path: Path
    public var transform: AffineTransform
    public var fillRule: FillRule
    public var paint: Paint
    /// Group opacity in [0, 1] (NaN counts as 0), applied as the byte round(opacity·255).
    public var opacity: Double
    /// Shapes this path is clipped to (the ancestors' `masksToBounds` bounds). Empty: no clipping.
    public var clips: [ClipShape]
    /// When the path is a glyph's outline: its identity. The rasterizer then draws it through the
    /// glyph cache (GlyphCache.swift), at its origin rounded to 1/64 px, reusing its coverage
    /// whenever the transform's linear part and sub-pixel phase repeat. nil (default) for shapes.
    public var glyph: GlyphKey?
    /// When the path is a stroke's outline: the line it strokes and how, for outputs that draw
    /// strokes themselves (a Lottie stroke with a trim path). The rasterizer fills `path` and
    /// never reads this. Nil (default) for fills and glyphs.
    public var stroke: StrokeSource?

    public init(
        path: Path, transform: AffineTransform = .identity, fillRule: FillRule = .nonZero,
        paint: Paint, opacity: Double = 1, clips: [ClipShape] = [], glyph: GlyphKey? = nil
    ) {
        self.glyph = glyph
        self.path = path
        self.transform = transform
        self.fillRule = fillRule
        self.paint = paint
        self.opacity = opacity
        self.clips = clips
    }
}

/// The centre line a stroke outline was cut from (in the same units as the outline: the
/// `DrawPath.transform` maps both) and the style it was cut with.
public struct StrokeSource: Equatable, Sendable {
    public var centerline: Path
    public var style: StrokeStyle

    public init(centerline: Path, style: StrokeStyle) {
        self.centerline = centerline
        self.style = style
    }
}
