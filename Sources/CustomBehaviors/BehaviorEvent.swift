import Dynamics

/// Something a custom behaviour did, for traces: when it happened and what.
///
/// Items and zones are named by their identifiers, so events are plain values that a pipeline can
/// compare, print and keep after the simulation is gone.
public struct BehaviorEvent: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// A `FrameWatcherBehavior` saw the item's frame steady for more than its threshold and
        /// removed its client behaviour and itself.
        case watcherFired(item: String)
        /// A `DampedResizeBehavior` ran its first action (its clock's t = 0).
        case resizeBegan(item: String)
        /// A `DampedResizeBehavior` passed its duration and restored the item's transform.
        case resizeEnded(item: String)
        /// A `TransformTweenBehavior` ran its first action.
        case tweenBegan(item: String)
        /// A `TransformTweenBehavior`'s clamped progress reached 1 (the item shows the target).
        case tweenReachedTarget(item: String)
        /// A scripted drag touched down (pan `.began`).
        case dragBegan(item: String)
        /// A scripted drag lifted (pan `.ended`).
        case dragEnded(item: String)
        /// The item's drag was suspended by a capture: the pan is cancelled, the rest of that
        /// drag is lost (a disabled recognizer never gets the touch back).
        case dragCancelled(item: String)
        /// A scripted drag began while the item's drag was suspended: the pan never sees it.
        case dragIgnored(item: String)
        /// The animator paused with the item's drag suspended: the zone snaps are removed and
        /// the item can be dragged again.
        case dragResumed(item: String)
        /// A free item, or a captured one dragged over another zone, was captured by `zone` and
        /// is snapping to its centre.
        case captured(item: String, zone: String)
        /// A drag of a captured item ended over its own zone: it snaps back to the centre.
        case recaptured(item: String, zone: String)
        /// A drag of a captured item ended outside every zone: the item stays where it was
        /// dropped (still tagged with `zone`, as in the seed).
        case escaped(item: String, zone: String)
        /// A free item overlapped `zone` while another item's drag was suspended; the seed logs
        /// "attempting to suspend second recognizer" and leaves the item free.
        case captureRefused(item: String, zone: String)
    }

    /// The animator's `tickCount` when it happened: inside an action on tick N, N; between
    /// ticks (scripted input), the number of ticks stepped so far.
    public let tick: Int
    /// Seconds: the animator's `elapsedTime` for events raised in actions; the scene time the
    /// input was applied at for input events (drags and the captures they cause). The two agree
    /// until the animator first pauses, since a paused animator's clock stands still.
    public let time: Double
    public let kind: Kind

    public init(tick: Int, time: Double, kind: Kind) {
        self.tick = tick
        self.time = time
        self.kind = kind
    }

    public var description: String { "tick \(tick) (\(time) s): \(summary)" }

    /// What happened, without the when: "watcher fired on card".
    public var summary: String {
        let what: String
        switch kind {
        case .watcherFired(let item): what = "watcher fired on \(item)"
        case .resizeBegan(let item): what = "resize began on \(item)"
        case .resizeEnded(let item): what = "resize ended on \(item)"
        case .tweenBegan(let item): what = "tween began on \(item)"
        case .tweenReachedTarget(let item): what = "tween reached target on \(item)"
        case .dragBegan(let item): what = "drag began on \(item)"
        case .dragEnded(let item): what = "drag ended on \(item)"
        case .dragCancelled(let item): what = "drag cancelled on \(item)"
        case .dragIgnored(let item): what = "drag ignored on \(item)"
        case .dragResumed(let item): what = "drag resumed on \(item)"
        case .captured(let item, let zone): what = "\(item) captured by \(zone)"
        case .recaptured(let item, let zone): what = "\(item) recaptured by \(zone)"
        case .escaped(let item, let zone): what = "\(item) escaped \(zone)"
        case .captureRefused(let item, let zone): what = "\(item) refused by \(zone) (another drag is suspended)"
        }
        return what
    }
}

/// An append-only list of `BehaviorEvent`s in the order they happened.
///
/// Share one log between several behaviours to get a single trace: the animator runs actions in
/// registration order and input is applied in script order, so the order is deterministic.
/// A reference type so behaviours can hold it; not thread-safe (a simulation runs on one thread).
public final class BehaviorEventLog {
    public private(set) var events: [BehaviorEvent] = []

    public init() {}

    public func record(_ kind: BehaviorEvent.Kind, tick: Int, time: Double) {
        events.append(BehaviorEvent(tick: tick, time: time, kind: kind))
    }

    /// Records at the animator's current tick and elapsed time (tick 0, time 0 without one).
    public func record(_ kind: BehaviorEvent.Kind, animator: DynamicAnimator?) {
        record(kind, tick: animator?.tickCount ?? 0, time: animator?.elapsedTime ?? 0)
    }

    public func removeAll() { events.removeAll() }
}
