import Geometry
import SceneSyntax
import Timing

// The declarations of scripted calls: `animators[i].timeline[k]` (UIViewPropertyAnimator) and
// `layerTimeline[i]` (a layer's media timing), and the scrub they share (`ramp` or `drag`).
// Every argument key is declared once; which call takes which is the table `takes`, checked as a
// structural rule (an argument the call does not take is an error, never silently ignored),
// with the arguments a call needs.

/// A call as written: its arguments, before they become the call's case.
struct CallDraft {
    var at: Double = 0
    var item = ""
    var call = ""
    var afterDelay: Double?
    var withoutFinishing = false
    var position: AnimatingPosition = .end
    var number: Double = 0
    var flag = false
    var ramp: [Point]?
    var drag: DragDraft?
    var timingParameters: TimingParameters?
    var durationFactor: Double = 0
    var changes: [PropertyChange] = []
    var itemChanges: [ItemChange] = []
    var delayFactor: Double = 0
    var name = ""
    var speed: Float?
    var timeOffset: Double?
    var beginTime: Double?
    var duration: Double?
    var timeProgress: Double?

    var scrub: Scrub {
        if let drag {
            return Scrub(source: .drag(path: drag.path, from: drag.from ?? drag.path[0].point, to: drag.to))
        }
        return Scrub(source: .ramp(ramp ?? []))
    }
}

/// `drag: { path, from, to }` of a scrub.
struct DragDraft {
    var path: [Scrub.DragPoint] = []
    var from: Point?
    var to: Point = .zero
}

/// One call of a timeline: the arguments it takes (declared once, as keys of the call's object),
/// the ones it needs with the hints of their "missing key" messages, and what it is in Apple's API (the
/// docs' call table). `oneArgument` marks a call that needs exactly one of its arguments (a
/// scrub's `ramp` or `drag`), a rule its structure check states.
package struct CallDeclaration {
    package var name: String
    package var takes: [String] = []
    package var needs: [(key: String, hint: String)] = []
    package var oneArgument = false
    package var apple: String
}

enum AnimatorCallKeys {
    /// Every call, in documented order.
    static let declarations: [CallDeclaration] = [
        CallDeclaration(
            name: "startAnimation", takes: ["afterDelay"],
            apple: "`startAnimation()` / `startAnimation(afterDelay:)`"),
        CallDeclaration(name: "pauseAnimation", apple: "`pauseAnimation()`"),
        CallDeclaration(name: "stopAnimation", takes: ["withoutFinishing"], apple: "`stopAnimation(_:)`"),
        CallDeclaration(
            name: "finishAnimation", takes: ["position"], needs: [("position", "position: end, start or current")],
            apple: "`finishAnimation(at:)`"),
        CallDeclaration(
            name: "fractionComplete", takes: ["value"], needs: [("value", "value: a fraction in [0, 1]")],
            apple: "`fractionComplete = value`"),
        CallDeclaration(
            name: "scrub", takes: ["ramp", "drag"], oneArgument: true,
            apple:
                "`fractionComplete` set every tick; times are seconds after `at`; a drag's value is the finger's projection on the track `from → to` (default `from`: the first point), clamped to [0, 1]"
        ),
        CallDeclaration(
            name: "isReversed", takes: ["value"], needs: [("value", "value: true or false")],
            apple: "`isReversed = value` (a boolean)"),
        CallDeclaration(
            name: "continueAnimation", takes: ["timingParameters", "durationFactor"],
            apple: "`continueAnimation(withTimingParameters:durationFactor:)`; `durationFactor` 0 = the remaining time"
        ),
        CallDeclaration(
            name: "addAnimations", takes: ["changes", "delayFactor"],
            needs: [("changes", "changes: { itemId: { property: value, … } }")],
            apple: "`addAnimations(_:delayFactor:)`"),
        CallDeclaration(
            name: "isInterruptible", takes: ["value"], needs: [("value", "value: true or false")],
            apple:
                "`isInterruptible = value` (a boolean); UIKit raises unless the animator is inactive (a load error here)"
        ),
        CallDeclaration(
            name: "isUserInteractionEnabled", takes: ["value"], needs: [("value", "value: true or false")],
            apple:
                "`isUserInteractionEnabled = value` (a boolean); UIKit raises while the animator is active (a load error here)"
        ),
        CallDeclaration(
            name: "addCompletion", takes: ["name"],
            needs: [("name", "name: a label the trace prints when the handler runs")],
            apple:
                "`addCompletion { position in … }`, allowed in every state; when the completions run, the trace logs each named handler in the order added: `animator sheet completion dismiss ran at .end`"
        ),
        CallDeclaration(
            name: "transition", takes: transitionArguments,
            needs: [
                ("item", "item: the id of the view the transition shows"),
                ("duration", "duration: seconds, greater than 0"),
                ("transition", "transition: crossDissolve, flipFromLeft, … or { type: push, subtype: fromRight }"),
            ],
            apple:
                "`UIView.transition(with:duration:options:animations:)` (or a `CATransition`) on `item`, called from the script at `at`, as in a view animation's [`transition`](#transitions). It runs on its own clock: the animator's calls do not pause, scrub or reverse it (UIKit's animators do not drive a transition)"
        ),
    ]
    /// What a `transition` call takes: the keys of a view animation that a transition takes.
    static let transitionArguments = ["item", "duration", "transition", "isHidden", "changes", "options"]
    static let calls = declarations.map(\.name)
    /// The arguments each call takes.
    static let takes = Dictionary(uniqueKeysWithValues: declarations.map { ($0.name, $0.takes) })
    /// The arguments each call needs, and the hints of their "missing key" messages.
    static let needs = Dictionary(uniqueKeysWithValues: declarations.map { ($0.name, $0.needs) })

