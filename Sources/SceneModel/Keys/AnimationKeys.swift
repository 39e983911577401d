import SceneSyntax
import Timing

// The declarations of `items[i].animations[k]`: `{ basic | keyframe | spring: { … } }`. The keys
// read into an `AnimationDraft` (the values as written); `AnimationDraft.build` then hands them to
// Timing's throwing initialisers, which check them together (keyTimes against values, from/to/by),
// so an invalid animation cannot exist and its error says Timing's words at the key it names.
// A new animatable property is an entry of `AnimatedProperty.all`, not a key here.

/// An animation's keys as written, before Timing checks them together.
struct AnimationDraft {
    var key: String?
    var property: LayerProperty = .opacity
    var at: Double = 0
    var additive = false
    var cumulative = false
    var removedOnCompletion = true
    var timing = MediaTiming()
    var from: AnimatableValue?
    var to: AnimatableValue?
    var by: AnimatableValue?
    var timingFunction: MediaTimingFunction?
    var values: [AnimatableValue] = []
    var keyTimes: [Double]?
    var calculationMode: CalculationMode = .linear
    var timingFunctions: [MediaTimingFunction]?
    var tensionValues: [Double]?
    var continuityValues: [Double]?
    var biasValues: [Double]?
    var mass: Double = 1
    var stiffness: Double = 100
    var damping: Double = 10
    var initialVelocity: Double = 0
    var allowsOverdamping = false
    var perceptualDuration: Double?
    var bounce: Double?
    var path: KeyframePath?
    var rotationMode: RotationMode?

    /// The animation, built through Timing's initialiser for `kind` (which throws `TimingError`).
    func build(_ kind: String) throws -> AnimationSpec {
        let animation: AnimationSpec.Kind
        switch kind {
        case "basic":
            animation = .basic(
                try BasicAnimation(
                    fromValue: from, toValue: to, byValue: by, timing: timing, timingFunction: timingFunction,
                    isAdditive: additive, isCumulative: cumulative, isRemovedOnCompletion: removedOnCompletion))
        case "keyframe":
            animation = .keyframe(
                try KeyframeAnimation(
                    values: values, keyTimes: keyTimes, calculationMode: calculationMode, timing: timing,
                    timingFunction: timingFunction, timingFunctions: timingFunctions, tensionValues: tensionValues,
                    continuityValues: continuityValues, biasValues: biasValues, isAdditive: additive,
                    isCumulative: cumulative, isRemovedOnCompletion: removedOnCompletion, path: path,
                    rotationMode: rotationMode))
        default:
            let spring =
                if perceptualDuration != nil || bounce != nil {
                    try Spring(
                        perceptualDuration: perceptualDuration ?? 1, bounce: bounce ?? 0,
                        initialVelocity: initialVelocity)
                } else {
                    try Spring(
                        mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
                        allowsOverdamping: allowsOverdamping)
                }
            animation = .spring(
                try SpringAnimation(
                    spring: spring, fromValue: from, toValue: to, byValue: by, timing: timing, isAdditive: additive,
                    isCumulative: cumulative, isRemovedOnCompletion: removedOnCompletion))
        }
        return AnimationSpec(key: key, property: property, at: at, kind: animation)
    }
}

/// A `group:` as written.
struct AnimationGroupDraft {
    var key: String?
    var at: Double = 0
    var removedOnCompletion = true
    var timing = MediaTiming()
    var timingFunction: MediaTimingFunction?
    var animations: [AnimationSpec] = []
}

enum AnimationKeys {
    static let kinds = ["basic", "keyframe", "spring", "group"]

    /// `group: { duration, animations: [ … ] }`: CAAnimationGroup.
    static var group: ObjectSpec<AnimationGroupDraft> {
        ObjectSpec(
            name: "group", schemaPath: ["$defs", "animation", "properties", "group"], what: "an animation group",
            doc: "CAAnimationGroup: animations of several properties run as one.", prototype: AnimationGroupDraft(),
            keys: groupOnly + MediaTimingKeys.spec.keys.map { .lifted($0, \.timing) })
    }

