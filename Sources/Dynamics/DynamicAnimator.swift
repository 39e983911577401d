import CBox2D
import Geometry

/// `UIDynamicAnimator`: owns the physics world, registers behaviours, steps once per display-link
/// tick and writes body state back to the items (spec dynamics §1.2–§1.6).
///
/// Rules of this file:
/// - One tick = `step(dt)`, in the order of spec §1.4: pre-solver hooks, world step with the
///   write-back inside it, actions, deferred registration changes, stop checks.
/// - Every collection whose order can reach an output is an array in registration order; the
///   iOS original iterates an `NSMutableSet` for actions (unspecified order) — registration
///   order is this renderer's deterministic choice.
/// - Registration changes requested while a tick is in progress (from actions) are queued and
///   applied at the end of the tick, removals first; the top-level `behaviors` list changes at once.
public final class DynamicAnimator {
    /// The screen scale the animator rounds view items to (UIKit's `_accuracy`), pixels per pt.
    /// Range ≥ 0; 0 means 1 (as UIKit treats a window without a screen). Default 2. Effect: view
    /// item centres land on the 1/scale-pt grid after every tick; plain items are unaffected.
    public let screenScale: Double

    /// `screenScale`, with 0 read as 1.
    public var accuracy: Double { screenScale == 0 ? 1 : screenScale }

    /// The reference view's bounds, pt (`referenceView.bounds`), or nil for an animator made with
    /// `init` (no reference view). Only collision behaviours that translate the reference bounds
    /// into a boundary read it; changing it rebuilds those boundaries at the next tick and
    /// restarts a paused animator (UIKit: a bounds *size* change of the reference view tickles).
    public var referenceBounds: Rect? {
        didSet {
            if let r = referenceBounds { Check.require { try Self.validate(referenceBounds: r) } }
            guard referenceBounds != oldValue else { return }
            needsImplicitBoundaryRebuild = true
            tickle()
        }
    }

    /// - Precondition: `screenScale` is finite and ≥ 0; `referenceBounds` as `validate` requires.
    public init(screenScale: Double = 2, referenceBounds: Rect? = nil) {
        precondition(
            screenScale.isFinite && screenScale >= 0, "Invalid screen scale \(screenScale): must be finite and >= 0")
        if let r = referenceBounds { Check.require { try Self.validate(referenceBounds: r) } }
        self.screenScale = screenScale
        self.referenceBounds = referenceBounds
    }

    /// Checks animator parameters the way `init` does.
    /// - Throws: `DynamicsParameterError` for a negative or non-finite screen scale, or reference
    ///   bounds that are not finite with a size ≥ 0.
    public static func validate(screenScale: Double? = nil, referenceBounds: Rect? = nil) throws(DynamicsParameterError)
    {
        if let s = screenScale { try Check.nonNegative(s, "DynamicAnimator.screenScale", "screen scale") }
        if let r = referenceBounds {
            try Check.finite(r.origin, "DynamicAnimator.referenceBounds")
            try Check.nonNegative(r.width, "DynamicAnimator.referenceBounds", "width")
            try Check.nonNegative(r.height, "DynamicAnimator.referenceBounds", "height")
        }
    }

    /// Set when the reference bounds changed; the next pre-solver rebuilds implicit boundaries.
    var needsImplicitBoundaryRebuild = false

    let world = PhysicsWorld()

    /// Top-level behaviours in add order.
    public private(set) var behaviors: [DynamicBehavior] = []

    /// Every registered behaviour (top-level and children), in registration order: depth-first
    /// pre-order for a hierarchy added at once.
    public private(set) var registeredBehaviors: [DynamicBehavior] = []

    var pendingRegistrations: [DynamicBehavior] = []
    var pendingUnregistrations: [DynamicBehavior] = []
    var postSolverBlocks: [() -> Void] = []

    /// True from the world step to the end of the actions (UIKit's `_isInWorldStep`).
    private(set) var isInWorldStep = false

    /// Item bodies in registration order (write-back order).
    var itemBodies: [ItemBody] = []

    /// Set when an item behaviour's property changed; the next tick's pre-solver re-applies them.
    var needsItemPropertiesUpdate = false

    public private(set) var isRunning = false

    /// The plain sum of every `dt` stepped (spec §1.2); not reset by pausing or by behaviours.
    public private(set) var elapsedTime: Double = 0

    /// Ticks stepped while running.
    public private(set) var tickCount = 0

    /// `dynamicAnimatorWillResume:`: called when the animator starts running.
    public var willResume: ((DynamicAnimator) -> Void)?
    /// `dynamicAnimatorDidPause:`: called when the animator stops.
    public var didPause: ((DynamicAnimator) -> Void)?

    // MARK: Behaviours