    static var spec: ObjectSpec<CallDraft> {
        ObjectSpec(
            name: "animatorCall", schemaPath: ["properties", "animators", "items", "properties", "timeline", "items"],
            what: "an animator call", doc: "A scripted property-animator call.", prototype: CallDraft(),
            keys: [
                .number(
                    "at", \.at, required: "at: the scene time of the call in seconds", range: .nonNegative, unit: "s",
                    doc: "Scene time of the call; calls in time order."),
                CallKeys.call(calls),
                .number(
                    "afterDelay", \.afterDelay, range: .nonNegative, unit: "s", doc: "startAnimation(afterDelay:)."),
                .bool("withoutFinishing", \.withoutFinishing, doc: "stopAnimation(_:)."),
                .word("position", \.position, doc: "finishAnimation(at:).").withoutDefault,
                .custom(
                    "value", docType: "number or boolean",
                    doc:
                        "fractionComplete: a fraction; isReversed, isInterruptible, isUserInteractionEnabled: a boolean.",
                    decode: { d, n, at, c in
                        if c.call == "fractionComplete" {
                            c.number = try d.number(n, at: at())
                        } else {
                            c.flag = try d.bool(n, at: at())
                        }
                    }),
                CallKeys.ramp, CallKeys.drag,
                .optional(
                    "timingParameters", \.timingParameters, docType: "mapping", schemaRef: "timingParameters",
                    doc: "continueAnimation: new timing parameters.", defaultDoc: "none",
                    // `initialVelocity: fromDrag` is read again, with the drag's velocity, by
                    // `decodeAnimatorCall`, which knows the calls before this one.
                    read: { d, n, at in try d.timingParameters(n, at: at, dragVelocity: .zero) }),
                .number(
                    "durationFactor", \.durationFactor, range: .nonNegative,
                    doc: "continueAnimation: 0 = the remaining time."),
                .custom(
                    "changes", docType: "mapping",
                    doc:
                        "addAnimations: { itemId: { property: value } }; transition: { property: value } of its item, set without animation.",
                    defaultDoc: "none",
                    decode: { d, n, at, c in
                        // A transition's block is read with the view animation's keys
                        // (`SceneDecoder.animatorTransitions`).
                        if c.call == "addAnimations" { c.itemChanges = try d.itemChanges(n, at: at()) }
                    }),
                .number("delayFactor", \.delayFactor, range: .unit, doc: "addAnimations: delayFactor."),
                .string("name", \.name, doc: "addCompletion: the handler's name in the trace."),
            ] + AnimatorTransitionKeys.callKeys,
            structure: { d, f, path in
                let call = try d.callName(f[checked: "call"], at: path + ".call", calls)
                try d.rejectArguments(
                    f, of: Self.spec.keyNames, except: ["at", "call"] + (takes[call] ?? []), call: call, at: path)
                for (key, hint) in needs[call] ?? [] { _ = try f.required(key, hint: hint, decoder: d) }
                if call == "scrub" { try CallKeys.scrubSource(f, d, at: path) }
            })
    }