    static var groupOnly: [Key<AnimationGroupDraft>] {
        [
            .optionalString(
                "key", \.key, doc: "`forKey:`, for the whole group; it reports one stop under it.",
                defaultDoc: "fresh"),
            .number(
                "at", \.at, range: .nonNegative, unit: "s", doc: "When the group is added (`layer.add`).",
                rangeDoc: "0 … 3600"),
            .bool(
                "removedOnCompletion", \.removedOnCompletion,
                doc: "The group and its animations are removed once past its end."),
            .optional(
                "timingFunction", \.timingFunction, docType: "timing function", schemaRef: "timingFunction",
                doc: "Eases the group's time, which its animations run in.", defaultDoc: "linear",
                read: { d, n, at in try d.timingFunction(n, at: at) }),
            .custom(
                "animations", docType: "list of animations",
                required: "animations: a list of basic, keyframe or spring animations",
                doc:
                    "The members, each `basic`, `keyframe` or `spring` on its own property, without `at` or `key`: one without a `duration` runs for the group's, a `beginTime` counts from the group's start, and each is cut off at the group's end (the group's `duration` is its own, as in Core Animation, not its members').",
                rangeDoc: "at least one; no groups",
                decode: { d, n, at, g in
                    g.animations = try d.list(n, at: at()).enumerated().map { k, x in
                        try d.decodeAnimation(x, at: at() + "[\(k)]", allowsGroups: false)
                    }
                    if g.animations.isEmpty {
                        throw d.error(at: n, at(), "expected at least one animation in the group")
                    }
                }),
        ]
    }

    static func spec(_ kind: String) -> ObjectSpec<AnimationDraft> {
        switch kind {
        case "basic": basic
        case "keyframe": keyframe
        default: spring
        }
    }

    static var basic: ObjectSpec<AnimationDraft> {
        kindSpec("basic", doc: "CABasicAnimation (from/to/by, at most two).", basicOnly)
    }
    static var keyframe: ObjectSpec<AnimationDraft> {
        var spec = kindSpec("keyframe", doc: "CAKeyframeAnimation.", keyframeOnly)
        spec.structure = valuesOrPath
        return spec
    }
    static var spring: ObjectSpec<AnimationDraft> {
        var spec = kindSpec("spring", doc: "CASpringAnimation.", springOnly)
        spec.structure = springForms
        return spec
    }

    /// The tables of docs/scene-format.md: the keys of every kind, then each kind's own (the media
    /// timing keys have their own table).
    static var docSpecs: [AnySpec] {
        [
            AnySpec(table("all", common)), AnySpec(table("basic", basicOnly)),
            AnySpec(table("keyframe", keyframeOnly)), AnySpec(table("spring", springOnly)),
            AnySpec(
                ObjectSpec(
                    name: "group", schemaPath: [], what: "", doc: "", prototype: AnimationGroupDraft(), keys: groupOnly)
            ),
        ]
    }

    private static func kindSpec(_ kind: String, doc: String, _ own: [Key<AnimationDraft>]) -> ObjectSpec<
        AnimationDraft
    > {
        ObjectSpec(
            name: kind, schemaPath: ["$defs", "animation", "properties", kind], what: "a \(kind) animation", doc: doc,
            prototype: AnimationDraft(),
            keys: common + own + MediaTimingKeys.spec.keys.map { .lifted($0, \.timing) })
    }

    private static func table(_ name: String, _ keys: [Key<AnimationDraft>]) -> ObjectSpec<AnimationDraft> {
        ObjectSpec(name: name, schemaPath: [], what: "", doc: "", prototype: AnimationDraft(), keys: keys)
    }

    /// Keys of every kind. `property` comes before the values, which are read in its form.
    static var common: [Key<AnimationDraft>] {
        [
            .optionalString(
                "key", \.key, doc: "`forKey:`; adding under an existing key replaces (finished=false).",
                defaultDoc: "fresh"),
            .value(
                "property", \.property, docType: "string", schemaRef: "animatedProperty",
                required: "property: one of \(listing(AnimatedProperty.names))", doc: "The animated property.",
                rangeDoc: "a property above", read: { d, n, at in try d.layerProperty(n, at: at) }),
            .number(
                "at", \.at, range: .nonNegative, unit: "s", doc: "When the animation is added (`layer.add`).",
                rangeDoc: "0 … 3600"),
            .bool("additive", \.additive, doc: "`isAdditive`: added to the value underneath."),
            .bool("cumulative", \.cumulative, doc: "`isCumulative`: repeats continue from the previous end."),
            .bool(
                "removedOnCompletion", \.removedOnCompletion,
                doc: "Removed (model shows) once past its end; `false` + `fillMode: forwards` holds the end."),
        ]
    }

    static var basicOnly: [Key<AnimationDraft>] {
        endpoints(
            rangeDoc: "one or two of them",
            doc: "`CABasicAnimation` from/to/by table (a missing end is the value underneath).")
            + [
                .optional(
                    "timingFunction", \.timingFunction, docType: "name or `[c1x, c1y, c2x, c2y]`",
                    schemaRef: "timingFunction", doc: "`CAMediaTimingFunction`.", defaultDoc: "linear",
                    rangeDoc: "names `default`, `linear`, `easeIn`, `easeOut`, `easeInEaseOut`; x in [0, 1]",
                    read: { d, n, at in try d.timingFunction(n, at: at) })
            ]
    }

