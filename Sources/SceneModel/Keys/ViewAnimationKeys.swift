import Geometry
import SceneSyntax
import Scrolling
import Timing

// The declarations of `viewAnimations[i]` (`UIView.animate…` on one item) and the mappings inside
// one: `spring`, `keyframes[k]`, `completion`. Their ranges and references are checked by
// `Scene.checkTimingScript` (Validation+Timing.swift), which knows the item tree; the ranges here
// write the schema and the docs.

enum ViewAnimationKeys {
    static var spec: ObjectSpec<ViewAnimationSpec> {
        ObjectSpec(
            name: "viewAnimation", schemaPath: ["properties", "viewAnimations", "items"], what: "a view animation",
            doc: "UIView.animate(withDuration:…), its spring variants, or animateKeyframes.",
            prototype: ViewAnimationSpec(item: "", duration: 0),
            keys: [
                .number("at", \.at, range: .nonNegative, unit: "s", doc: "When the block runs.", rangeDoc: "0 … 3600"),
                .string(
                    "item", \.item, required: "item: the id of the animated item",
                    type: .other(docType: "item id", schemaRef: "itemID"), doc: "The view.",
                    rangeDoc: "any item of the tree"),
                .number(
                    "duration", \.duration, required: "duration: seconds", range: .finite, unit: "s",
                    doc: "Seconds (with `spring.bounce`: the spring's duration).",
                    rangeDoc: "finite; ≤ 0 = no animation"),
                .number("delay", \.delay, range: .nonNegative, unit: "s", doc: "Seconds."),
                .value(
                    "options", \.options, docType: "list of strings", doc: "OR-ed bits.", defaultDoc: "`[]`",
                    rangeDoc:
                        "`UIView.AnimationOptions` names: `beginFromCurrentState`, `repeat`, `autoreverse`, `curveEaseInOut`, `curveEaseIn`, `curveEaseOut`, `curveLinear`, …; with keyframes also `calculationModeLinear`, `…Discrete`, `…Paced`, `…Cubic`, `…CubicPaced`",
                    read: { d, n, at in try d.viewAnimationOptions(n, at: at) }),
                .custom(
                    "spring", docType: "mapping",
                    doc: "`usingSpringWithDamping:initialSpringVelocity:` or iOS 17 `springDuration:bounce:`.",
                    defaultDoc: "none",
                    rangeDoc: "`dampingRatio` (> 0) **or** `bounce` ((−1, 1)), `initialVelocity` (default 0)",
                    decode: { d, n, at, v in
                        let spring = try d.decode(ViewSpringKeys.spec, n, at: at())
                        v.style = spring.style
                        v.springVelocityFromDrag = spring.velocityFromDrag
                    }),
                .custom(
                    "drag", docType: "`{ path: [[t, x, y], …] }`", schemaRef: "viewDrag",
                    doc:
                        "A pan before the block: from `at` the finger drags the item (its centre follows the finger's translation, as a pan handler sets `view.center`); the block runs when the finger lifts, at `at` + the last `t`, as the handler's `.ended`. With `spring.initialVelocity: fromDrag` the spring starts at the finger's speed.",
                    defaultDoc: "none",
                    rangeDoc: "`t` in seconds after `at`, increasing; not on an item a behaviour moves",
                    decode: { d, n, at, v in
                        let draft = try d.decode(ViewDragKeys.spec, n, at: at())
                        v.drag = FingerPath(times: draft.times, points: draft.points)
                    }),
                .value(
                    "changes", \.changes, docType: "mapping property → value", schemaRef: "changes",
                    doc: "The animations block.",
                    defaultDoc: "**required** unless `keyframes`, `transition` or `isHidden`",
                    read: { d, n, at in try d.changes(n, at: at) }),
                .custom(
                    "isHidden", docType: "mapping item id → boolean", schemaRef: "hiddenChanges",
                    doc:
                        "`view.isHidden = …` in the block, for any items (the view's children, say): set when the block runs, not animated (UIKit does not animate it), shown through the `transition` if there is one.",
                    defaultDoc: "none",
                    decode: { d, n, at, v in v.hiddenChanges = try d.hiddenChanges(n, at: at()) }),
                .custom(
                    "transition", docType: "string or mapping", schemaRef: "viewTransition",
                    doc:
                        "The view shows the block's changes through a transition over `duration` instead of animating them. A word is `UIView.transition(with:duration:options:animations:)` (its curve from `options`, ease-in-ease-out by default): `crossDissolve` (`transitionCrossDissolve`), `flipFromLeft`, `flipFromRight`, `flipFromTop`, `flipFromBottom` (`transitionFlipFrom…`: the view turns over in perspective, the named side toward the viewer). A mapping is a `CATransition` added to the view's layer: `{ type: fade | push | moveIn | reveal, subtype: fromLeft | fromRight | fromTop | fromBottom, timingFunction }` (subtype default `fromLeft`, timing linear). `changes` are then set without animation. See [Transitions](#transitions).",
                    defaultDoc: "none", rangeDoc: "not with `spring`, `keyframes` or `delay`",
                    decode: { d, n, at, v in (v.transition, v.transitionTiming) = try d.viewTransition(n, at: at()) }),
                .custom(
                    "keyframes", docType: "list",
                    doc: "`animateKeyframes` + `addKeyframe(withRelativeStartTime:relativeDuration:)`.",
                    defaultDoc: "none",
                    rangeDoc:
                        "each `start`, `duration` in [0, 1], start + duration ≤ 1, `changes`; the keyframes of one property in time order, not overlapping",
                    decode: { d, n, at, v in
                        v.style = .keyframes(
                            try d.list(n, at: at()).enumerated().map { k, x in
                                try d.decode(KeyframeBlockKeys.spec, x, at: at() + "[\(k)]")
                            })
                    }),
                .optional(
                    "completion", \.completion, docType: "mapping",
                    doc:
                        "The completion block, run on the tick **after** the animation reports its end: `resetsTiming` sets the layer's speed 1, timeOffset 0, beginTime 0 (what the interactive layer-timing example's `gs_recoverToDefaultState` does); `changes` set model values without animation.",
                    defaultDoc: "none", rangeDoc: "`resetsTiming` (boolean, default false), `changes`",
                    read: { d, n, at in try d.decode(CompletionKeys.spec, n, at: at) }),
            ],
            structure: { d, f, path in
                if f.entry("spring") != nil, let k = f.entry("keyframes") {
                    throw d.error(
                        at: k.keyMark, path + ".keyframes",
                        "'spring' and 'keyframes' are both given; expected one animation style")
                }
            })
    }
}

