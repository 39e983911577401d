import Colors
import Geometry
import SceneSyntax
import Scrolling
import Timing

// Core Animation timing in scenes: the layer tree's drawing extras (shadow), animations on items,
// UIView.animate blocks, property animators with their scripted timelines, and scripted layer
// timing changes. Values are Timing's own types (`MediaTiming`, `BasicAnimation`, ...), built
// through their throwing initializers while decoding, so an invalid animation cannot exist.
//
// Scripted time: a call `at: t` runs on tick ⌈t·fps⌉, the first frame at or after t (no clocks;
// `ScriptTime.tick(for:fps:)`). Within a tick the order is fixed (see `docs/scene-format.md`).

/// `CALayer.shadow*`. Core Animation's defaults except `opacity`, which defaults to 1 here: a
/// scene that writes `shadow:` wants to see one (CA's `shadowOpacity` default 0 hides it).
/// One of a layer's filters (`CALayer.filters`), applied to its composited content.
public struct LayerFilter: Equatable, Sendable {
    /// `CIGaussianBlur`; nil when the entry names no blur.
    public var gaussianBlur: GaussianBlur?

    public init(gaussianBlur: GaussianBlur? = nil) { self.gaussianBlur = gaussianBlur }
}

/// `CIGaussianBlur` on a layer: blurs the layer and its sublayers, composited, by a Gaussian.
public struct GaussianBlur: Equatable, Sendable {
    /// `inputRadius`: the Gaussian's standard deviation σ, in points (× the canvas scale in pixels).
    public var radius: Double

    public init(radius: Double = 0) { self.radius = radius }

    /// The largest `radius` a scene may give, in points; an animated radius is held to it too.
    public static let maximumRadius = 100.0
}

public struct Shadow: Equatable, Sendable {
    /// `shadowColor`, default opaque black.
    public var color: ColorRGBA8
    /// `shadowOpacity` in [0, 1], default 1 (CA: 0).
    public var opacity: Double
    /// `shadowOffset` in points, y down; default (0, −3) as in CA (a shadow above the layer on iOS).
    public var offset: Point
    /// `shadowRadius` in points, ≥ 0, default 3 (CA); a Gaussian blur with σ = radius / 2.
    public var radius: Double
    /// `shadowPath`, in the item's bounds (origin at the top-left): the shadow's shape, filled
    /// (non-zero) and opaque, instead of the layer's composited alpha; nil (default) for that alpha.
    public var path: Path?

    public init(color: ColorRGBA8 = .black, opacity: Double = 1, offset: Point = Point(0, -3), radius: Double = 3) {
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.radius = radius
    }
}

/// One explicit Core Animation animation on an item's layer (`layer.add(_:forKey:)`).
public struct AnimationSpec: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case basic(BasicAnimation)
        case keyframe(KeyframeAnimation)
        case spring(SpringAnimation)
        /// `CAAnimationGroup`: its members share the group's timing.
        case group(AnimationGroupSpec)

        public var name: String {
            switch self {
            case .basic: return "basic"
            case .keyframe: return "keyframe"
            case .spring: return "spring"
            case .group: return "group"
            }
        }
    }

    /// `forKey:`; nil = a fresh key per animation. Adding under a key replaces the animation
    /// there (finished=false), as in CA.
    public var key: String?
    public var property: LayerProperty
    /// Scene time (s, ≥ 0) of the `add`; default 0. beginTime 0 resolves to the layer's local
    /// time at that tick (CA's commit rule, spec timing §1.6).
    public var at: Double
    public var kind: Kind

    public init(key: String? = nil, property: LayerProperty, at: Double = 0, kind: Kind) {
        self.key = key
        self.property = property
        self.at = at
        self.kind = kind
    }

    /// The animation a layer holds; nil for a group, whose members it holds instead.
    public var animation: (any PropertyAnimation)? {
        switch kind {
        case .basic(let a): return a
        case .keyframe(let a): return a
        case .spring(let a): return a
        case .group: return nil
        }
    }

    /// The animations of single properties this one is: itself, or a group's members, each with
    /// the key path under `path` (the animation's own, such as `items[0].animations[2]`).
    public func leaves(at path: String) -> [(animation: AnimationSpec, path: String)] {
        guard case .group(let group) = kind else { return [(self, path)] }
        return group.members.enumerated().flatMap { k, member in
            member.leaves(at: path + ".group.animations[\(k)]")
        }
    }
}

