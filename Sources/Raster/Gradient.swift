import Geometry

/// A gradient laid on a layer: its unit square is the bounds `size` (origin at the top-left, in
/// local units), mapped to canvas pixels by `toPixels`.
public struct GradientPaint: Hashable, Sendable {
    public var gradient: Gradient
    public var size: Size
    public var toPixels: AffineTransform

    public init(gradient: Gradient, size: Size, toPixels: AffineTransform) {
        self.gradient = gradient
        self.size = size
        self.toPixels = toPixels
    }
}