/// A view animation's `spring:`, as written.
struct ViewSpringDraft {
    var dampingRatio: Double?
    var bounce: Double?
    var initialVelocity: Double = 0
    /// `initialVelocity: fromDrag`: filled in when the block runs, from its drag.
    var velocityFromDrag = false

    var style: ViewAnimationSpec.Style {
        if let bounce { return .springBounce(bounce: bounce, initialVelocity: initialVelocity) }
        return .spring(dampingRatio: dampingRatio ?? 0, initialVelocity: initialVelocity)
    }
}

enum ViewSpringKeys {
    static var spec: ObjectSpec<ViewSpringDraft> {
        ObjectSpec(
            name: "viewSpring", schemaPath: ["properties", "viewAnimations", "items", "properties", "spring"],
            what: "a view spring", doc: "usingSpringWithDamping (dampingRatio) or springDuration:bounce: (bounce).",
            prototype: ViewSpringDraft(),
            keys: [
                .number("dampingRatio", \.dampingRatio, range: .positive, doc: "Damping ratio."),
                .number("bounce", \.bounce, range: .open(-1, 1), doc: "iOS 17 bounce."),
                .custom(
                    "initialVelocity", docType: "number or `fromDrag`", schemaRef: "numberOrFromDrag",
                    doc:
                        "Initial spring velocity, distances per second. `fromDrag`, with the view animation's `drag:`, is the finger's release velocity over the distance left to the new `center` (its part along the way there, as a pan handler computes `initialSpringVelocity`): a card flicked away keeps the finger's speed.",
                    defaultDoc: "`0`", rangeDoc: "finite",
                    decode: { d, node, at, spring in
                        if case .string("fromDrag")? = node.scalarMeaning {
                            spring.velocityFromDrag = true
                        } else {
                            spring.initialVelocity = try d.number(node, at: at())
                        }
                    }),
            ],
            structure: { d, f, path in
                switch (f.entry("dampingRatio"), f.entry("bounce")) {
                case (nil, nil):
                    throw d.error(
                        at: f.mark, path,
                        "expected dampingRatio (usingSpringWithDamping) or bounce (springDuration:bounce:)")
                case (_?, let b?):
                    throw d.error(
                        at: b.keyMark, path + ".bounce",
                        "'dampingRatio' and 'bounce' are both given; expected one of them")
                default: break
                }
            })
    }
}

