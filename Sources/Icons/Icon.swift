import Colors
import Geometry
import Images
import Shapes

/// An icon loaded from an SVG file: its viewBox and its pieces in viewBox units, each filled
/// and/or stroked, in document order. What a scene item with `icon:` draws, fitted to its bounds.
public struct Icon: Equatable, Sendable {
    /// The user space shown (`viewBox`, else 0 0 width height).
    public var viewBox: Rect
    public var pieces: [IconPiece]
    /// Runs of pieces composited as one (SVG's group `opacity`, `clip-path`, `mask`, `filter` and
    /// `mix-blend-mode`), ordered by where they start, parents before the groups nested in them.
    /// Empty for an icon whose pieces are each drawn straight over the last.
    public var groups: [IconGroup] = []
    /// Whether a piece paints in `currentColor`: then an item's tint colours only those paints
    /// (SVG's `color`), and otherwise every piece (a template image).
    public var usesCurrentColor: Bool { pieces.contains { $0.fillFollowsTint || $0.strokeFollowsTint } }
    /// FNV-1a 64 of the file's bytes, 16 hex digits (goes into the render manifest).
    public var hash: String
    /// Zero for a whole file. For one part of a layered file (`IconLayerTree`), a non-zero key
    /// that tells its pieces from the other parts' and from the whole file's: the glyph cache
    /// knows an icon's pieces by the file's hash and their index, and a part's index 0 is not
    /// the file's.
    public var part: UInt64 = 0
    /// Zero when the file's text is set in the bundled fonts; otherwise a key of the scene fonts
    /// it was read with (`IconLoader.fontKey`), since the same file set in other fonts draws
    /// other glyphs: the glyph cache keys the pieces by it too.
    public var fontKey: UInt64 = 0

    /// How the viewBox is fitted into an item's bounds: the root's `preserveAspectRatio`, SVG's
    /// default xMidYMid meet unless the file says otherwise (never `slice`: items do not clip
    /// their icons, so the loader cuts a slice root to what its own viewport shows and fits that).
    public var aspectRatio = SVGAspectRatio.default

    /// The transform from viewBox units to an item's bounds of `size` (origin at its top-left).
    public func fitting(_ size: Size) -> AffineTransform { aspectRatio.fit(viewBox, into: size) }
}

/// A run of an icon's pieces drawn into an offscreen and composited once, as Raster's
/// `DrawGroup` is: run through its filter, faded by `opacity`, its alpha multiplied by its mask's. A clip path is a mask
/// of opaque shapes; an SVG luminance mask's pieces carry their luminance as alpha.
public struct IconGroup: Equatable, Sendable {
    /// Indexes into `Icon.pieces`: what the group draws.
    public var pieces: Range<Int>
    /// In [0, 1].
    public var opacity: Double
    /// The pieces of the group's mask, right after `pieces`: their alpha multiplies the group's
    /// content, and they are never drawn as themselves. Nil for none; empty masks out everything.
    public var mask: Range<Int>?
    /// An SVG filter run on the group's drawing before its mask and opacity (SVG's order); nil for
    /// none.
    public var filter: IconFilter?
    /// How the group, once filtered, masked and faded, mixes with what the icon drew below it
    /// (CSS's `mix-blend-mode`); `.normal` for source-over.
    public var blendMode = BlendMode.normal
    /// CSS's `isolation: isolate`: the blending groups inside see only what the group drew, not
    /// what is below it. (A group with a mask, a filter or an opacity below 1 isolates anyway:
    /// it is drawn into an offscreen of its own.)
    public var isolates = false

    public init(
        pieces: Range<Int>, opacity: Double, mask: Range<Int>? = nil, filter: IconFilter? = nil,
        blendMode: BlendMode = .normal, isolates: Bool = false
    ) {
        self.pieces = pieces
        self.opacity = opacity
        self.mask = mask
        self.filter = filter
        self.blendMode = blendMode
        self.isolates = isolates
    }

    /// The pieces the group takes: its own and its mask's.
    public var extent: Range<Int> { pieces.lowerBound..<max(pieces.upperBound, mask?.upperBound ?? 0) }
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

    /// An `<image>`: the piece's path (the image's visible rectangle) is filled with it.
    public var image: IconImage?

    /// The pattern tile the piece was drawn in (its content, or the clip that cuts it), the
    /// outermost one for a pattern in a pattern: what the rasterizer aligns to its pixels.
    public var tile: IconTile?

