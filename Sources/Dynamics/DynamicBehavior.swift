/// `UIDynamicBehavior`: the base of every behaviour and, used directly or subclassed outside this
/// module, a *composite* behaviour: an optional per-tick `action` and child behaviours
/// (spec dynamics §3.0).
///
/// Children are registered with the animator as independent behaviours (their own physics, their
/// own action) when the parent is, depth-first, parent first; removing the parent unregisters them.
open class DynamicBehavior {
    public init() {}

    /// Called once per tick while the behaviour is registered with a running animator: after the
    /// world step and the write-back, so it sees this tick's item centres (spec §1.4, [MEAS T10]).
    /// Adding or removing behaviours from here is allowed; registration changes are deferred to
    /// the end of the tick.
    public var action: (() -> Void)?

    public private(set) var childBehaviors: [DynamicBehavior] = []

    /// The parent while this behaviour is someone's child.
    weak var parent: DynamicBehavior?

    /// Adds a child. On a registered parent the child is registered at once (at the end of the
    /// tick when called inside a step). Adding a child already present is a no-op.
    /// - Precondition: `behavior` is not `self`, has no other parent and is not a top-level
    ///   behaviour of an animator (UIKit raises "Adding the same behavior twice to the same
    ///   animator is not supported").
    public func addChildBehavior(_ behavior: DynamicBehavior) {
        if childBehaviors.contains(where: { $0 === behavior }) { return }
        precondition(behavior !== self, "A behavior cannot be its own child")
        precondition(behavior.parent == nil, "The behavior is already a child of another behavior")
        precondition(
            behavior.topLevelAnimator == nil && behavior.isFreeToRegister,
            "Adding the same behavior twice to the same animator is not supported")
        childBehaviors.append(behavior)
        behavior.parent = self
        rootAnimator?.childWasAdded(behavior, to: self)
    }

    public func removeChildBehavior(_ behavior: DynamicBehavior) {
        guard let index = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        childBehaviors.remove(at: index)
        behavior.parent = nil
        rootAnimator?.childWasRemoved(behavior)
    }

    /// The animator while this behaviour is registered with one (set when its registration is
    /// applied, cleared when it is unregistered).
    public internal(set) weak var dynamicAnimator: DynamicAnimator?

    /// The animator whose top-level `behaviors` list this behaviour is in (immediately on
    /// `addBehavior`, even inside a step where registration waits for the end of the tick).
    weak var topLevelAnimator: DynamicAnimator?

    /// Not registered anywhere, or only until the end of the current tick (removed inside it).
    var isFreeToRegister: Bool {
        guard let animator = dynamicAnimator else { return true }
        return animator.isPendingUnregistration(self)
    }

    /// The animator of the hierarchy this behaviour belongs to, if any.
    var rootAnimator: DynamicAnimator? {
        var node: DynamicBehavior = self
        while let p = node.parent { node = p }
        return node.topLevelAnimator
    }

    /// Whether this behaviour lets the animator pause although bodies are awake (spec §1.5).
    /// Built-in behaviours say no. A composite says: without children, yes iff it has no action;
    /// with children, yes iff every child says yes.
    open var allowsAnimatorToStop: Bool {
        if childBehaviors.isEmpty { return action == nil }
        return childBehaviors.allSatisfy { $0.allowsAnimatorToStop }
    }

    // MARK: Engine hooks (overridden by the built-in behaviours of this module)

    /// `_associate`: create bodies, joints and world state. Called once at registration.
    func associate(with animator: DynamicAnimator) {}

    /// `_dissociate`: undo `associate`. Called once at unregistration.
    func dissociate(from animator: DynamicAnimator) {}

    /// `_step`: the pre-solver hook, once per tick before the world step.
    func preSolverStep(_ animator: DynamicAnimator) {}
}