    static func build(_ c: CallDraft) -> AnimatorSpec.Call {
        let kind: AnimatorSpec.Call.Kind
        switch c.call {
        case "startAnimation": kind = .startAnimation(afterDelay: c.afterDelay)
        case "pauseAnimation": kind = .pauseAnimation
        case "stopAnimation": kind = .stopAnimation(withoutFinishing: c.withoutFinishing)
        case "finishAnimation": kind = .finishAnimation(c.position)
        case "fractionComplete": kind = .fractionComplete(c.number)
        case "isReversed": kind = .isReversed(c.flag)
        case "scrub": kind = .scrub(c.scrub)
        case "isInterruptible": kind = .isInterruptible(c.flag)
        case "isUserInteractionEnabled": kind = .isUserInteractionEnabled(c.flag)
        case "addCompletion": kind = .addCompletion(name: c.name)
        case "continueAnimation": kind = .continueAnimation(c.timingParameters, durationFactor: c.durationFactor)
        case "transition": kind = .transition(item: c.item)
        default: kind = .addAnimations(.init(changes: c.itemChanges, delayFactor: c.delayFactor))
        }
        return AnimatorSpec.Call(at: c.at, kind: kind)
    }
}

enum LayerCallKeys {
    static let calls = [
        "pause", "resume", "set", "scrub", "continue", "reverse", "displayLinkReverse", "reset",
        "removeAllAnimations",
    ]
    static let takes: [String: [String]] = [
        "set": ["speed", "timeOffset", "beginTime"], "scrub": ["ramp", "drag", "duration"],
        "continue": ["timeProgress"], "reverse": ["duration", "timeProgress"],
        "displayLinkReverse": ["duration", "timeProgress", "changes"],
    ]

    static var spec: ObjectSpec<CallDraft> {
        ObjectSpec(
            name: "layerCall", schemaPath: ["properties", "layerTimeline", "items"], what: "a layer timing call",
            doc: "A layer timing call.", prototype: CallDraft(),
            keys: [
                .number(
                    "at", \.at, required: "at: the scene time of the call in seconds", range: .nonNegative, unit: "s",
                    doc: "Scene time, non-decreasing.", rangeDoc: "0 … 3600"),
                .string(
                    "item", \.item, required: "item: the id of the item whose layer timing changes",
                    type: .other(docType: "item id", schemaRef: "itemID"), doc: "The layer."),
                CallKeys.call(calls),
                .optional(
                    "speed", \.speed, docType: "number", doc: "set: speed.", defaultDoc: "unchanged",
                    read: { d, n, at in try d.float(n, at: at) }),
                .number("timeOffset", \.timeOffset, range: .finite, doc: "set: timeOffset.", defaultDoc: "unchanged"),
                .number("beginTime", \.beginTime, range: .finite, doc: "set: beginTime.", defaultDoc: "unchanged"),
                CallKeys.ramp, CallKeys.drag,
                .number(
                    "duration", \.duration, range: .nonNegative, unit: "s",
                    doc:
                        "scrub: seconds per unit value (default 1); reverse, displayLinkReverse: the animation's duration (> 0, required).",
                    defaultDoc: "—"),
                .number(
                    "timeProgress", \.timeProgress, range: .finite, unit: "s",
                    doc: "continue, reverse, displayLinkReverse: progress in seconds.",
                    defaultDoc: "the layer's current timeOffset"),
                .value(
                    "changes", \.changes, docType: "mapping property → value", schemaRef: "changes",
                    doc: "displayLinkReverse: model values set when the link ends (the example's switchState).",
                    defaultDoc: "none", read: { d, n, at in try d.changes(n, at: at) }),
            ],
            structure: { d, f, path in
                let call = try d.callName(f[checked: "call"], at: path + ".call", calls)
                try d.rejectArguments(
                    f, of: Self.spec.keyNames, except: ["at", "item", "call"] + (takes[call] ?? []), call: call,
                    at: path)
                switch call {
                case "set":
                    guard f.entry("speed") != nil || f.entry("timeOffset") != nil || f.entry("beginTime") != nil else {
                        throw d.error(
                            at: f.mark, path,
                            "'set' changes nothing; expected at least one of speed, timeOffset, beginTime")
                    }
                case "scrub": try CallKeys.scrubSource(f, d, at: path)
                case "reverse", "displayLinkReverse":
                    _ = try f.required("duration", hint: "duration: the animation's duration in seconds", decoder: d)
                default: break
                }
            })
    }

    static func build(_ c: CallDraft) -> LayerTimingCall {
        let kind: LayerTimingCall.Kind
        switch c.call {
        case "pause": kind = .pause
        case "resume": kind = .resume
        case "set": kind = .set(speed: c.speed, timeOffset: c.timeOffset, beginTime: c.beginTime)
        case "scrub": kind = .scrub(c.scrub, duration: c.duration ?? 1)
        case "continue": kind = .continueAnimation(timeProgress: c.timeProgress)
        case "reverse": kind = .reverseAnimation(duration: c.duration ?? 0, timeProgress: c.timeProgress)
        case "displayLinkReverse":
            kind = .displayLinkReverse(duration: c.duration ?? 0, timeProgress: c.timeProgress, changes: c.changes)
        case "reset": kind = .reset
        default: kind = .removeAllAnimations
        }
        return LayerTimingCall(at: c.at, item: c.item, kind: kind)
    }
}

