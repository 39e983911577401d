import Geometry

/// Everything the rasterizer sees of one frame: an immutable list of rounded rectangles in pixel
/// space, each with the filled paths of its content (`DrawRect.content`), drawn in order (index 0
/// at the bottom) over the background.
///
/// The display list is the boundary between simulation and pixels: it knows nothing of scenes,
/// items or behaviours, and two equal display lists always rasterize to identical pixels, which is
/// what lets the pipeline skip unchanged frames.
public struct DisplayList: Equatable, Sendable {
    /// Canvas size in pixels.
    public var width: Int
    public var height: Int
    public var background: ColorRGBA8
    public var rects: [DrawRect]

    public init(width: Int, height: Int, background: ColorRGBA8, rects: [DrawRect] = []) {
        precondition(width > 0 && height > 0, "display list size must be positive")
        self.width = width
        self.height = height
        self.background = background
        self.rects = rects
    }
}

/// One rounded rectangle with its paint, as Core Animation draws a layer: the fill covers the
/// whole rounded shape, the border lies inside it on top, and `opacity` fades the two as a group.
public struct DrawRect: Equatable, Sendable {
    /// Local box spans [−w/2, w/2] × [−h/2, h/2], in pixels before `transform`'s own scale.
    public var size: Size
    /// Corner radius in local units; values above min(w, h)/2 are clamped to it when drawn.
    public var cornerRadius: Double
    /// The corners `cornerRadius` rounds (`CALayer.maskedCorners`); default all four.
    public var maskedCorners: CornerMask = .all
    /// Maps local coordinates to pixel coordinates (the centre goes to `transform.tx, ty`).
    public var transform: AffineTransform
    public var fill: ColorRGBA8
    /// A gradient (or image) filling the shape instead of `fill` (CAGradientLayer); nil (default)
    /// for the solid `fill`. Drawn by Rasterizer+Shading.swift, under the border as `fill` is.
    public var fillPaint: Paint? = nil
    /// Border width in local units, drawn inside the shape; 0 for none.
    public var borderWidth: Double
    public var borderColor: ColorRGBA8
    /// Group opacity in [0, 1].
    public var opacity: Double
    /// The layer's shadow, drawn under it; nil for none.
    public var shadow: DrawShadow?
    /// Shapes this rectangle is clipped to (its ancestors' `masksToBounds` bounds), all of which
    /// must cover a pixel for the rectangle to show there. Empty: no clipping.
    public var clips: [ClipShape]
    /// The layer's content (a shape layer's fill and stroke, a text layer's glyphs), drawn in
    /// order over the rectangle and its border. Each carries its own transform, opacity and clips
    /// in absolute terms (already multiplied down the tree), so this rectangle's fields do not
    /// affect them; an invisible rectangle (clear fill, no border) still draws its content.
    public var content: [DrawPath]

    public init(
        size: Size, cornerRadius: Double = 0, transform: AffineTransform,
        fill: ColorRGBA8, borderWidth: Double = 0, borderColor: ColorRGBA8 = .clear,
        opacity: Double = 1, shadow: DrawShadow? = nil, clips: [ClipShape] = [],
        content: [DrawPath] = []
    ) {
        self.content = content
        self.size = size
        self.cornerRadius = cornerRadius
        self.transform = transform
        self.fill = fill
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.opacity = opacity
        self.shadow = shadow
        self.clips = clips
    }
}

/// A Core Animation layer shadow: the layer's shape (fill and border coverage), offset, blurred
/// by a Gaussian, in `color` at `opacity`.
public struct DrawShadow: Equatable, Sendable {
    public var color: ColorRGBA8
    /// `shadowOpacity`, 0...1.
    public var opacity: Double
    /// `shadowOffset` in pixels (already scaled from points), y down.
    public var offset: Point
    /// `shadowRadius` in pixels: Core Animation's blur radius (a Gaussian with σ = radius / 2).
    public var radius: Double

    public init(color: ColorRGBA8, opacity: Double, offset: Point, radius: Double) {
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.radius = radius
    }
}

/// A rounded rectangle that clips: the same geometry as `DrawRect` (local box
/// [−w/2, w/2] × [−h/2, h/2], radius clamped to min(w, h)/2, mapped by `transform` to pixels).
public struct ClipShape: Equatable, Sendable {
    public var size: Size
    public var cornerRadius: Double
    /// The corners `cornerRadius` rounds; default all four.
    public var maskedCorners: CornerMask
    public var transform: AffineTransform

    public init(size: Size, cornerRadius: Double, maskedCorners: CornerMask = .all, transform: AffineTransform) {
        self.size = size
        self.cornerRadius = cornerRadius
        self.maskedCorners = maskedCorners
        self.transform = transform
    }
}