/// `CAAnimationGroup` (`group:`): animations of several properties that run as one, in the
/// group's time. A member's `beginTime` counts from the group's start, a member is cut off at the
/// group's end (as in Core Animation the group's `duration` is its own, not its members'), and the
/// group reports one stop, under its key.
public struct AnimationGroupSpec: Equatable, Sendable {
    public var timing: MediaTiming
    /// Eases the time the members see; nil: linear.
    public var timingFunction: MediaTimingFunction?
    public var isRemovedOnCompletion: Bool
    /// Basic, keyframe and spring animations, each of its own property.
    public var members: [AnimationSpec]

    public init(
        timing: MediaTiming, timingFunction: MediaTimingFunction? = nil, isRemovedOnCompletion: Bool = true,
        members: [AnimationSpec]
    ) {
        self.timing = timing
        self.timingFunction = timingFunction
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.members = members
    }
}

/// One property set to one value (a UIView animation block's body).
public struct PropertyChange: Equatable, Sendable {
    public var property: LayerProperty
    public var value: AnimatableValue

    public init(property: LayerProperty, value: AnimatableValue) {
        self.property = property
        self.value = value
    }
}

/// `UIView.animate…` on one item at a scene time.
public struct ViewAnimationSpec: Equatable, Sendable {
    public enum Style: Equatable, Sendable {
        /// `animate(withDuration:delay:options:animations:)`.
        case basic
        /// `…usingSpringWithDamping:initialSpringVelocity:…`: ratio > 0, velocity in distances per second.
        case spring(dampingRatio: Double, initialVelocity: Double)
        /// iOS 17 `animate(springDuration:bounce:initialSpringVelocity:…)`: `duration` is the spring's.
        case springBounce(bounce: Double, initialVelocity: Double)
        /// `animateKeyframes(withDuration:…)` with its `addKeyframe` blocks.
        case keyframes([KeyframeBlock])
    }

    /// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`.
    public struct KeyframeBlock: Equatable, Sendable {
        public var start: Double
        public var duration: Double
        public var changes: [PropertyChange]

        public init(start: Double, duration: Double, changes: [PropertyChange]) {
            self.start = start
            self.duration = duration
            self.changes = changes
        }
    }

    /// What the completion block does, the tick after the animation reports its end (CA delivers
    /// `animationDidStop` after the frame is committed, which is why the seed's reversed layer
    /// is seen hidden for one frame).
    public struct Completion: Equatable, Sendable {
        /// The seed's `gs_recoverToDefaultState`: the layer's speed 1, timeOffset 0, beginTime 0.
        public var resetsTiming: Bool
        /// Model values set without animation.
        public var changes: [PropertyChange]

        public init(resetsTiming: Bool = false, changes: [PropertyChange] = []) {
            self.resetsTiming = resetsTiming
            self.changes = changes
        }
    }