/// An animator's `transition` call is a view animation's transition written in the script: its
/// keys are the view animation's own, declared there once.
enum AnimatorTransitionKeys {
    /// What the call table says of each argument, where a view animation's range says more.
    private static let ranges = [
        "duration": "> 0",
        "options":
            "the curve (`curveEaseInOut`, the default, `curveEaseIn`, `curveEaseOut`, `curveLinear`) and the other `UIView.AnimationOptions` names",
        "transition": "a word or a `CATransition` mapping, as in [Transitions](#transitions)",
    ]

    private static func viewKeys<Object>(_ names: [String], as _: Object.Type) -> [Key<Object>] {
        ViewAnimationKeys.spec.keys.filter { names.contains($0.doc.name) }.map { key in
            var doc = key.doc
            doc.required = nil
            doc.doc = "transition: " + doc.doc
            doc.rangeDoc = ranges[doc.name] ?? doc.rangeDoc
            return Key(doc: doc, decode: nil, check: nil, defaultValue: nil)
        }
    }

    /// The call's keys that no other animator call takes, as the call table declares them (the
    /// call reads only `item`; the transition itself is read by `spec`).
    static var callKeys: [Key<CallDraft>] {
        [
            .string(
                "item", \.item, type: .other(docType: "item id", schemaRef: "itemID"),
                doc: "transition: the view the transition shows.", rangeDoc: "any item of the tree")
        ] + viewKeys(["duration", "transition", "isHidden", "options"], as: CallDraft.self)
    }

    /// The call read as the view animation it is.
    static var spec: ObjectSpec<ViewAnimationSpec> {
        let view = ViewAnimationKeys.spec
        let names = ["at"] + AnimatorCallKeys.transitionArguments
        return ObjectSpec(
            name: "animatorTransition", schemaPath: AnimatorCallKeys.spec.schemaPath, what: "a transition call",
            doc: "UIView.transition(with:duration:options:animations:) from an animator's script.",
            prototype: view.prototype,
            keys: view.keys.filter { names.contains($0.doc.name) } + [.custom("call", docType: "string", doc: "")])
    }
}

/// The keys both kinds of call share.
enum CallKeys {
    static func call(_ names: [String]) -> Key<CallDraft> {
        .string(
            "call", \.call, required: "call: one of \(listing(names))", type: .word(names),
            doc: "The call; the other keys are its arguments, only where the call takes them.")
    }

    static var ramp: Key<CallDraft> {
        .optional(
            "ramp", \.ramp, docType: "`[[t, value], …]`", type: .points(docType: "`[[t, value], …]`", size: 2),
            doc: "scrub: the value over time, seconds after `at`, piecewise linear.", defaultDoc: "—",
            rangeDoc: "at least one point",
            read: { d, n, at in
                let points = try d.list(n, at: at).enumerated().map { k, x -> Point in
                    let v = try d.numbers(x, at: at + "[\(k)]", count: 2, names: "[time, value]")
                    return Point(v[0], v[1])
                }
                guard !points.isEmpty else {
                    throw d.error(at: n, at, "expected at least one [time, value] point, found an empty list")
                }
                return points
            })
    }

    static var drag: Key<CallDraft> {
        .optional(
            "drag", \.drag, docType: "mapping",
            doc:
                "scrub: a finger dragged over time; the value is its projection on the track `from → to` (default `from`: the first point), clamped to [0, 1].",
            defaultDoc: "—", read: { d, n, at in try d.decode(ScrubDragKeys.spec, n, at: at) })
    }

    /// A scrub needs `ramp` or `drag`, not both.
    static func scrubSource(_ f: SceneDecoder.Fields, _ d: SceneDecoder, at path: String) throws {
        switch (f.entry("ramp"), f.entry("drag")) {
        case (nil, nil):
            throw d.error(
                at: f.mark, path,
                "missing key 'ramp' or 'drag'; expected ramp: [[time, value], …] or drag: { path, to }")
        case (_?, let drag?):
            throw d.error(at: drag.keyMark, path + ".drag", "'ramp' and 'drag' are both given; expected one of them")
        default: break
        }
    }
}

