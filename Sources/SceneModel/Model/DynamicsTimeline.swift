import Geometry
import SceneSyntax
import Scrolling

/// A scripted change of the dynamic animator's behaviours (`dynamicsTimeline:`): at a time, or
/// as the handler of a scripted tap on an item, add a behaviour, remove one, or set parameters
/// of one, as app code does with UIKit's setters (`snap.snapPoint = …`, `push.active = true`,
/// `animator.removeBehavior(fall)`).
///
/// Entries run on tick ⌈at·fps⌉, before that tick's animator step, in file order (scripted
/// input arrives before the display-link callback). Effects are UIKit's: a setter that changes
/// physics wakes the items and restarts a paused animator (the trace logs "animator resumed");
/// a snap's `damping` is read only when the snap is added, so setting it later is stored and has
/// no effect on the motion (spec dynamics §3.1, property 12).
public struct DynamicsTimelineEntry: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        /// `set: { behavior: id, key: value, … }`, the settings in file order.
        case set(behavior: String, settings: [BehaviorSetting])
        /// `remove: id`: `animator.removeBehavior(_:)`.
        case remove(String)
        /// `add: { id: …, kind: { … } }`: `animator.addBehavior(_:)` of a new behaviour.
        case add(BehaviorSpec, id: String?)
        /// A bare `tap:` entry (no `set`, `remove` or `add`): the tap is traced and shown by the
        /// touch indicator, and changes nothing in the dynamics; the scene's other scripts
        /// (an animator's `startAnimation`, a view animation) at the same time are its handler.
        case none
    }

    /// A scripted pan on an item: from `at` the item follows the finger's translation every
    /// tick (centre set, then `updateItemUsingCurrentState`, as a pan handler does); the entry's
    /// action is the `.ended` handler, run when the finger lifts (`at` + the last keyframe time).
    public struct Drag: Equatable, Sendable {
        public var item: String
        /// Seconds after `at` (≥ 0, strictly increasing) and finger positions in canvas points.
        public var times: [Double]
        public var points: [Point]

        public init(item: String, times: [Double], points: [Point]) {
            self.item = item
            self.times = times
            self.points = points
        }

        /// The finger `t` s after the drag began: linear between keyframes, clamped at the ends.
        public func finger(at t: Double) -> Point { FingerPath(times: times, points: points).position(at: t) }
    }

    /// An event the entry waits for (`on:`), from `at` on: a collision delegate's handler.
    public enum Trigger: Equatable, Sendable {
        /// `collisionBehavior(_:beganContactFor:with:at:)` between two items, either way round.
        case collision(String, String)
        /// The item's body falls asleep (Box2D's rest: slower than its tolerances for half a
        /// second), as UIKit's animator decides rest body by body.
        case rest(String)
    }

    /// Seconds from the start, 0 … 3600.
    public var at: Double
    /// The event that runs the entry (on the tick after the first one from `at` on); nil for an
    /// entry at a time, a tap or a drag.
    public var on: Trigger?
    /// The item a scripted tap lands on, if the entry is a tap handler (traced "tap on <item>").
    public var tap: String?
    /// A scripted drag whose release runs the action; nil for an entry at a time or on a tap.
    public var drag: Drag?
    public var action: Action

    public init(at: Double, tap: String? = nil, drag: Drag? = nil, on: Trigger? = nil, action: Action) {
        self.at = at
        self.on = on
        self.tap = tap
        self.drag = drag
        self.action = action
    }

    /// When the action runs: `at`, or the end of the drag.
    public var actionTime: Double { at + (drag?.times.last ?? 0) }
}

/// One `key: value` of a `set:` entry. Keys are UIKit's property names.
public struct BehaviorSetting: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        case number(Double)
        case point(Point)
        case bool(Bool)
    }

    public var key: String
    public var value: Value

    public init(_ key: String, _ value: Value) {
        self.key = key
        self.value = value
    }

    /// Every settable key with its value type (points `[x, y]`, booleans, numbers).
    public static let pointKeys = ["snapPoint", "direction", "anchorPoint", "position"]
    public static let boolKeys = ["active", "allowsRotation", "anchored"]
    public static let numberKeys = [
        "damping", "angle", "magnitude", "length", "frequency", "elasticity", "friction",
        "resistance", "angularResistance", "density", "charge", "strength",
    ]
    public static var allKeys: [String] { pointKeys + boolKeys + numberKeys }

    /// The keys each behaviour kind accepts (UIKit's settable properties of that class).
    public static func keys(for kind: String) -> [String] {
        switch kind {
        case "snap": return ["snapPoint", "damping"]
        case "push": return ["angle", "magnitude", "direction", "active"]
        case "gravity": return ["direction", "angle", "magnitude"]
        case "attachment": return ["anchorPoint", "length", "damping", "frequency"]
        case "itemBehavior":
            return [
                "elasticity", "friction", "resistance", "angularResistance", "density", "charge",
                "allowsRotation", "anchored",
            ]
        case "field": return ["strength", "position", "direction"]
        default: return []
        }
    }
}
