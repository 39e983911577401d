import Dynamics
import Foundation
import Geometry

/// The seed's `ResizableDynamicBehavior` (custom-behaviors listing 6-5): the item's scale follows
/// a damped sinusoid, scale(t) = 1 + amplitude·sin(2π·frequency·t)·e^(−decay·t), then snaps back
/// to its unscaled transform once t > `duration` (spec timing §6.1).
///
/// Clock: t = n / `tickRate`, n = actions since the first (0 on the first action), not the
/// animator's `elapsedTime`, which never resets and is a running sum (90 × 1/60 summed is not 1.5)
/// — time from tick indexes keeps the spec vectors exact: at 60 Hz the action with n = 91
/// (t = 1.516667) is the first past 1.5 s; it computes and applies a scale, then restores the
/// transform and ends (on animator tick 92 when the behaviour is added before tick 1).
///
/// Keeping the animator awake. The animator stops when no body is awake, and it only starts with
/// a body; the scaled item itself need not have one. The seed adds a child gravity behaviour on a
/// hidden 10×10 view that falls forever. Here the hidden item (`internalItems`, never to be drawn)
/// sits in a child `ItemBehavior` instead and the action calls `updateItemUsingCurrentState` on it
/// each tick, which wakes its body (Box2D `SetAwake(true)` resets the sleep timer), so it never
/// sleeps and never moves. Rejected: the seed's gravity child, because gravity is world-wide — it
/// would overwrite a scene's own gravity vector, and removing it sets world gravity to (0, 0)
/// for every other gravity item (spec dynamics §3.3). While active, `allowsAnimatorToStop` is
/// false; once ended it is true and the child is gone, so the animator may pause.
///
/// Each action, as in the seed: set the scale, then `updateItemUsingCurrentState(item)` (a no-op
/// for an item without a body). Difference: the seed sets a pure scale, dropping any rotation the
/// animator wrote; here the scale is applied before the item's current rotation (identical for an
/// unrotated item), and the end restores that rotation, i.e. the identity for an unrotated item.
/// The seed also re-sets `bounds` each tick; `DynamicItem.bounds` is never changed by a transform,
/// so there is nothing to reset. After the end the action does nothing (the seed's keeps scaling).
public final class DampedResizeBehavior: DynamicBehavior {
    public let item: DynamicItem

    /// Peak relative size change, dimensionless. Range finite; default 0.5 (±50 %). Larger
    /// values swing the scale further; keep < 1 so the scale stays positive.
    public let amplitude: Double
    /// Oscillation frequency, Hz. Range finite, ≥ 0; default 1 (one cycle per second, the seed's
    /// 2π rad/s). Higher values wobble faster.
    public let frequency: Double
    /// Exponential decay rate, 1/s. Range finite, ≥ 0; default 2 (the envelope halves every
    /// 0.35 s). Higher values settle sooner; 0 never decays.
    public let decay: Double
    /// How long the effect runs, s. Range finite, ≥ 0; default 1.5 (one and a half cycles at
    /// 1 Hz, where the sinusoid is back at 1). The first action with t > duration ends it.
    public let duration: Double
    /// Animator ticks per second, Hz, for the behaviour's clock t = n / tickRate. Range > 0;
    /// default 60. Set it to the rate the animator is stepped at (the pipeline's fps).
    public let tickRate: Double

    public let log: BehaviorEventLog

    /// The hidden item whose awake body keeps the animator ticking: never draw it.
    public var internalItems: [DynamicItem] { [clockItem] }

    /// Actions run so far (n + 1 after the action with index n).
    public private(set) var actionCount = 0
    /// The animator tick of the first action, and of the one that ended the effect.
    public private(set) var beganTick: Int?
    public private(set) var endedTick: Int?
    /// The behaviour's own clock index n (t = n / tickRate) of the action that ended the effect:
    /// 91 at the defaults and 60 Hz (spec timing §6.1).
    public var endedClockTick: Int? { endedTick == nil ? nil : actionCount - 1 }
    /// The scale the last action applied (1 before the first and after the end).
    public private(set) var currentScale: Double = 1

    public var isActive: Bool { endedTick == nil }

    private let clockItem: DynamicItem
    private let clockBehavior: ItemBehavior

    /// - Precondition: every parameter finite; `frequency`, `decay`, `duration` ≥ 0; `tickRate` > 0.
    public init(
        item: DynamicItem, amplitude: Double = 0.5, frequency: Double = 1, decay: Double = 2,
        duration: Double = 1.5, tickRate: Double = 60, log: BehaviorEventLog = BehaviorEventLog()
    ) {
        precondition(amplitude.isFinite, "Invalid amplitude \(amplitude): must be finite")
        precondition(frequency.isFinite && frequency >= 0, "Invalid frequency \(frequency): must be finite and >= 0")
        precondition(decay.isFinite && decay >= 0, "Invalid decay \(decay): must be finite and >= 0")
        precondition(duration.isFinite && duration >= 0, "Invalid duration \(duration): must be finite and >= 0")
        precondition(tickRate.isFinite && tickRate > 0, "Invalid tick rate \(tickRate): must be finite and > 0")
        self.item = item
        self.amplitude = amplitude
        self.frequency = frequency
        self.decay = decay
        self.duration = duration
        self.tickRate = tickRate
        self.log = log
        // The seed's 10×10 fake view; a plain item so its body is written back exactly.
        clockItem = DynamicItem(
            identifier: "\(item.identifier).resizeClock", bounds: Size(10, 10), center: item.center, kind: .plain)
        clockBehavior = ItemBehavior(items: [clockItem])
        super.init()
        addChildBehavior(clockBehavior)
        action = { [unowned self] in self.tick() }
    }

    /// The seed's curve: 1 + amplitude·sin(2π·frequency·t)·e^(−decay·t).
    public static func scale(at t: Double, amplitude: Double = 0.5, frequency: Double = 1, decay: Double = 2) -> Double
    {
        1 + amplitude * sin(2 * Double.pi * frequency * t) * exp(-decay * t)
    }

    public override var allowsAnimatorToStop: Bool { !isActive }

    private func tick() {
        guard isActive, let animator = dynamicAnimator else { return }
        if beganTick == nil {
            beganTick = animator.tickCount
            log.record(.resizeBegan(item: item.identifier), animator: animator)
        }
        let t = Double(actionCount) / tickRate
        actionCount += 1
        let rotation = AffineTransform(rotation: item.rotation)
        currentScale = Self.scale(at: t, amplitude: amplitude, frequency: frequency, decay: decay)
        item.transform = AffineTransform(scaleX: currentScale, y: currentScale).concatenating(rotation)
        animator.updateItemUsingCurrentState(item)
        if t > duration {
            removeChildBehavior(clockBehavior)
            currentScale = 1
            item.transform = rotation
            endedTick = animator.tickCount
            log.record(.resizeEnded(item: item.identifier), animator: animator)
        } else {
            animator.updateItemUsingCurrentState(clockItem)
        }
    }
}
