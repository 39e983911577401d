import Geometry

/// The shape the rasterizer covers: a rounded rectangle spanning the local box
/// [−w/2, w/2] × [−h/2, h/2] with circular corners of radius r, mapped into pixel space by an
/// affine transform (Skia's `RRect` plus a matrix). Geometry only: it knows no pixels or paint.
///
/// Invariants, established by the initializer: w, h ≥ 0 and 0 ≤ r ≤ min(w, h)/2. Sizes that are
/// negative or not finite become 0 (an empty shape draws nothing); a radius that is negative or
/// not finite becomes 0; one above min(w, h)/2 is clamped to it (Core Animation's rule).
public struct RoundedRect: Equatable, Sendable {
    public let width: Double
    public let height: Double
    public let cornerRadius: Double
    /// The corners that are rounded (Core Animation's `maskedCorners`); the others are square.
    /// Default: all four, which draws exactly as before the mask existed.
    public let maskedCorners: CornerMask
    /// How the corners meet the sides (`CALayer.cornerCurve`); default circular.
    public let cornerCurve: CornerCurve
    public let transform: AffineTransform

    public init(
        size: Size, cornerRadius: Double, maskedCorners: CornerMask = .all, cornerCurve: CornerCurve = .circular,
        transform: AffineTransform
    ) {
        func nonNegative(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
        width = nonNegative(size.width)
        height = nonNegative(size.height)
        self.cornerRadius = Size(width, height).drawnCornerRadius(cornerRadius)
        self.maskedCorners = maskedCorners
        self.cornerCurve = cornerCurve
        self.transform = transform
    }

    /// True when the shape covers no area: zero width or height, a singular transform, or a
    /// transform that is not finite.
    public var isEmpty: Bool {
        width == 0 || height == 0 || !transform.isFinite || transform.determinant == 0
    }

    /// The exact area in pixel space of circular corners: (w·h − k·(1 − π/4)·r²)·|det| for k
    /// rounded corners, since each replaces an r × r square by a quarter disk, and an affine map
    /// scales every area by |det|.
    public var area: Double {
        guard !isEmpty else { return 0 }
        let r = cornerRadius
        let k = Double(maskedCorners.count)
        return (width * height - k * (1 - Double.pi / 4) * r * r) * abs(transform.determinant)
    }

    /// Core Animation's border hole: the local box inset by `borderWidth` on every side, with
    /// corner radius max(r − borderWidth, 0). Nil when nothing is left (the border fills the
    /// whole shape); the shape itself when `borderWidth` is 0 or less.
    public func inset(by borderWidth: Double) -> RoundedRect? {
        guard borderWidth > 0 else { return self }
        let w = width - 2 * borderWidth
        let h = height - 2 * borderWidth
        guard w > 0, h > 0 else { return nil }
        return RoundedRect(
            size: Size(w, h), cornerRadius: max(cornerRadius - borderWidth, 0),
            maskedCorners: maskedCorners, cornerCurve: cornerCurve, transform: transform)
    }

    /// The pixel-space bounding box of the local box (exact for r = 0, conservative otherwise).
    public var bounds: Rect {
        boundingBox(
            of: Rect(x: -width / 2, y: -height / 2, width: width, height: height),
            under: transform)
    }
}