enum KeyframeBlockKeys {
    static var spec: ObjectSpec<ViewAnimationSpec.KeyframeBlock> {
        ObjectSpec(
            name: "keyframeBlock",
            schemaPath: ["properties", "viewAnimations", "items", "properties", "keyframes", "items"],
            what: "a keyframe block", doc: "addKeyframe(withRelativeStartTime:relativeDuration:).",
            prototype: .init(start: 0, duration: 0, changes: []),
            keys: [
                .number(
                    "start", \.start, required: "start: the relative start time in [0, 1]", range: .unit,
                    doc: "Relative start."),
                .number(
                    "duration", \.duration, required: "duration: the relative duration in [0, 1]", range: .unit,
                    doc: "Relative duration."),
                .value(
                    "changes", \.changes, docType: "mapping property → value", schemaRef: "changes",
                    required: "changes: { property: value, … }", doc: "New model values.",
                    read: { d, n, at in try d.changes(n, at: at) }),
            ])
    }
}

enum CompletionKeys {
    static var spec: ObjectSpec<ViewAnimationSpec.Completion> {
        ObjectSpec(
            name: "completion", schemaPath: ["properties", "viewAnimations", "items", "properties", "completion"],
            what: "a completion", doc: "The completion block, run on the tick after the animation ends.",
            prototype: .init(),
            keys: [
                .bool(
                    "resetsTiming", \.resetsTiming,
                    doc: "Reset the layer's speed 1, timeOffset 0, beginTime 0 (gs_recoverToDefaultState)."),
                .value(
                    "changes", \.changes, docType: "mapping property → value", schemaRef: "changes",
                    doc: "Model values set without animation.", defaultDoc: "none",
                    read: { d, n, at in try d.changes(n, at: at) }),
            ])
    }
}

extension SceneDecoder {
    /// `UIView.AnimationOptions` names, OR-ed.
    func viewAnimationOptions(_ node: SourceNode, at path: String) throws -> UInt {
        let names = ViewAnimationSpec.optionNames.map(\.0)
        var options: UInt = 0
        for (k, o) in try list(node, at: path).enumerated() {
            guard case .string(let w)? = o.scalarMeaning,
                let bit = ViewAnimationSpec.optionNames.first(where: { $0.0 == w })?.1
            else {
                let found: String? = if case .string(let w)? = o.scalarMeaning { w } else { nil }
                throw error(
                    at: o, path + "[\(k)]",
                    "expected one of: \(listing(names, limit: 20)), found \(o.foundDescription)",
                    suggestion: found.flatMap { didYouMean($0, names) })
            }
            options |= bit
        }
        return options
    }
}

/// A view animation's `drag:`, as written.
struct ViewDragDraft {
    var times: [Double] = []
    var points: [Point] = []
}

/// `{ path: [[t, x, y], …] }`: the finger of a view animation's pan.
enum ViewDragKeys {
    static var spec: ObjectSpec<ViewDragDraft> {
        ObjectSpec(
            name: "viewDrag", schemaPath: ["$defs", "viewDrag"], what: "a view drag",
            doc: "The pan before a view animation.", prototype: ViewDragDraft(),
            keys: [
                .custom(
                    "path", docType: "`[[t, x, y], …]`", required: "path: [[seconds after at, x, y], …]",
                    doc: "The finger, `t` in seconds after `at`, `x` and `y` in canvas points.",
                    rangeDoc: "at least one; times ≥ 0, increasing",
                    decode: { d, n, at, drag in (drag.times, drag.points) = try d.dragPath(n, at: at()) })
            ])
    }
}
