import Geometry

/// A `UIDynamicItem`: what the animator reads when it creates a body and writes after every step.
///
/// The animator reads `center` and the rotation of `transform` (θ = atan2(b, a); scale and shear
/// are ignored) when it creates the item's body, and `bounds` for the body's box (spec §2). After
/// every tick it writes `center` and replaces `transform` with a pure rotation (§1.6), so a scale
/// set on a body-backed item lasts until the next write-back, as on iOS.
public class DynamicItem {
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

    /// The centre, pt, in the superview's coordinate system: the animator's (reference) system
    /// unless `superview` says how to convert.
    public var center: Point

    /// The item's transform; the animator writes a pure rotation here (§1.6).
    public var transform: AffineTransform

    public let kind: Kind

    /// The shape of the item's body (`collisionBoundsType` + `collisionBoundingPath`, spec §2).
    /// Read once, when the body is created. Default `.rectangle`.
    public var collisionBounds: CollisionBounds = .rectangle

    /// Where the item sits when it is not a direct child of the reference view (a view in a
    /// card, a row in a list): how its superview's points convert to and from the reference
    /// view's. UIKit converts the centre on every read and write (`convertPoint:fromView:`,
    /// spec dynamics §1.6); the angle is taken and written as it is. nil: `center` is already in
    /// reference coordinates.
    public var superview: CoordinateSpace?

    /// The centre in the animator's (reference) coordinate system.
    public var referenceCenter: Point { superview?.toReference(center) ?? center }

    /// The centre written back for a body at `point` (reference coordinates): converted into
    /// the superview, then rounded for a view.
    func writtenCenter(forReferencePoint point: Point, scale: Double, rounded: Bool) -> Point {
        let p = superview?.fromReference(point) ?? point
        guard rounded else { return p }
        return Point(PixelRounding.coordinate(p.x, scale: scale), PixelRounding.coordinate(p.y, scale: scale))
    }

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
        let a = transform.a
        let b = transform.b
        let c = transform.c
        let d = transform.d
        let w = bounds.width
        let h = bounds.height
        let width = abs(a * w) + abs(c * h)
        let height = abs(b * w) + abs(d * h)
        let mid = Point(center.x + transform.tx, center.y + transform.ty)
        return Rect(center: mid, size: Size(width, height))
    }
}

/// A superview's coordinate system seen from the animator's reference view: the pair of
/// `convertPoint:toView:`/`fromView:` a view-based animator applies to an item's centre.
public struct CoordinateSpace {
    public let toReference: (Point) -> Point
    public let fromReference: (Point) -> Point

    public init(toReference: @escaping (Point) -> Point, fromReference: @escaping (Point) -> Point) {
        self.toReference = toReference
        self.fromReference = fromReference
    }
}

/// The shape of an item's body (spec dynamics §2, `UIDynamicItemCollisionBoundsType`).
public enum CollisionBounds: Hashable, Sendable {
    /// A box of the item's bounds size (exact size; Box2D adds its 1-pt collision skin).
    case rectangle
    /// A circle when the bounds are square, otherwise a convex 8-gon inscribed in the bounds'
    /// ellipse [GUESS: UIKit's `bodyWithEllipseInRect:` vertex count is unknown; 8 is Box2D's max].
    case ellipse
    /// A convex polygon around the item's centre (0, 0 = centre), pt.
    case path(ConvexPolygon)
}

/// A convex polygon for `CollisionBounds.path` (`bodyWithPolygonFromPath:`), validated when built
/// so it can never reach Box2D's assertions: 3 ... 8 (`b2_maxPolygonVertices`) finite vertices,
/// either winding, strictly convex, every edge longer than 0.25 pt (Box2D welds closer points).
public struct ConvexPolygon: Hashable, Sendable {
    /// The vertices as given, pt, relative to the item's centre.
    public let points: [Point]

    /// Box2D's `b2_maxPolygonVertices`.
    public static let maximumVertexCount = 8