enum ScrubDragKeys {
    static var spec: ObjectSpec<DragDraft> {
        ObjectSpec(
            name: "scrubDrag",
            schemaPath: ["properties", "layerTimeline", "items", "properties", "drag"], what: "a drag",
            doc: "A finger dragged over time; the value is its projection on the track from → to, clamped to [0, 1].",
            prototype: DragDraft(),
            keys: [
                .value(
                    "path", \.path, docType: "`[[t, x, y], …]`", type: .points(docType: "`[[t, x, y], …]`", size: 3),
                    required: "path: [[time, x, y], …], the finger over time",
                    doc: "`[[time, x, y], …]`, seconds after `at`.",
                    read: { d, n, at in
                        let points = try d.list(n, at: at).enumerated().map { k, x -> Scrub.DragPoint in
                            let v = try d.numbers(x, at: at + "[\(k)]", count: 3, names: "[time, x, y]")
                            return .init(time: v[0], point: Point(v[1], v[2]))
                        }
                        guard !points.isEmpty else {
                            throw d.error(at: n, at, "expected at least one [time, x, y] point, found an empty list")
                        }
                        return points
                    }),
                .optionalPoint(
                    "from", \.from, names: ("x", "y"), range: .finite, doc: "Track start (value 0).",
                    defaultDoc: "the first path point", schemaRef: "point"),
                .point(
                    "to", \.to, names: ("x", "y"), required: "to: [x, y], where the track ends (fraction 1)",
                    range: .finite, doc: "Track end (value 1).", schemaRef: "point"),
            ])
    }
}

extension SceneDecoder {
    /// One call of an animator's timeline; `dragVelocity` is what `initialVelocity: fromDrag`
    /// in its timing parameters means here (nil: no scrub drag came before).
    func decodeAnimatorCall(_ node: SourceNode, at path: String, dragVelocity: Point? = nil) throws
        -> AnimatorSpec.Call
    {
        var call = try decode(AnimatorCallKeys.spec, node, at: path)
        if let parameters = try fields(node, at: path, AnimatorCallKeys.spec.declared)["timingParameters"] {
            call.timingParameters = try timingParameters(
                parameters, at: path + ".timingParameters", dragVelocity: dragVelocity)
        }
        return AnimatorCallKeys.build(call)
    }

    /// The animators' `transition` calls, read as the view animations they are, with where each
    /// is written (the animator's script keeps the call, in its place, as a step of its own).
    func animatorTransitions(_ top: Fields, _ animators: [AnimatorSpec]) throws -> [ViewAnimationScript] {
        guard let node = top["animators"] else { return [] }
        let entries = try list(node, at: "animators")
        var scripts: [ViewAnimationScript] = []
        for (i, animator) in animators.enumerated() {
            let steps = animator.timeline.indices.filter {
                if case .transition = animator.timeline[$0].kind { true } else { false }
            }
            guard !steps.isEmpty else { continue }
            let path = "animators[\(i)].timeline"
            let fields = try self.fields(entries[i], at: "animators[\(i)]", AnimatorKeys.spec.declared)
            guard let timeline = fields["timeline"] else { continue }
            let calls = try list(timeline, at: path)
            for k in steps {
                let at = path + "[\(k)]"
                scripts.append(.init(path: at, spec: try decode(AnimatorTransitionKeys.spec, calls[k], at: at)))
            }
        }
        return scripts
    }

    func decodeLayerCall(_ node: SourceNode, at path: String) throws -> LayerTimingCall {
        LayerCallKeys.build(try decode(LayerCallKeys.spec, node, at: path))
    }

    /// One of `names`, with a did-you-mean.
    func callName(_ node: SourceNode, at path: String, _ names: [String]) throws -> String {
        guard case .string(let w)? = node.scalarMeaning, names.contains(w) else {
            let found: String? = if case .string(let w)? = node.scalarMeaning { w } else { nil }
            throw error(
                at: node, path, "expected one of: \(listing(names)), found \(node.foundDescription)",
                suggestion: found.flatMap { didYouMean($0, names) })
        }
        return w
    }

    /// Arguments that the call does not take are errors, not silently ignored.
    func rejectArguments(_ f: Fields, of keys: [String], except allowed: [String], call: String, at path: String)
        throws
    {
        for key in keys where !allowed.contains(key) {
            if let e = f.entry(key) {
                let takes = allowed.filter { !["at", "call", "item"].contains($0) }
                throw error(
                    at: e.keyMark, path + "." + key,
                    "'\(call)' takes no '\(key)'; expected \(takes.isEmpty ? "no arguments" : listing(takes))")
            }
        }
    }
}
