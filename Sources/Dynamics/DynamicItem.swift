import Geometry

/// A `UIDynamicItem`: what the animator reads when it creates a body and writes after every step.
///
/// The animator reads `center` and the rotation of `transform` (θ = atan2(b, a); scale and shear
/// are ignored) when it creates the item's body, and `bounds` for the body's box (spec §2). After
/// every tick it writes `center` and replaces `transform` with a pure rotation (§1.6), so a scale
/// set on a body-backed item lasts until the next write-back, as on iOS.
public final class DynamicItem {
    /// How the animator writes this item back (spec §1.6, item kinds 0 and 1).
    public enum Kind: Sendable {
        /// A `UIView`: centre rounded to the animator's pixel grid (1/screenScale pt), angle to
        /// multiples of 1/5000 rad.
        case view
        /// A plain object conforming to `UIDynamicItem`: exact values.
        case plain
    }

    /// A name for the item in logs and scenes; not used by the physics.
    public let identifier: String

    /// The size of the item, pt; only read when its body is created (later changes of a real
    /// view's bounds have no physical effect either).
    public let bounds: Size

    /// The centre, pt, in the animator's (reference) coordinate system.
    public var center: Point

    /// The item's transform; the animator writes a pure rotation here (§1.6).
    public var transform: AffineTransform

    public let kind: Kind

    /// - Precondition: `bounds` has a positive, finite width and height (UIKit asserts
    ///   "Invalid size" when it makes a body for an empty item); `center` and `transform` finite.
    public init(
        identifier: String, bounds: Size, center: Point,
        transform: AffineTransform = .identity, kind: Kind = .view
    ) {
        precondition(
            bounds.width > 0 && bounds.height > 0 && bounds.isFinite,
            "Invalid size \(bounds) for dynamic item '\(identifier)': width and height must be positive and finite")
        precondition(center.isFinite, "Non-finite center \(center) for dynamic item '\(identifier)'")
        precondition(transform.isFinite, "Non-finite transform \(transform) for dynamic item '\(identifier)'")
        self.identifier = identifier
        self.bounds = bounds
        self.center = center
        self.transform = transform
        self.kind = kind
    }

    /// The rotation the animator reads from `transform`: atan2(b, a), rad, clockwise on screen.
    public var rotation: Angle { transform.rotationAngle }

    /// A view's `frame`: the axis-aligned box of the bounds transformed about the centre.
    ///
    /// For a pure rotation θ this is the spec §2 formula, w′ = |w cosθ| + |h sinθ|,
    /// h′ = |w sinθ| + |h cosθ|, origin = centre − (w′, h′)/2; it is computed from the transform's
    /// matrix (like `CGRectApplyAffineTransform`) so a scaled or translated transform also gives
    /// UIKit's frame.
    public var frame: Rect {
        let a = transform.a, b = transform.b, c = transform.c, d = transform.d
        let w = bounds.width, h = bounds.height
        let width = abs(a * w) + abs(c * h)
        let height = abs(b * w) + abs(d * h)
        let mid = Point(center.x + transform.tx, center.y + transform.ty)
        return Rect(center: mid, size: Size(width, height))
    }
}
