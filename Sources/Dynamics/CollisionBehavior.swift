import CBox2D
import Geometry

/// Insets of the reference bounds for `CollisionBehavior`'s implicit boundary, pt (positive = inward).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    public static let zero = EdgeInsets()
}

/// A boundary outline for `CollisionBehavior.addBoundary(identifier:path:)`: the points of the
/// path's first subpath (curves already flattened by the caller), made into a closed loop of
/// two-sided edges (UIKit's Box2D 2.2.1 chain loop stops bodies on both sides; 2.4.1's
/// `b2ChainShape` is one-sided, so it is not used).
///
/// Validated when built: finite points; consecutive points closer than 0.5 pt (Box2D's
/// linearSlop; UIKit drops exact duplicates) are merged, as is a last point on top of the first;
/// at least 2 distinct points must remain ("invalid path for collision boundary"). Two points
/// make a single edge, three or more a closed loop.
public struct BoundaryPath: Hashable, Sendable {
    /// The points that will be used, pt.
    public let points: [Point]

    public init(_ points: [Point]) throws(DynamicsParameterError) {
        let name = "CollisionBehavior.boundaryPath"
        var kept: [Point] = []
        for p in points {
            try Check.finite(p, name)
            if let last = kept.last, last.distance(to: p) <= 0.5 { continue }
            kept.append(p)
        }
        while kept.count > 2, let first = kept.first, let last = kept.last, first.distance(to: last) <= 0.5 {
            kept.removeLast()
        }
        guard kept.count >= 2 else {
            throw DynamicsParameterError(
                parameter: name,
                message: "invalid path for collision boundary: \(kept.count) distinct point(s) (pt), at least 2 needed")
        }
        self.points = kept
    }
}