    /// Adds a top-level behaviour and registers it (and its children) with the world: at once,
    /// or at the end of the tick when called from inside a step. Adding a top-level behaviour
    /// again is a no-op.
    /// - Precondition: the behaviour is not a child and not registered with another animator
    ///   (UIKit: "Adding the same behavior twice to the same animator is not supported").
    public func addBehavior(_ behavior: DynamicBehavior) {
        if behaviors.contains(where: { $0 === behavior }) { return }
        precondition(
            behavior.parent == nil && behavior.topLevelAnimator == nil && behavior.isFreeToRegister,
            "Adding the same behavior twice to the same animator is not supported")
        behaviors.append(behavior)
        behavior.topLevelAnimator = self
        requestRegistration(behavior)
        tickle()
    }

    /// Removes a top-level behaviour; unregistration (bodies, joints) waits for the end of the
    /// tick when called from inside a step. Removing a behaviour that is not top-level is a no-op.
    public func removeBehavior(_ behavior: DynamicBehavior) {
        guard let index = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: index)
        behavior.topLevelAnimator = nil
        requestUnregistration(behavior)
        tickle()
    }

    public func removeAllBehaviors() {
        for behavior in behaviors { removeBehavior(behavior) }
    }

    func childWasAdded(_ child: DynamicBehavior, to parent: DynamicBehavior) {
        // A parent still waiting for registration takes its children along when it registers.
        guard parent.dynamicAnimator === self else { return }
        requestRegistration(child)
        tickle()
    }

    func childWasRemoved(_ child: DynamicBehavior) {
        requestUnregistration(child)
        tickle()
    }

    /// True when the behaviour was unregistered inside the current tick (still registered until
    /// its end); adding it again cancels the removal.
    func isPendingUnregistration(_ behavior: DynamicBehavior) -> Bool {
        pendingUnregistrations.contains { $0 === behavior }
    }

    private func requestRegistration(_ behavior: DynamicBehavior) {
        guard isInWorldStep else { return register(behavior) }
        if let index = pendingUnregistrations.firstIndex(where: { $0 === behavior }) {
            pendingUnregistrations.remove(at: index)  // re-adding a queued removal cancels it
        } else if behavior.dynamicAnimator == nil {
            pendingRegistrations.append(behavior)
        }
    }

    private func requestUnregistration(_ behavior: DynamicBehavior) {
        guard isInWorldStep else { return unregister(behavior) }
        if let index = pendingRegistrations.firstIndex(where: { $0 === behavior }) {
            pendingRegistrations.remove(at: index)
        } else if behavior.dynamicAnimator === self {
            pendingUnregistrations.append(behavior)
        }
    }

    private func register(_ behavior: DynamicBehavior) {
        guard behavior.dynamicAnimator == nil else { return }
        registeredBehaviors.append(behavior)
        behavior.dynamicAnimator = self
        behavior.associate(with: self)
        for child in behavior.childBehaviors { register(child) }
    }

    private func unregister(_ behavior: DynamicBehavior) {
        guard behavior.dynamicAnimator === self else { return }
        for child in behavior.childBehaviors.reversed() { unregister(child) }
        registeredBehaviors.removeAll { $0 === behavior }
        behavior.dynamicAnimator = nil
        behavior.dissociate(from: self)
    }

    /// Registered behaviours in hierarchy order: depth-first pre-order over `behaviors`, parent
    /// before children (UIKit's order for contacts and item-property precedence).
    var registeredBehaviorsInHierarchyOrder: [DynamicBehavior] {
        var result: [DynamicBehavior] = []
        func visit(_ b: DynamicBehavior) {
            if b.dynamicAnimator === self { result.append(b) }
            for child in b.childBehaviors { visit(child) }
        }
        for b in behaviors { visit(b) }
        return result
    }

    // MARK: Running and pausing (spec §1.5)

    /// `_tickle`: starts the animator if it has bodies and is not running.
    func tickle() {
        guard !isRunning, !world.bodies.isEmpty else { return }
        isRunning = true
        willResume?(self)
    }

    /// `_stop`.
    private func stop() {
        guard isRunning else { return }
        isRunning = false
        didPause?(self)
    }

    /// `UIKit_runBlockPostSolverIfNeeded`: inside a tick, defer to the end of its actions.
    func runPostSolverIfNeeded(_ block: @escaping () -> Void) {
        if isInWorldStep { postSolverBlocks.append(block) } else { block() }
    }

    // MARK: The tick

    /// One display-link tick of `dt` seconds (spec §1.2, §1.4). Does nothing while not running.
    ///
    /// The world turns `dt` into whole 1/120-s Box2D sub-steps through PhysicsKit's accumulator:
    /// with dt = 1/60, N ticks make 2N − 1 sub-steps.
    /// - Precondition: `dt` is finite and ≥ 0.
    public func step(_ dt: Double) {
        guard isRunning else { return }
        precondition(dt.isFinite && dt >= 0, "Invalid tick interval \(dt): must be finite and >= 0")
        tickCount += 1
        elapsedTime += dt

        // 1. Pre-solver: item-behaviour properties, implicit boundaries, then every behaviour's
        //    `_step` hook (push applies its force or impulse here).
        if needsItemPropertiesUpdate { applyItemProperties() }
        if needsImplicitBoundaryRebuild {
            needsImplicitBoundaryRebuild = false
            for case let collision as CollisionBehavior in registeredBehaviors {
                collision.rebuildImplicitBoundary(self)
            }
        }
        for behavior in registeredBehaviors { behavior.preSolverStep(self) }

        // 2. World step; the write-back happens inside it, before it reports whether any body is awake.
        isInWorldStep = true
        var anyAwake = false
        let advanced = world.advance(by: dt)
        if advanced {
            writeBack()
            anyAwake = world.anyDynamicBodyAwake
        }

        // 3. Post-solver: began, then ended contacts, then actions, stop vote, deferred changes.
        if advanced { deliverContacts() }
        for behavior in registeredBehaviors { behavior.action?() }
        let stoppable = behaviors.allSatisfy { $0.allowsAnimatorToStop }
        isInWorldStep = false
        let blocks = postSolverBlocks
        postSolverBlocks.removeAll()
        for block in blocks { block() }
        let removals = pendingUnregistrations
        let additions = pendingRegistrations
        pendingUnregistrations.removeAll()
        pendingRegistrations.removeAll()
        for behavior in removals { unregister(behavior) }
        for behavior in additions where behavior.rootAnimator === self { register(behavior) }
        if stoppable || registeredBehaviors.isEmpty { stop() }

        // 5. The display link's check on the world step's answer.
        if !anyAwake { stop() }
    }

    // MARK: Write-back (spec §1.6)

    private func writeBack() {
        let scale = accuracy
        for record in itemBodies {
            let item = record.item
            let position = Engine.points(cb2_body_get_position(record.body))
            let theta = Double(cb2_body_get_angle(record.body))
            if let group = item as? DynamicItemGroup {
                // Members follow the compound body: centre + R(θ)·offset, rounded like views.
                let rotation = AffineTransform(rotation: .radians(theta))
                for (member, offset) in zip(group.items, group.offsets) {
                    let c = member.writtenCenter(
                        forReferencePoint: position + rotation.applyLinear(to: offset), scale: scale, rounded: true)
                    if member.center != c { member.center = c }
                    member.transform = AffineTransform(rotation: .radians(PixelRounding.angle(theta)))
                }
            }
            switch item.kind {
            case .view:
                let c = item.writtenCenter(forReferencePoint: position, scale: scale, rounded: true)
                if item.center != c { item.center = c }
                item.transform = AffineTransform(rotation: .radians(PixelRounding.angle(theta)))
            case .plain:
                item.center = item.writtenCenter(forReferencePoint: position, scale: scale, rounded: false)
                item.transform = AffineTransform(rotation: .radians(theta))
            }
        }
    }

    /// `updateItemUsingCurrentState:`: pushes the item's centre and rotation into its body,
    /// wakes it and restarts the animator (spec §1.6).
    ///
    /// Plain items: both always taken. View items reproduce UIKit's rounded-mode quirk: the
    /// angle is taken only when it rounds (1/5000 rad) to the body's current angle, the centre
    /// only when it rounds (1/scale pt) to a different point than the body's. An item with no
    /// body is ignored.
    public func updateItemUsingCurrentState(_ item: DynamicItem) {
        guard let record = itemBody(for: item) else { return }
        let centre = item.referenceCenter
        let theta = item.rotation.radians
        var position = cb2_body_get_position(record.body)
        var angle = cb2_body_get_angle(record.body)
        switch item.kind {
        case .plain:
            position = Engine.meters(centre)
            angle = Float(theta)
        case .view:
            let scale = accuracy
            let bodyCentre = Engine.points(position)
            if PixelRounding.angle(theta) == PixelRounding.angle(Double(angle)) { angle = Float(theta) }
            let rounded = { (p: Point) in
                Point(PixelRounding.coordinate(p.x, scale: scale), PixelRounding.coordinate(p.y, scale: scale))
            }
            if rounded(centre) != rounded(bodyCentre) { position = Engine.meters(centre) }
        }
        cb2_body_set_transform(record.body, position, angle)
        cb2_body_set_awake(record.body, true)
        tickle()
    }

    /// The owner of each boundary body, by body id (looked up only, never iterated).
    var boundaryOwners: [UInt64: (behavior: CollisionBehavior, identifier: String?)] = [:]

    /// Collision behaviours are assigned 1-based group numbers from a per-animator counter (UIKit:
    /// "a counter, not an allocator"; per animator here so runs are independent [GUESS]).
    var lastCollisionGroup = 0
}
