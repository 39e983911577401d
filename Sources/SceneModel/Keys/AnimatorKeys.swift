import Geometry
import SceneSyntax
import Timing

// The declarations of `animators[i]` (`UIViewPropertyAnimator`), its `animations[k]` blocks and
// its `timingParameters` (`UITimingCurveProvider`). Timelines of calls are in CallKeys.swift.
// Which form of timing parameters is given (exactly one) is a structural rule, checked before
// any value; the values then go through Timing's throwing initialisers.

enum AnimatorKeys {
    static var spec: ObjectSpec<AnimatorSpec> {
        ObjectSpec(
            name: "animator", schemaPath: ["properties", "animators", "items"], what: "a property animator",
            doc: "A UIViewPropertyAnimator.", prototype: AnimatorSpec(id: "", duration: 0),
            keys: [
                .string(
                    "id", \.id, required: "id: a name for the animator",
                    type: .other(docType: "string", schemaRef: "itemID"),
                    doc: "Names the animator in the trace (`<id>_fraction` column).", rangeDoc: "like item ids, unique"),
                .number(
                    "duration", \.duration, required: "duration: seconds", range: .nonNegative, unit: "s",
                    doc: "Seconds (implicit-duration springs replace it)."),
                .value(
                    "timingParameters", \.timingParameters, docType: "mapping", schemaRef: "timingParameters",
                    doc:
                        "`UICubicTimingParameters` / `UISpringTimingParameters`; `initialVelocity` is `[dx, dy]`, each normalised to its own axis's distance: `dx` drives x (and width, and every 1-D property), `dy` drives y (and height). `{ spring: default }` is `UISpringTimingParameters()`: mass 3, stiffness 1000, damping 500 (ζ ≈ 4.56), and the animator's duration becomes UIKit's settling duration, 0.5058237870785645 s.",
                    defaultDoc: "`{ curve: easeInOut }`",
                    rangeDoc:
                        "exactly one form: `{ curve: easeInOut \\| easeIn \\| easeOut \\| linear }`, `{ controlPoints: [x1, y1, x2, y2] }`, `{ dampingRatio, initialVelocity }`, `{ mass, stiffness, damping, initialVelocity }`, `{ duration, bounce, initialVelocity }`, `{ spring: default }`",
                    read: { d, n, at in try d.timingParameters(n, at: at) }),
                .bool("scrubsLinearly", \.scrubsLinearly, doc: "`scrubsLinearly`."),
                .bool("pausesOnCompletion", \.pausesOnCompletion, doc: "`pausesOnCompletion`."),
                .bool("interruptible", \.isInterruptible, doc: "`isInterruptible`."),
                .list(
                    "animations", \.animations,
                    doc:
                        "`addAnimations(_:delayFactor:)` when the animator is created; `from` = the items' values at time 0.",
                    rangeDoc: "each `changes: { itemId: { property: value } }`, `delayFactor` in [0, 1]",
                    read: { d, n, at in try d.decode(AnimatorBlockKeys.spec, n, at: at) }),
                .custom(
                    "timeline", docType: "list of calls", doc: "See below.", defaultDoc: "`[]`",
                    rangeDoc: "`at` non-decreasing",
                    decode: { d, node, at, animator in
                        // In order, so that a continueAnimation's `fromDrag` reads the scrub before it.
                        animator.timeline = []
                        for (k, n) in try d.list(node, at: at()).enumerated() {
                            let velocity = DragHandOff.relativeVelocity(after: animator.timeline)
                            animator.timeline.append(
                                try d.decodeAnimatorCall(n, at: at() + "[\(k)]", dragVelocity: velocity))
                        }
                    }),
            ])
    }
}

enum AnimatorBlockKeys {
    static var spec: ObjectSpec<AnimatorSpec.Block> {
        ObjectSpec(
            name: "animatorBlock",
            schemaPath: ["properties", "animators", "items", "properties", "animations", "items"],
            what: "an animation block", doc: "addAnimations(_:delayFactor:) at creation.",
            prototype: .init(changes: []),
            keys: [
                .value(
                    "changes", \.changes, docType: "mapping", schemaRef: nil,
                    required: "changes: { itemId: { property: value, … } }", doc: "{ itemId: { property: value } }.",
                    read: { d, n, at in try d.itemChanges(n, at: at) }),
                .number("delayFactor", \.delayFactor, range: .unit, doc: "delayFactor."),
            ])
    }
}