    /// Whether the piece paints its inside, and its stroke.
    public var fills: Bool { fill.a > 0 || fillGradient != nil || image != nil }
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

/// One tile of a `<pattern>`: the map from the unit square to the tile's parallelogram in
/// viewBox units (its origin, the vector across it and the vector down it). resvg draws a tile
/// into pixels and repeats them, so its tiles meet on pixel edges and no seam shows; the display
/// list gets the same by moving each tile's pieces onto the pixel grid when the tile is upright
/// and whole pixels wide and high there (Pipeline's `pixelAligned`).
public struct IconTile: Equatable, Sendable {
    public var toViewBox: AffineTransform
    /// The pattern's `patternTransform` and the shape's transforms are each upright as written
    /// (no rotation or skew). Rotations that cancel out still count as turned: resvg's map then
    /// carries their rounding, is no translation, and samples the tile smoothly where it falls.
    public var writtenUpright: Bool

    public init(toViewBox: AffineTransform, writtenUpright: Bool) {
        self.toViewBox = toViewBox
        self.writtenUpright = writtenUpright
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

/// An embedded raster image (`<image href="data:image/png;base64,…">`) and the map from its
/// texel space (0…width × 0…height) to viewBox units.
public struct IconImage: Equatable, Sendable {
    public var image: SceneImage
    public var toViewBox: AffineTransform
    /// `image-rendering` `optimizeSpeed`, `pixelated` or `crisp-edges`: each pixel takes the
    /// texel under its centre (nearest-neighbour), as resvg samples such a picture; false draws it
    /// smoothly (interpolated, or averaged when shrunk).
    public var pixelated: Bool

    public init(image: SceneImage, toViewBox: AffineTransform, pixelated: Bool = false) {
        self.image = image
        self.toViewBox = toViewBox
        self.pixelated = pixelated
    }
}

extension IconPiece {
    /// The piece moved by `t` (an embedded SVG placed in its image's viewport): its path, the
    /// maps of its gradients and picture, and its stroke, widened by a rotation with a uniform
    /// scale, or else stroked where it was and the outline moved (as SVG strokes in user space).
    func applying(_ t: AffineTransform) -> IconPiece {
        var moved = self
        moved.path = path.applying(t)
        moved.fillGradient?.toViewBox = (fillGradient?.toViewBox ?? .identity).concatenating(t)
        moved.strokeGradient?.toViewBox = (strokeGradient?.toViewBox ?? .identity).concatenating(t)
        moved.image?.toViewBox = (image?.toViewBox ?? .identity).concatenating(t)
        moved.tile?.toViewBox = (tile?.toViewBox ?? .identity).concatenating(t)
        if let space = strokeSpace {
            moved.strokeSpace = StrokeSpace(path: space.path, transform: space.transform.concatenating(t))
        } else if strokes {
            if t.keepsStrokesEven {
                moved.strokeStyle = strokeStyle.scaled(by: t)
            } else {
                moved.strokeSpace = StrokeSpace(path: path, transform: t)
            }
        }
        return moved
    }
}

extension AffineTransform {
    /// A rotation with a uniform scale (or a mirror of one): a stroke under it keeps an even
    /// width, scaled by √|det|; under anything else SVG strokes in user space first.
    var keepsStrokesEven: Bool {
        abs(a * a + b * b - (c * c + d * d)) <= 1e-12 * (a * a + b * b) && abs(a * c + b * d) <= 1e-12 * (a * a + b * b)
    }
}

extension StrokeStyle {
    /// The width and dashes under `t`, a transform that keeps strokes even: scaled by √|det|.
    func scaled(by t: AffineTransform) -> StrokeStyle {
        let k = abs(t.a * t.d - t.b * t.c).squareRoot()
        guard k != 1 else { return self }
        var out = self
        out.lineWidth *= k
        out.lineDashPattern = lineDashPattern.map { $0 * k }
        out.lineDashPhase *= k
        return out
    }
}

extension IconGroup {
    /// The group over the same pieces after `offset` more come before them.
    func shifted(by offset: Int) -> IconGroup {
        var moved = self
        moved.pieces = (pieces.lowerBound + offset)..<(pieces.upperBound + offset)
        moved.mask = mask.map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
        return moved
    }
}