/// `UICollisionBehavior`: makes its items collide with each other and/or with boundaries, and
/// reports contacts (spec dynamics §3.4, [BKP][MEAS T5/T7]).
///
/// Each behaviour takes a group number g (1, 2, … per animator, in registration order); its items
/// carry category bit 1<<(2g mod 32) and its boundaries 1<<((2g+1) mod 32). The items' mask is
/// the items bit (`.items`), the boundary bit (`.boundaries`) or both (`.everything`); boundaries'
/// mask is the items bit. Two fixtures touch when either accepts the other; a contact no dynamic
/// body accepts (an `.items`-mode item on this behaviour's boundary) is disabled but still
/// reported, as in UIKit.
public final class CollisionBehavior: DynamicBehavior {
    public struct Mode: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Items collide with each other.
        public static let items = Mode(rawValue: 1)
        /// Items collide with this behaviour's boundaries.
        public static let boundaries = Mode(rawValue: 2)
        /// Both (default).
        public static let everything: Mode = [.items, .boundaries]
    }

    /// The other side of a contact.
    public enum Contact {
        case item(DynamicItem)
        /// A boundary: its identifier, nil for the implicit reference-bounds boundary.
        case boundary(String?)
    }

    public private(set) var items: [DynamicItem]

    /// What the items collide with; default `.everything`. Changing it refilters at once.
    public var collisionMode: Mode = .everything {
        didSet { dynamicAnimator?.updateCollisionFilters() }
    }

    /// `collisionDelegate` `…beganContactForItem:withItem:atPoint:` /
    /// `…withBoundaryIdentifier:atPoint:`: called after the world step, before any action,
    /// began contacts before ended ones. The point (pt) is the contact manifold point with the
    /// largest normal impulse.
    public var beganContact: ((CollisionBehavior, DynamicItem, Contact, Point) -> Void)?
    /// `…endedContactForItem:…`; the point is that of the last manifold (UIKit passes none).
    public var endedContact: ((CollisionBehavior, DynamicItem, Contact, Point) -> Void)?

    /// Whether the reference bounds (the animator's `referenceBounds`, inset by
    /// `referenceBoundsInsets`) are a boundary. Default false; no effect without reference bounds.
    public var translatesReferenceBoundsIntoBoundary = false {
        didSet { if let a = dynamicAnimator { rebuildImplicitBoundary(a) } }
    }

    /// Insets of the implicit boundary, pt; default zero.
    public private(set) var referenceBoundsInsets = EdgeInsets.zero

    /// `setTranslatesReferenceBoundsIntoBoundaryWithInsets:`.
    /// - Precondition: finite insets.
    public func setTranslatesReferenceBoundsIntoBoundary(insets: EdgeInsets) {
        Check.require { try Self.validate(insets: insets) }
        referenceBoundsInsets = insets
        translatesReferenceBoundsIntoBoundary = true
    }

    /// - Throws: `DynamicsParameterError` for non-finite insets.
    public static func validate(insets: EdgeInsets) throws(DynamicsParameterError) {
        for v in [insets.top, insets.left, insets.bottom, insets.right] {
            try Check.finite(v, "CollisionBehavior.referenceBoundsInsets")
        }
    }

    private enum Shape: Hashable {
        case line(Point, Point)
        case path(BoundaryPath)
    }
    private var boundaries: [(identifier: String, shape: Shape, body: OpaquePointer?)] = []
    private var implicitBody: OpaquePointer?

    /// Boundary identifiers in add order.
    public var boundaryIdentifiers: [String] { boundaries.map(\.identifier) }

    /// A straight boundary from `from` to `to`, pt (a static two-sided edge). The same
    /// identifier replaces the previous boundary.
    /// - Throws: `DynamicsParameterError` for non-finite points or a line shorter than 0.5 pt
    ///   (Box2D cannot make an edge of it).
    public func addBoundary(identifier: String, from: Point, to: Point) throws(DynamicsParameterError) {
        try Check.finite(from, "CollisionBehavior.boundary")
        try Check.finite(to, "CollisionBehavior.boundary")
        guard from.distance(to: to) > 0.5 else {
            throw DynamicsParameterError(
                parameter: "CollisionBehavior.boundary",
                message: "boundary '\(identifier)' from \(from) to \(to) is shorter than 0.5 pt")
        }
        add(identifier, .line(from, to))
    }

    /// A closed boundary along `path` (a chain loop; two points make one edge).
    public func addBoundary(identifier: String, path: BoundaryPath) {
        add(identifier, .path(path))
    }

    private func add(_ identifier: String, _ shape: Shape) {
        removeBoundary(identifier: identifier)
        boundaries.append((identifier, shape, nil))
        if let animator = dynamicAnimator {
            boundaries[boundaries.count - 1].body = makeBoundary(shape, identifier: identifier, in: animator)
            animator.tickle()
        }
    }

    public func removeBoundary(identifier: String) {
        guard let i = boundaries.firstIndex(where: { $0.identifier == identifier }) else { return }
        if let body = boundaries[i].body, let animator = dynamicAnimator {
            animator.runPostSolverIfNeeded { animator.destroyBoundaryBody(body) }
        }
        boundaries.remove(at: i)
    }

    public func removeAllBoundaries() {
        for id in boundaryIdentifiers { removeBoundary(identifier: id) }
    }

    public init(items: [DynamicItem] = []) {
        self.items = [DynamicItem](uniqueItems: items)
        super.init()
    }

    public func addItem(_ item: DynamicItem) {
        guard items.appendIfAbsent(item), let animator = dynamicAnimator else { return }
        animator.acquireBody(for: item)
        animator.updateCollisionFilters()
    }

    public func removeItem(_ item: DynamicItem) {
        guard items.removeIfPresent(item), let animator = dynamicAnimator else { return }
        animator.updateCollisionFilters()
        animator.releaseBody(for: item)
        animator.tickle()
    }

    func contains(_ item: DynamicItem) -> Bool { items.containsItem(item) }

    public override var allowsAnimatorToStop: Bool { false }

    // MARK: Groups and filter bits

    /// The group number, assigned at first registration (0 before).
    public private(set) var collisionGroup = 0

    /// Category bit of this behaviour's items, 1<<(2g mod 32).
    public var itemCategory: UInt32 { 1 << UInt32((2 * collisionGroup) % 32) }
    /// Category bit of this behaviour's boundaries, 1<<((2g+1) mod 32); their mask is `itemCategory`.
    public var boundaryCategory: UInt32 { 1 << UInt32((2 * collisionGroup + 1) % 32) }
    /// What this behaviour's items accept, by `collisionMode`.
    public var itemMask: UInt32 {
        (collisionMode.contains(.items) ? itemCategory : 0)
            | (collisionMode.contains(.boundaries) ? boundaryCategory : 0)
    }

    // MARK: Association

    override func associate(with animator: DynamicAnimator) {
        if collisionGroup == 0 { collisionGroup = animator.nextCollisionGroup() }
        for item in items { animator.acquireBody(for: item) }
        animator.updateCollisionFilters()
        for i in boundaries.indices {
            boundaries[i].body = makeBoundary(boundaries[i].shape, identifier: boundaries[i].identifier, in: animator)
        }
        rebuildImplicitBoundary(animator)
    }

    override func dissociate(from animator: DynamicAnimator) {
        animator.updateCollisionFilters()
        for i in boundaries.indices {
            if let body = boundaries[i].body { animator.destroyBoundaryBody(body) }
            boundaries[i].body = nil
        }
        if let body = implicitBody { animator.destroyBoundaryBody(body) }
        implicitBody = nil
        for item in items { animator.releaseBody(for: item) }
    }

    /// A static body at the origin holding the boundary's fixture, filtered as this group's
    /// boundary. Boundary material: friction 0.2, restitution 0.2 (PhysicsKit body defaults [INF]).
    private func makeBoundary(_ shape: Shape, identifier: String?, in animator: DynamicAnimator) -> OpaquePointer {
        let body = animator.world.createBody(
            cb2_body_def(
                is_dynamic: false, position: cb2_vec2(x: 0, y: 0), angle: 0, half_width: 0, half_height: 0,
                density: 0, friction: Engine.defaultFriction, restitution: Engine.defaultRestitution,
                linear_damping: 0, angular_damping: 0, gravity_scale: 0, bullet: false, fixed_rotation: false,
                category: 0, mask: 0))
        let material = Shapes.defaultMaterial
        switch shape {
        case .line(let a, let b):
            cb2_body_add_edge(body, Engine.meters(a), Engine.meters(b), material)
        case .path(let path):
            let v = path.points.map(Engine.meters)
            if v.count == 2 {
                cb2_body_add_edge(body, v[0], v[1], material)
            } else {
                v.withUnsafeBufferPointer { cb2_body_add_edge_loop(body, $0.baseAddress, Int32($0.count), material) }
            }
        }
        cb2_body_set_filter(body, boundaryCategory, itemCategory)
        animator.registerBoundaryBody(body, owner: self, identifier: identifier)
        return body
    }

    /// The loop around `inset(referenceBounds)` grown by 1 pt on every side (spec §3.4).
    func rebuildImplicitBoundary(_ animator: DynamicAnimator) {
        if let body = implicitBody {
            animator.runPostSolverIfNeeded { animator.destroyBoundaryBody(body) }
            implicitBody = nil
        }
        guard translatesReferenceBoundsIntoBoundary, let r = animator.referenceBounds else { return }
        let i = referenceBoundsInsets
        let minX = r.minX + i.left - 1
        let maxX = r.maxX - i.right + 1
        let minY = r.minY + i.top - 1
        let maxY = r.maxY - i.bottom + 1
        guard maxX - minX > 0.5, maxY - minY > 0.5,
            let path = try? BoundaryPath([Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)])
        else { return }  // insets swallowed the bounds: no boundary [GUESS]
        implicitBody = makeBoundary(.path(path), identifier: nil, in: animator)
    }

    func report(began: Bool, _ item: DynamicItem, _ other: Contact, _ point: Point) {
        if began { beganContact?(self, item, other, point) } else { endedContact?(self, item, other, point) }
    }
}
