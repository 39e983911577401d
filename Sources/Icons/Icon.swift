import Colors
import Geometry
import Shapes

/// An icon loaded from an SVG file: its viewBox and its pieces in viewBox units, each filled
/// and/or stroked, in document order. What a scene item with `icon:` draws, fitted to its bounds.
public struct Icon: Equatable, Sendable {
    /// The user space shown (`viewBox`, else 0 0 width height).
    public var viewBox: Rect
    public var pieces: [IconPiece]
    /// Whether a piece paints in `currentColor`: then an item's tint colours only those paints
    /// (SVG's `color`), and otherwise every piece (a template image).
    public var usesCurrentColor: Bool { pieces.contains { $0.fillFollowsTint || $0.strokeFollowsTint } }
    /// FNV-1a 64 of the file's bytes, 16 hex digits (goes into the render manifest).
    public var hash: String

    /// The transform from viewBox units to an item's bounds of `size` (origin at its top-left):
    /// uniform scale, centred (SVG's default preserveAspectRatio, xMidYMid meet).
    public func fitting(_ size: Size) -> AffineTransform { Self.fitting(viewBox, into: size) }

    /// `viewBox` fitted into a viewport of `size` at the origin, xMidYMid meet: an icon into its
    /// item's bounds, a `<symbol>` into its use's width × height.
    static func fitting(_ viewBox: Rect, into size: Size) -> AffineTransform {
        guard viewBox.width > 0, viewBox.height > 0 else { return .identity }
        let s = min(size.width / viewBox.width, size.height / viewBox.height)
        let dx = (size.width - viewBox.width * s) / 2 - viewBox.minX * s
        let dy = (size.height - viewBox.height * s) / 2 - viewBox.minY * s
        return AffineTransform(a: s, b: 0, c: 0, d: s, tx: dx, ty: dy)
    }
}

/// One shape element of an icon with its resolved presentation attributes.
public struct IconPiece: Equatable, Sendable {
    /// In viewBox units (the element's and its groups' transforms applied).
    public var path: Path
    /// `.clear` for `fill="none"`.
    public var fill: ColorRGBA8
    public var fillRule: FillRule
    /// `.clear` for no stroke (SVG's default).
    public var stroke: ColorRGBA8
    /// Stroke width and dashes: in viewBox units for a piece whose transform keeps shapes (a
    /// rotation and uniform scale, scaled by it); in the element's own user space for one that
    /// stretches unevenly or skews (`strokeSpace`).
    public var strokeStyle: StrokeStyle
    /// For a piece whose transform stretches unevenly or skews: the shape in the element's user
    /// space and the transform to viewBox units. SVG strokes in user space and then transforms
    /// the stroke (a rect under `scale(4 1)` gets sides 4× as thick as its top and bottom), so the
    /// outline is made from this path and mapped. Nil when `path` can be stroked as it is.
    public var strokeSpace: StrokeSpace?
    /// The fill or stroke is `currentColor` without a `color` set: drawn black, or in the item's
    /// `tintColor` (its alpha times the tint's).
    public var fillFollowsTint = false
    public var strokeFollowsTint = false
    /// A `linearGradient` or `radialGradient` the fill or stroke is painted with (`fill` or
    /// `stroke` is then clear); nil for a colour.
    public var fillGradient: IconGradient?
    public var strokeGradient: IconGradient?

    /// Whether the piece paints its inside, and its stroke.
    public var fills: Bool { fill.a > 0 || fillGradient != nil }
    public var strokes: Bool { (stroke.a > 0 || strokeGradient != nil) && strokeStyle.lineWidth > 0 }

    public struct StrokeSpace: Equatable, Sendable {
        public var path: Path
        public var transform: AffineTransform
    }

    /// The outline of the piece's stroke in viewBox units, chords within `tolerance` viewBox units.
    public func strokeOutline(tolerance: Double) -> Path {
        guard let space = strokeSpace else {
            return Stroker.outline(of: path, style: strokeStyle, tolerance: tolerance)
        }
        // Chords in user space shrink or grow with the transform: divided by its largest stretch.
        let t = space.transform
        let stretch = max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot()) * 2.0.squareRoot()
        guard stretch > 0, stretch.isFinite else { return Path() }
        return Stroker.outline(of: space.path, style: strokeStyle, tolerance: tolerance / stretch).applying(t)
    }
}

/// An SVG gradient resolved for one shape: its stops, spread and geometry in gradient units
/// (`Gradient`'s points, with the bounds one unit square), and the map from there to viewBox
/// units (`gradientTransform`, then the shape's bounding box for `objectBoundingBox`, then the
/// shape's transforms). Stop alphas include the paint's opacities.
public struct IconGradient: Equatable, Sendable {
    public var gradient: Gradient
    public var toViewBox: AffineTransform

    public init(gradient: Gradient, toViewBox: AffineTransform) {
        self.gradient = gradient
        self.toViewBox = toViewBox
    }
}