    static var keyframeOnly: [Key<AnimationDraft>] {
        [
            .custom(
                "values", docType: "list of values", doc: "Keyframes.", defaultDoc: "**required** unless `path`",
                rangeDoc: "≥ 1",
                decode: { d, n, at, a in
                    a.values = try d.list(n, at: at()).enumerated().map { k, x in
                        try d.animatableValue(x, for: a.property, at: at() + "[\(k)]")
                    }
                }),
            .custom(
                "path", docType: "SVG path data", schemaRef: "pathData",
                doc:
                    "`path`: the centre moves along it (canvas or parent points) instead of through `values`. Every element but a move is one keyframe segment, its end a keyframe (so `keyTimes` has one entry per segment, plus one); `paced` and `cubicPaced` move at constant speed along the whole path.",
                defaultDoc: "none", rangeDoc: "`property: center`; not with `values`",
                decode: { d, n, at, a in
                    guard a.property == .center else {
                        throw d.error(
                            at: n, at(),
                            "a path moves the centre; expected property: center, found \(AnimatedProperty.name(of: a.property))"
                        )
                    }
                    let path = try d.pathData(n, at: at())
                    guard path.elements.contains(where: { if case .move = $0 { false } else { true } }) else {
                        throw d.error(
                            at: n, at(),
                            "expected a path with a line or curve to move along, found \(path.elements.isEmpty ? "an empty path" : "only moves")"
                        )
                    }
                    a.path = try? KeyframePath(path)
                }),
            .custom(
                "rotationMode", docType: "string",
                doc:
                    "`rotationMode`: with `path`, the item turns to the path's direction as it moves (`auto`), or to the opposite one (`autoReverse`), on top of its rotation.",
                defaultDoc: "none", rangeDoc: "`auto`, `autoReverse`; with `path`",
                decode: { d, n, at, a in a.rotationMode = try d.word(n, at: at(), RotationMode.self) }),
            numbers(
                "keyTimes", \.keyTimes, doc: "Ignored by paced modes.", defaultDoc: "evenly spaced",
                rangeDoc: "in [0, 1], non-decreasing; one per value (`discrete`: values + 1)"),
            .word("calculationMode", \.calculationMode, doc: "`CAAnimationCalculationMode`."),
            .optional(
                "timingFunction", \.timingFunction, docType: "timing function", schemaRef: "timingFunction",
                doc: "Applied to the whole animation first.", defaultDoc: "linear",
                read: { d, n, at in try d.timingFunction(n, at: at) }),
            .optional(
                "timingFunctions", \.timingFunctions, docType: "list", doc: "One per segment.", defaultDoc: "none",
                rangeDoc: "values − 1 entries",
                read: { d, n, at in
                    try d.list(n, at: at).enumerated().map { k, x in try d.timingFunction(x, at: at + "[\(k)]") }
                }),
            numbers(
                "tensionValues", \.tensionValues, doc: "Kochanek–Bartels tension (cubic modes).",
                defaultDoc: "0s", rangeDoc: "one per value, each in [−1, 1]"),
            numbers(
                "continuityValues", \.continuityValues, doc: "Kochanek–Bartels continuity (cubic modes).",
                defaultDoc: "0s", rangeDoc: "one per value, each in [−1, 1]"),
            numbers(
                "biasValues", \.biasValues, doc: "Kochanek–Bartels bias (cubic modes).", defaultDoc: "0s",
                rangeDoc: "one per value, each in [−1, 1]"),
        ]
    }

    static var springOnly: [Key<AnimationDraft>] {
        endpoints(rangeDoc: "as `basic`", doc: "")
            + [
                .number("mass", \.mass, range: .positive, doc: "`CASpringAnimation.mass`."),
                .number("stiffness", \.stiffness, range: .positive, doc: "Spring stiffness."),
                .number("damping", \.damping, range: .nonNegative, doc: "Damping coefficient."),
                .number(
                    "initialVelocity", \.initialVelocity, range: .finite,
                    doc: "Distances per second towards the target."),
                .bool("allowsOverdamping", \.allowsOverdamping, doc: "iOS 17; else ζ > 1 runs critically damped."),
                .number(
                    "perceptualDuration", \.perceptualDuration, range: .positive, unit: "s",
                    doc:
                        "`CASpringAnimation(perceptualDuration:bounce:)`, instead of mass/stiffness/damping (allows overdamping).",
                    defaultDoc: "`1`"),
                .number(
                    "bounce", \.bounce, range: .open(-1, 1), doc: "With `perceptualDuration`.", defaultDoc: "`0`"),
            ]
    }