    public var at: Double
    public var item: String
    /// Seconds; ≤ 0 sets the values without animation (D-animate).
    public var duration: Double
    public var delay: Double
    /// `UIView.AnimationOptions` / `KeyframeAnimationOptions` bits (they share bits 0–9 and the
    /// curve bits).
    public var options: UInt
    public var style: Style
    public var changes: [PropertyChange]
    public var completion: Completion?
    /// A pan before the block (`drag:`): from `at` the finger drags the item, its centre
    /// following the finger's translation as a pan handler sets `view.center`, and the block runs
    /// when the finger lifts (the handler's `.ended`). nil: the block runs at `at`.
    public var drag: FingerPath?
    /// `spring.initialVelocity: fromDrag`: the spring starts at the drag's release velocity,
    /// over the distance left to the new centre (UIKit's `initialSpringVelocity`).
    public var springVelocityFromDrag = false
    /// `UIView.transition(with:duration:options:animations:)`: the item shows its change
    /// (its `isHidden` changes, and `changes` set without animation) through this transition
    /// instead of animating it. Nil for `UIView.animate`.
    public var transition: ViewTransition?
    /// A CATransition's own `timingFunction` (linear when not given, as CA's nil is); nil for
    /// UIView.transition, which takes the curve of `options`.
    public var transitionTiming: MediaTimingFunction?
    /// `isHidden` set on items (the item, or any other) when the block runs; not animated, as
    /// UIKit does not animate it (a transition shows it).
    public var hiddenChanges: [HiddenChange] = []

    /// One `view.isHidden = …` in the block.
    public struct HiddenChange: Equatable, Sendable {
        public var item: String
        public var isHidden: Bool

        public init(item: String, isHidden: Bool) {
            self.item = item
            self.isHidden = isHidden
        }
    }

    /// When the block runs: at `at`, or when the drag's finger lifts.
    public var runTime: Double { at + (drag?.duration ?? 0) }

    public init(
        at: Double = 0, item: String, duration: Double, delay: Double = 0, options: UInt = 0,
        style: Style = .basic, changes: [PropertyChange] = [], completion: Completion? = nil
    ) {
        self.at = at
        self.item = item
        self.duration = duration
        self.delay = delay
        self.options = options
        self.style = style
        self.changes = changes
        self.completion = completion
    }

    /// Option names as scene files write them, with their bits (UIView.h).
    public static let optionNames: [(String, UInt)] = [
        ("layoutSubviews", 1 << 0), ("allowUserInteraction", 1 << 1), ("beginFromCurrentState", 1 << 2),
        ("repeat", 1 << 3), ("autoreverse", 1 << 4), ("overrideInheritedDuration", 1 << 5),
        ("overrideInheritedCurve", 1 << 6), ("allowAnimatedContent", 1 << 7), ("showHideTransitionViews", 1 << 8),
        ("overrideInheritedOptions", 1 << 9),
        ("calculationModeLinear", 0 << 10), ("calculationModeDiscrete", 1 << 10), ("calculationModePaced", 2 << 10),
        ("calculationModeCubic", 3 << 10), ("calculationModeCubicPaced", 4 << 10),
        ("curveEaseInOut", 0 << 16), ("curveEaseIn", 1 << 16), ("curveEaseOut", 2 << 16), ("curveLinear", 3 << 16),
    ]
}

/// A view animation the scene runs, with where the file writes it (`viewAnimations[2]`, or an
/// animator's `transition` call, `animators[0].timeline[3]`): messages and the trace name it so.
public struct ViewAnimationScript: Equatable, Sendable {
    public var path: String
    public var spec: ViewAnimationSpec

    public init(path: String, spec: ViewAnimationSpec) {
        self.path = path
        self.spec = spec
    }
}

extension Scene {
    /// Every view animation the scene runs: `viewAnimations:` in file order, then the animators'
    /// `transition` calls (blocks of one tick run in this order).
    public var viewAnimationScripts: [ViewAnimationScript] {
        viewAnimations.enumerated().map { ViewAnimationScript(path: "viewAnimations[\($0)]", spec: $1) }
            + animatorTransitions
    }
}

/// How a view shows a block's changes: the transition options of
/// `UIView.transition(with:duration:options:animations:)`, or a `CATransition` added to its layer.
public enum ViewTransition: Equatable, Sendable {
    /// `transitionCrossDissolve` (and CATransition's `fade`): the old look fades into the new one.
    case crossDissolve
    /// `transitionFlipFromLeft` … `FromBottom`: the view turns over about its vertical (left,
    /// right) or horizontal (top, bottom) axis, the named side moving toward the viewer, and
    /// shows the new look on its other side.
    case flip(from: TransitionSide)
    /// CATransition `push`: the new look pushes the old one out, both moving away from `from`.
    case push(from: TransitionSide)
    /// CATransition `moveIn`: the new look slides in from `from` over the old one.
    case moveIn(from: TransitionSide)
    /// CATransition `reveal`: the old look slides away from `from`, uncovering the new one.
    case reveal(from: TransitionSide)