/// `timingParameters:` as written; `build` picks the form given.
struct TimingParametersDraft {
    var curve: AnimationCurve?
    var controlPoints: [Double]?
    var dampingRatio: Double?
    var mass: Double = 1
    var stiffness: Double = 100
    var damping: Double = 10
    var duration: Double = 0.5
    var bounce: Double = 0
    var initialVelocity: Point = .zero
    /// `initialVelocity: fromDrag`: the velocity of the last scrub drag before the
    /// `continueAnimation` call, set by the timeline's reader before `build`.
    var initialVelocityFromDrag = false
    var systemSpring = false

    /// The forms, each by the keys that select it, in the order messages name them.
    static let forms: [(String, [String])] = [
        ("curve", ["curve"]), ("controlPoints", ["controlPoints"]),
        ("dampingRatio", ["dampingRatio"]), ("mass", ["mass", "stiffness", "damping"]),
        ("duration", ["duration", "bounce"]), ("spring", ["spring"]),
    ]

    func build(form: String) throws -> TimingParameters {
        switch form {
        case "spring":
            // `UISpringTimingParameters()`: the system spring (mass 3, stiffness 1000, damping 500),
            // implicit duration; it takes no velocity.
            return .spring(SpringTimingParameters())
        case "curve":
            return .cubic(CubicTimingParameters(animationCurve: curve ?? .easeInOut))
        case "controlPoints":
            let v = controlPoints ?? [0, 0, 1, 1]
            return .cubic(try CubicTimingParameters(controlPoint1: Point(v[0], v[1]), controlPoint2: Point(v[2], v[3])))
        case "dampingRatio":
            return .spring(
                try SpringTimingParameters(dampingRatio: dampingRatio ?? 1, initialVelocity: initialVelocity))
        case "mass":
            return .spring(
                try SpringTimingParameters(
                    mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity))
        default:
            return .spring(
                try SpringTimingParameters(duration: duration, bounce: bounce, initialVelocity: initialVelocity))
        }
    }
}

enum TimingParametersKeys {
    static let curves = ["easeInOut", "easeIn", "easeOut", "linear"]

    static var spec: ObjectSpec<TimingParametersDraft> {
        ObjectSpec(
            name: "timingParameters", schemaPath: ["$defs", "timingParameters"], what: "timing parameters",
            doc:
                "UITimingCurveProvider: one of { curve }, { controlPoints }, { dampingRatio }, { mass, stiffness, damping }, { duration, bounce }, { spring: default }.",
            prototype: TimingParametersDraft(),
            keys: [
                .optional(
                    "curve", \.curve, docType: "string", doc: "UICubicTimingParameters(animationCurve:).",
                    rangeDoc: curves.map { "`\($0)`" }.joined(separator: ", "),
                    read: { d, n, at in try d.animationCurve(n, at: at) }),
                .optional(
                    "controlPoints", \.controlPoints, docType: "`[x1, y1, x2, y2]`",
                    doc: "UICubicTimingParameters(controlPoint1:controlPoint2:).",
                    read: { d, n, at in try d.numbers(n, at: at, count: 4, names: "[x1, y1, x2, y2]") }),
                .number(
                    "dampingRatio", \.dampingRatio, range: .positive,
                    doc: "UISpringTimingParameters(dampingRatio:initialVelocity:); keeps the animator duration."),
                .number(
                    "mass", \.mass, range: .positive,
                    doc: "UISpringTimingParameters(mass:…); the duration becomes the settling duration."),
                .number("stiffness", \.stiffness, range: .positive, doc: "With mass: stiffness."),
                .number("damping", \.damping, range: .nonNegative, doc: "With mass: damping."),
                .number(
                    "duration", \.duration, range: .positive, unit: "s",
                    doc: "UISpringTimingParameters(duration:bounce:) (iOS 17): seconds."),
                .number("bounce", \.bounce, range: .open(-1, 1), doc: "With duration: bounce."),
                .custom(
                    "initialVelocity", docType: "`[dx, dy]` or `fromDrag`", schemaRef: "velocityOrFromDrag",
                    doc:
                        "Spring forms only: the initial velocity, relative to the distance. `fromDrag`, in a `continueAnimation` after a `scrub` with a `drag:`, is the finger's release velocity along the scrub's track divided by the distance left to run, as a pan handler computes it for `UISpringTimingParameters`.",
                    rangeDoc: "finite",
                    decode: { d, node, at, t in
                        if case .string("fromDrag")? = node.scalarMeaning {
                            t.initialVelocityFromDrag = true
                        } else {
                            let p = try d.pair(node, at: at(), names: ("dx", "dy"))
                            t.initialVelocity = Point(p.0, p.1)
                        }
                    },
                    check: { _, t, at in
                        try KeyRange.finite.check(t.initialVelocity.x, "a velocity", at: at + "[0]")
                        try KeyRange.finite.check(t.initialVelocity.y, "a velocity", at: at + "[1]")
                    }),
                .custom(
                    "spring", docType: "`default`", doc: "UISpringTimingParameters(): the system spring.",
                    defaultDoc: "—",
                    decode: { d, n, at, t in
                        let w = try d.string(n, at: at())
                        guard w == "default" else {
                            throw d.error(
                                at: n, at(),
                                "expected default (UISpringTimingParameters()), found \(n.foundDescription)")
                        }
                        t.systemSpring = true
                    }),
            ],
            structure: { d, f, path in _ = try form(f, d, at: path) })
    }