    /// `from`, `to`, `by`: values in the property's form.
    private static func endpoints(rangeDoc: String, doc: String) -> [Key<AnimationDraft>] {
        [("from", \AnimationDraft.from), ("to", \.to), ("by", \.by)].enumerated().map { k, entry in
            let path = entry.1
            return .custom(
                entry.0, docType: "value", schemaRef: "animatedValue",
                doc: k == 0 ? doc : "\(entry.0)Value.", defaultDoc: "—", rangeDoc: rangeDoc,
                decode: { d, n, at, a in a[keyPath: path] = try d.animatableValue(n, for: a.property, at: at()) })
        }
    }

    private static func numbers(
        _ name: String, _ path: WritableKeyPath<AnimationDraft, [Double]?>, doc: String, defaultDoc: String,
        rangeDoc: String
    ) -> Key<AnimationDraft> {
        .optional(
            name, path, docType: "list of numbers", doc: doc, defaultDoc: defaultDoc, rangeDoc: rangeDoc,
            read: { d, n, at in
                try d.list(n, at: at).enumerated().map { k, x in try d.number(x, at: at + "[\(k)]") }
            })
    }

    /// Exactly one of `values` and `path`, and `rotationMode` only with a path.
    private static func valuesOrPath(_ d: SceneDecoder, _ f: SceneDecoder.Fields, _ path: String) throws {
        switch (f.entry("values"), f.entry("path")) {
        case (nil, nil):
            throw d.error(
                at: f.mark, path,
                "missing key 'values'; expected values: [keyframe values], or path: \"M … \" for a centre")
        case (_?, let p?):
            throw d.error(
                at: p.keyMark, path + ".path",
                "'values' and 'path' are both given; expected one (a path overrides values)")
        default: break
        }
        if f.entry("path") == nil, let mode = f.entry("rotationMode") {
            throw d.error(
                at: mode.keyMark, path + ".rotationMode",
                "rotationMode turns the item along a path; expected it with path:")
        }
    }

    /// `mass`/`stiffness`/`damping` or `perceptualDuration`/`bounce`, not both; `allowsOverdamping`
    /// only with the first (the perceptual form always allows it).
    private static func springForms(_ d: SceneDecoder, _ f: SceneDecoder.Fields, _ path: String) throws {
        let physical = ["mass", "stiffness", "damping"].compactMap { f.entry($0) }
        let perceptual = ["perceptualDuration", "bounce"].compactMap { f.entry($0) }
        if let p = perceptual.first, let m = physical.first {
            let later =
                (m.keyMark?.line ?? 0, m.keyMark?.column ?? 0) > (p.keyMark?.line ?? 0, p.keyMark?.column ?? 0) ? m : p
            throw d.error(
                at: later.keyMark, path + "." + later.key,
                "mass/stiffness/damping and perceptualDuration/bounce are both given; expected one way to describe the spring"
            )
        }
        if !perceptual.isEmpty, let overdamping = f.entry("allowsOverdamping") {
            throw d.error(
                at: overdamping.keyMark, path + ".allowsOverdamping",
                "not allowed with perceptualDuration/bounce, which always allow overdamping (CASpringAnimation(perceptualDuration:bounce:))"
            )
        }
    }
}

extension SceneDecoder {
    /// `{ basic | keyframe | spring | group: { … } }` (in a group, no group).
    func decodeAnimation(_ node: SourceNode, at path: String, allowsGroups: Bool = true) throws -> AnimationSpec {
        if !allowsGroups, case .mapping(let entries) = node.value, entries.contains(where: { $0.key == "group" }) {
            throw error(
                at: node, path, "a group cannot hold a group; expected a basic, keyframe or spring animation",
                suggestion: "list the inner group's animations in this one")
        }
        let (kind, body, at) = try oneKey(
            node, at: path, kinds: allowsGroups ? AnimationKeys.kinds : AnimationKeys.kinds.filter { $0 != "group" },
            example: "an animation such as basic: { property: opacity, to: 0 }", what: "animation")
        if kind == "group" {
            let group = try decode(AnimationKeys.group, body, at: at)
            return AnimationSpec(
                key: group.key, property: group.animations[0].property, at: group.at,
                kind: .group(
                    AnimationGroupSpec(
                        timing: group.timing, timingFunction: group.timingFunction,
                        isRemovedOnCompletion: group.removedOnCompletion, members: group.animations)))
        }
        var draft = AnimationDraft()
        let f = try decode(AnimationKeys.spec(kind), body, at: at, into: &draft)
        do { return try draft.build(kind) } catch let e as TimingError { throw timingError(e, f, at: at) }
    }
}
