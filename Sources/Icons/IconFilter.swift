import Colors
import Geometry
import Images

/// An SVG `<filter>` resolved for the element it is on (IconBuilder+Filters.swift): the filter
/// region and each primitive's subregion and values in that element's user space, its units
/// (`objectBoundingBox`, percentages) already resolved against the element's bounding box, and
/// inputs as indexes. Pixels are the rasterizer's business (Raster's `DrawFilter`, which the
/// pipeline makes from this with the icon's transform to the canvas).
public struct IconFilter: Equatable, Sendable {
    /// The filter region (`x`, `y`, `width`, `height` of the `<filter>`) in user space.
    public var region: Rect
    /// The filtered element's user space to viewBox units.
    public var toViewBox: AffineTransform
    public var primitives: [IconFilterPrimitive]

    /// The most primitives one filter may have (`feMergeNode`s not counted): each keeps an image
    /// of the region's size while the filter runs. Raster's `DrawFilter.maximumPrimitives`.
    public static let maximumPrimitives = 16
    /// The most primitives one icon may run, counting a filter once for every element it is on
    /// (and `feMergeNode`s): each is a pass over up to the whole canvas, so this bounds the work a
    /// file can ask of every frame, where the element budget alone would allow 10,000 filters.
    public static let maximumPrimitivesPerIcon = 256

    public init(region: Rect, toViewBox: AffineTransform, primitives: [IconFilterPrimitive]) {
        self.region = region
        self.toViewBox = toViewBox
        self.primitives = primitives
    }
}

/// One filter primitive (`feGaussianBlur`, `feOffset`, `feFlood`, `feComposite`, `feMerge`,
/// `feDropShadow`, `feImage`) with lengths in the filtered element's user space.
public struct IconFilterPrimitive: Equatable, Sendable {
    /// `in` / `in2`: the element's drawing, its alpha, or an earlier primitive's result (by index;
    /// a name that no earlier primitive gave is the previous result, as Filter Effects 1 says).
    public enum Input: Equatable, Sendable {
        case sourceGraphic
        case sourceAlpha
        case result(Int)
    }

    public enum CompositeOperator: Equatable, Sendable {
        case over, `in`, out, atop, xor
        case arithmetic(k1: Double, k2: Double, k3: Double, k4: Double)
    }

    public enum Kind: Equatable, Sendable {
        case gaussianBlur(Input, stdDeviationX: Double, stdDeviationY: Double)
        case offset(Input, dx: Double, dy: Double)
        /// `flood-color` with `flood-opacity` in its alpha.
        case flood(ColorRGBA8)
        case composite(Input, Input, CompositeOperator)
        case merge([Input])
        case dropShadow(Input, dx: Double, dy: Double, stdDeviationX: Double, stdDeviationY: Double, color: ColorRGBA8)
        /// `feImage`: the picture's texel space [0, width] × [0, height] placed in user space by
        /// `toUserSpace` (fitted into the subregion by `preserveAspectRatio`), sampled nearest when
        /// `pixelated` (`image-rendering`, as `IconImage.pixelated`).
        case image(SceneImage, toUserSpace: AffineTransform, pixelated: Bool)
    }

    public var kind: Kind
    /// The primitive subregion in user space (the filter region unless `x`, `y`, `width` or
    /// `height` say otherwise).
    public var subregion: Rect
    /// `color-interpolation-filters`: linearRGB (SVG's initial value) or sRGB.
    public var linearRGB: Bool

    public init(kind: Kind, subregion: Rect, linearRGB: Bool = true) {
        self.kind = kind
        self.subregion = subregion
        self.linearRGB = linearRGB
    }
}
