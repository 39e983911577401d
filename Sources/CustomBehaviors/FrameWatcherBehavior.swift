import Dynamics
import Geometry

/// The seed's `WatcherBehavior` (pause-detection listing 6-2): ends a client behaviour as soon as
/// the item's *frame* stops changing, instead of waiting for Box2D to put the body to sleep.
///
/// Why: the animator pauses only when every body has stayed under 1 pt/s and 2°/s for 0.5 s
/// (spec dynamics §1.5). A view on the 1/scale-pt grid stops changing long before its body's
/// velocity decays that far: in the seed the frame is final at 0.50 s and the animator pauses at
/// 1.17 s. Here, on the seed scene (60×60 view, scale 2, snapped from (160, 252) to (80, 252),
/// dt = 1/60) the frame is final after tick 27, the watcher fires on tick 33 (0.55 s) and the
/// animator pauses there, against tick 68 (1.13 s) by itself.
///
/// Rules (listing 6-2, kept exactly):
/// - Each action compares the item's frame with the most recent *different* frame. Steady when
///   the frames are equal, or when the intersection's area differs from each frame's area by
///   less than `pointLaxity` pt² (so 0.5-pt rounding steps of a 60×60 view, 30 pt², count as
///   changes at the default 10 pt²).
/// - A steady tick counts up; a changed one stores the new frame and resets the count to 0.
/// - On a steady tick with count > `threshold` the watcher removes the client and itself with
///   `removeBehavior` from inside its action. The animator defers both unregistrations to the
///   end of the tick (spec §1.4), then pauses because no top-level behaviour is left.
/// The count starts at 0 with the frame at `init`, so with no motion at all the watcher fires on
/// its 6th action.
///
/// Both the client and the watcher must be top-level behaviours (`removeBehavior` of a child is
/// a no-op), as in the seed. Fires at most once.
public final class FrameWatcherBehavior: DynamicBehavior {
    public let item: DynamicItem
    /// The behaviour removed when the frame is steady (the seed's snap).
    public let client: DynamicBehavior

    /// Area tolerance of the frame comparison, pt². Range ≥ 0; default 10 (the seed). Larger
    /// values treat bigger moves as "steady" and fire earlier; 0 demands identical frames.
    public let pointLaxity: Double

    /// Steady ticks to exceed before firing. Range ≥ 0; default 5 (the seed's `kThreshold`):
    /// the watcher fires on the 6th consecutive steady tick, 0.1 s at 60 Hz.
    public let threshold: Int

    public let log: BehaviorEventLog

    /// Consecutive steady ticks so far.
    public private(set) var steadyCount = 0
    /// The most recent frame that differed from its predecessor (the frame at `init` at first).
    public private(set) var mostRecentFrame: Rect
    /// The animator tick on which the watcher fired (it paused the animator at the end of it).
    public private(set) var firedTick: Int?
    /// The animator's `elapsedTime` at the end of that tick, s.
    public private(set) var firedTime: Double?

    /// - Precondition: `pointLaxity` is finite and ≥ 0; `threshold` ≥ 0.
    public init(
        item: DynamicItem, client: DynamicBehavior, pointLaxity: Double = 10, threshold: Int = 5,
        log: BehaviorEventLog = BehaviorEventLog()
    ) {
        precondition(
            pointLaxity.isFinite && pointLaxity >= 0, "Invalid point laxity \(pointLaxity): must be finite and >= 0")
        precondition(threshold >= 0, "Invalid threshold \(threshold): must be >= 0")
        self.item = item
        self.client = client
        self.pointLaxity = pointLaxity
        self.threshold = threshold
        self.log = log
        self.mostRecentFrame = item.frame
        super.init()
        action = { [unowned self] in self.check() }
    }

    /// The seed's `CompareFrames`: true when the two frames are "close enough".
    public static func framesAreSteady(_ a: Rect, _ b: Rect, laxity: Double) -> Bool {
        if a == b { return true }
        // CGRectIntersection of disjoint frames is the null rect, whose area is 0.
        let overlap = a.intersection(b)
        let testArea = overlap == .null ? 0 : overlap.area
        return abs(testArea - a.area) < laxity && abs(testArea - b.area) < laxity
    }

    private func check() {
        guard firedTick == nil, let animator = dynamicAnimator else { return }
        let current = item.frame
        let steady = Self.framesAreSteady(current, mostRecentFrame, laxity: pointLaxity)
        if steady { steadyCount += 1 }
        if steady && steadyCount > threshold {
            firedTick = animator.tickCount
            firedTime = animator.elapsedTime
            log.record(.watcherFired(item: item.identifier), animator: animator)
            animator.removeBehavior(client)
            animator.removeBehavior(self)
            return
        }
        if !steady {
            mostRecentFrame = current
            steadyCount = 0
        }
    }
}