    /// UIView.transition's options as scene files name them.
    public static let viewOptions: [(String, ViewTransition)] = [
        ("crossDissolve", .crossDissolve), ("flipFromLeft", .flip(from: .fromLeft)),
        ("flipFromRight", .flip(from: .fromRight)), ("flipFromTop", .flip(from: .fromTop)),
        ("flipFromBottom", .flip(from: .fromBottom)),
    ]
}

/// `CATransition.subtype`: the side a transition starts from.
public enum TransitionSide: String, CaseIterable, Sendable {
    case fromLeft, fromRight, fromTop, fromBottom
}

/// `CATransition.type` as scene files name it.
public enum LayerTransitionType: String, CaseIterable, Sendable {
    case fade, push, moveIn, reveal
}

/// A scripted change of an item layer's media timing (the interactive-layer-timing seed).
public struct LayerTimingCall: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// QA1673 pauseLayer: speed 0, timeOffset = the layer's local time now.
        case pause
        /// QA1673 resumeLayer.
        case resume
        /// Direct writes of `speed`, `timeOffset`, `beginTime` (nil = unchanged).
        case set(speed: Float?, timeOffset: Double?, beginTime: Double?)
        /// timeOffset = scrub value × `duration` every tick for the scrub's length (the seed's
        /// `gs_setTimeProgress` driven by a pan).
        case scrub(Scrub, duration: Double)
        /// The seed's `gs_continueAnimationWithTimeProgress`: reset, then beginTime = local now −
        /// progress (nil progress = the current timeOffset).
        case continueAnimation(timeProgress: Double?)
        /// The seed's `gs_continueReverseAnimationWithTimeProgress`: reset, beginTime = local now −
        /// (duration − progress), timeOffset = duration, speed −1.
        case reverseAnimation(duration: Double, timeProgress: Double?)
        /// The seed's v2 (branch without the flicker): a display link plays the paused animation
        /// back by hand. On the call's tick and every tick after it, progress = p − (t − at) (p =
        /// `timeProgress`, or the layer's timeOffset at the call) is written as the timeOffset of
        /// the paused layer (`gs_setTimeProgress`); on the first tick it would be < 0 the link is
        /// invalidated, the animation continued at `duration` (`gs_continueAnimationWithTimeProgress:
        /// duration`, so it ends and completes at once) and `changes` are set (`switchState`).
        case displayLinkReverse(duration: Double, timeProgress: Double?, changes: [PropertyChange])
        /// The seed's `gs_recoverToDefaultState`: speed 1, timeOffset 0, beginTime 0.
        case reset
        /// `removeAllAnimations()`.
        case removeAllAnimations

        public var name: String {
            switch self {
            case .pause: return "pause"
            case .resume: return "resume"
            case .set: return "set"
            case .scrub: return "scrub"
            case .continueAnimation: return "continue"
            case .reverseAnimation: return "reverse"
            case .displayLinkReverse: return "displayLinkReverse"
            case .reset: return "reset"
            case .removeAllAnimations: return "removeAllAnimations"
            }
        }
    }

    public var at: Double
    public var item: String
    public var kind: Kind

    public init(at: Double, item: String, kind: Kind) {
        self.at = at
        self.item = item
        self.kind = kind
    }
}

extension Item {
    /// Every animation of a single property on the item, a group's members included, each with
    /// its key path under the item's `path`.
    public func animationLeaves(at path: String) -> [(animation: AnimationSpec, path: String)] {
        animations.enumerated().flatMap { k, a in a.leaves(at: path + ".animations[\(k)]") }
    }
}