    /// - Throws: `DynamicsParameterError` naming the defect (count, non-finite, repeated or
    ///   collinear points, concave or self-intersecting outline).
    public init(_ points: [Point]) throws(DynamicsParameterError) {
        let name = "CollisionBounds.path"
        guard (3...Self.maximumVertexCount).contains(points.count) else {
            throw DynamicsParameterError(
                parameter: name, message: "a collision path needs 3...8 vertices, got \(points.count)")
        }
        for p in points { try Check.finite(p, name) }
        let n = points.count
        for i in 0..<n where points[i].distance(to: points[(i + 1) % n]) <= 0.25 {
            throw DynamicsParameterError(
                parameter: name, message: "vertices \(i) and \((i + 1) % n) are closer than 0.25 pt")
        }
        // Strict convexity: every turn has the sign of the first, and the outline turns once.
        var sign = 0.0
        var turning = 0.0
        for i in 0..<n {
            let a = points[i]
            let b = points[(i + 1) % n]
            let c = points[(i + 2) % n]
            let cross = (b - a).cross(c - b)
            guard abs(cross) > 1e-9 else {
                throw DynamicsParameterError(parameter: name, message: "vertices around \((i + 1) % n) are collinear")
            }
            if sign == 0 { sign = cross > 0 ? 1 : -1 }
            guard cross * sign > 0 else {
                throw DynamicsParameterError(
                    parameter: name, message: "the path is not convex at vertex \((i + 1) % n)")
            }
            let t = Angle.direction(of: c - b).radians - Angle.direction(of: b - a).radians
            turning += Angle.direction(of: Angle(radians: t).unitVector).radians
        }
        guard abs(abs(turning) - 2 * .pi) < 1e-6 else {
            throw DynamicsParameterError(parameter: name, message: "the path winds more than once (self-intersecting)")
        }
        self.points = points
    }
}

/// `UIDynamicItemGroup`: several items moved as one compound body (spec dynamics §2).
///
/// The group's centre is the centre of the union of the members' unrotated frames at creation;
/// its body has one box per member at the member's offset from that centre (the members' own
/// rotations are ignored [GUESS]). Write-back moves the members: member.center = groupCentre +
/// R(θ)·offset, member.transform = R(θ), rounded like views; the group item itself gets the
/// group centre and rotation. Groups cannot be nested.
public final class DynamicItemGroup: DynamicItem {
    /// The members, in the order given.
    public let items: [DynamicItem]
    /// Each member's centre offset from the group centre, pt, at creation.
    let offsets: [Point]

    /// - Throws: `DynamicsParameterError` if `items` is empty, holds the same item twice or
    ///   holds a group (UIKit raises for nested groups).
    public init(items: [DynamicItem], identifier: String = "group") throws(DynamicsParameterError) {
        let name = "DynamicItemGroup.items"
        guard !items.isEmpty else {
            throw DynamicsParameterError(parameter: name, message: "a group needs at least one item")
        }
        for (i, item) in items.enumerated() {
            if item is DynamicItemGroup {
                throw DynamicsParameterError(
                    parameter: name, message: "group '\(item.identifier)' cannot be nested in a group")
            }
            if items[..<i].contains(where: { $0 === item }) {
                throw DynamicsParameterError(parameter: name, message: "item '\(item.identifier)' is listed twice")
            }
        }
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for item in items {
            let r = Rect(center: item.referenceCenter, size: item.bounds)
            minX = min(minX, r.minX)
            minY = min(minY, r.minY)
            maxX = max(maxX, r.maxX)
            maxY = max(maxY, r.maxY)
        }
        let centre = Point((minX + maxX) / 2, (minY + maxY) / 2)
        self.items = items
        self.offsets = items.map { $0.referenceCenter - centre }
        super.init(identifier: identifier, bounds: Size(maxX - minX, maxY - minY), center: centre, kind: .view)
    }
}