    /// The one form `f` gives, or the error naming the two it mixes or the ones it could give.
    static func form(_ f: SceneDecoder.Fields, _ d: SceneDecoder, at path: String) throws -> String {
        let present = TimingParametersDraft.forms.filter { form in form.1.contains { f.entry($0) != nil } }
        guard let form = present.first else {
            throw d.error(
                at: f.mark, path,
                "expected one of { curve }, { controlPoints }, { dampingRatio }, { mass, stiffness, damping }, { duration, bounce } or { spring: default }"
            )
        }
        if present.count > 1, let key = present[1].1.first(where: { f.entry($0) != nil }),
            let first = present[0].1.first(where: { f.entry($0) != nil })
        {
            throw d.error(
                at: f.entry(key)?.keyMark, path + "." + key,
                "'\(first)' and '\(key)' describe two different timing curves; expected one")
        }
        if let v = f.entry("initialVelocity") {
            if form.0 == "spring" {
                throw d.error(
                    at: v.keyMark, path + ".initialVelocity",
                    "UISpringTimingParameters() takes no velocity; expected { dampingRatio, initialVelocity } or { mass, stiffness, damping, initialVelocity }"
                )
            }
            if form.0 == "curve" || form.0 == "controlPoints" {
                throw d.error(at: v.keyMark, path + ".initialVelocity", "allowed only with spring timing parameters")
            }
        }
        return form.0
    }
}

extension SceneDecoder {
    /// `UITimingCurveProvider`: `{ curve }`, `{ controlPoints: [x1, y1, x2, y2] }`,
    /// `{ dampingRatio, initialVelocity }`, `{ mass, stiffness, damping, initialVelocity }`,
    /// `{ duration, bounce, initialVelocity }` (iOS 17), `{ spring: default }`.
    func timingParameters(_ node: SourceNode, at path: String) throws -> TimingParameters {
        try timingParameters(node, at: path, dragVelocity: nil)
    }

    /// Timing parameters whose `initialVelocity: fromDrag` takes `dragVelocity` (nil: there is no
    /// drag to take it from, an error at the key).
    func timingParameters(_ node: SourceNode, at path: String, dragVelocity: Point?) throws -> TimingParameters {
        var draft = TimingParametersDraft()
        let f = try decode(TimingParametersKeys.spec, node, at: path, into: &draft)
        if draft.initialVelocityFromDrag {
            guard let dragVelocity else {
                throw error(
                    at: f.entry("initialVelocity")?.keyMark, path + ".initialVelocity",
                    "initialVelocity: fromDrag takes the release velocity of a scrub's drag; expected it in a continueAnimation call after a scrub with drag:, or [dx, dy]"
                )
            }
            draft.initialVelocity = dragVelocity
        }
        do {
            return try draft.build(form: try TimingParametersKeys.form(f, self, at: path))
        } catch let e as TimingError {
            throw timingError(e, f, at: path)
        }
    }

    /// UIKit's curve names (a `curve:` of timing parameters).
    func animationCurve(_ node: SourceNode, at path: String) throws -> AnimationCurve {
        let curves = TimingParametersKeys.curves
        let w = try string(node, at: path)
        guard let i = curves.firstIndex(of: w), let curve = AnimationCurve(rawValue: i) else {
            throw error(
                at: node, path, "expected one of: \(listing(curves)), found \(node.foundDescription)",
                suggestion: w == "easeInEaseOut"
                    ? "did you mean 'easeInOut'? (a curve takes UIKit's names; easeInEaseOut is Core Animation's)"
                    : didYouMean(w, curves))
        }
        return curve
    }
}
