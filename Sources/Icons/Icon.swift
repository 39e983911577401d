import Colors
import Geometry
import Shapes

/// An icon loaded from an SVG file: its viewBox and its pieces in viewBox units, each filled
/// and/or stroked, in document order. What a scene item with `icon:` draws, fitted to its bounds.
public struct Icon: Equatable, Sendable {
    /// The user space shown (`viewBox`, else 0 0 width height).
    public var viewBox: Rect
    public var pieces: [IconPiece]
    /// FNV-1a 64 of the file's bytes, 16 hex digits (goes into the render manifest).
    public var hash: String

    /// The transform from viewBox units to an item's bounds of `size` (origin at its top-left):
    /// uniform scale, centred (SVG's default preserveAspectRatio, xMidYMid meet).
    public func fitting(_ size: Size) -> AffineTransform {
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
    /// Stroke width and dashes in viewBox units: the pieces' transforms are applied to the path,
    /// so a stroke under a scaling group transform is scaled by the transform's mean scale.
    public var strokeStyle: StrokeStyle
}
