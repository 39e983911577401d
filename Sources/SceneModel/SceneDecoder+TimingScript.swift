import Colors
import Geometry
import Timing

// The top-level timing lists: `viewAnimations`, `animators` (with their scripted calls) and
// `layerTimeline`. Same rules as SceneDecoder.swift; the item-level timing keys are in
// SceneDecoder+Timing.swift.

extension SceneDecoder {
    // MARK: Top-level lists

    func decodeTimingScript(_ top: Fields, into scene: inout Scene) throws {
        if let n = top["viewAnimations"] {
            scene.viewAnimations = try list(n, at: "viewAnimations").enumerated().map { k, node in
                try decodeViewAnimation(node, at: "viewAnimations[\(k)]")
            }
        }
        if let n = top["animators"] {
            scene.animators = try list(n, at: "animators").enumerated().map { k, node in
                try decodeAnimator(node, at: "animators[\(k)]")
            }
        }
        if let n = top["layerTimeline"] {
            scene.layerTimeline = try list(n, at: "layerTimeline").enumerated().map { k, node in
                try decodeLayerCall(node, at: "layerTimeline[\(k)]")
            }
        }
    }

    func decodeViewAnimation(_ node: SourceNode, at path: String) throws -> ViewAnimationSpec {
        let f = try fields(
            node, at: path, allowed: TimingKeys.viewAnimation,
            required: [
                ("item", "item: the id of the animated item"),
                ("duration", "duration: seconds"),
            ], what: "a view animation")
        var v = ViewAnimationSpec(
            item: try string(f[checked: "item"], at: path + ".item"),
            duration: try number(f[checked: "duration"], at: path + ".duration"))
        if let n = f["at"] { v.at = try number(n, at: path + ".at") }
        if let n = f["delay"] { v.delay = try number(n, at: path + ".delay") }
        if let n = f["options"] {
            let names = ViewAnimationSpec.optionNames.map(\.0)
            for (k, o) in try list(n, at: path + ".options").enumerated() {
                guard case .string(let w)? = o.scalarMeaning,
                    let bit = ViewAnimationSpec.optionNames.first(where: { $0.0 == w })?.1
                else {
                    let found: String? = if case .string(let w)? = o.scalarMeaning { w } else { nil }
                    throw error(
                        at: o, path + ".options[\(k)]",
                        "expected one of: \(listing(names, limit: 20)), found \(o.foundDescription)",
                        suggestion: found.flatMap { didYouMean($0, names) })
                }
                v.options |= bit
            }
        }
        if let n = f["changes"] { v.changes = try changes(n, at: path + ".changes") }
        if let s = f.entry("spring") {
            if let k = f.entry("keyframes") {
                throw error(
                    at: k.keyMark, path + ".keyframes",
                    "'spring' and 'keyframes' are both given; expected one animation style")
            }
            let sf = try fields(
                s.value, at: path + ".spring", allowed: TimingKeys.viewSpring, required: [], what: "a view spring")
            let velocity = try sf["initialVelocity"].map { try number($0, at: path + ".spring.initialVelocity") } ?? 0
            switch (sf.entry("dampingRatio"), sf.entry("bounce")) {
            case (let d?, nil):
                v.style = .spring(
                    dampingRatio: try number(d.value, at: path + ".spring.dampingRatio"), initialVelocity: velocity)
            case (nil, let b?):
                v.style = .springBounce(
                    bounce: try number(b.value, at: path + ".spring.bounce"), initialVelocity: velocity)
            case (nil, nil):
                throw error(
                    at: s.value, path + ".spring",
                    "expected dampingRatio (usingSpringWithDamping) or bounce (springDuration:bounce:)")
            case (_?, let b?):
                throw error(
                    at: b.keyMark, path + ".spring.bounce",
                    "'dampingRatio' and 'bounce' are both given; expected one of them")
            }
        }
        if let n = f["keyframes"] {
            v.style = .keyframes(
                try list(n, at: path + ".keyframes").enumerated().map { k, node in
                    let at = path + ".keyframes[\(k)]"
                    let kf = try fields(
                        node, at: at, allowed: TimingKeys.keyframeBlock,
                        required: [
                            ("start", "start: the relative start time in [0, 1]"),
                            ("duration", "duration: the relative duration in [0, 1]"),
                            ("changes", "changes: { property: value, … }"),
                        ], what: "a keyframe block")
                    return .init(
                        start: try number(kf[checked: "start"], at: at + ".start"),
                        duration: try number(kf[checked: "duration"], at: at + ".duration"),
                        changes: try changes(kf[checked: "changes"], at: at + ".changes"))
                })
        }
        if let n = f["completion"] {
            let c = try fields(
                n, at: path + ".completion", allowed: TimingKeys.completion, required: [], what: "a completion")
            var completion = ViewAnimationSpec.Completion()
            if let r = c["resetsTiming"] {
                completion.resetsTiming = try bool(r, at: path + ".completion.resetsTiming")
            }
            if let ch = c["changes"] { completion.changes = try changes(ch, at: path + ".completion.changes") }
            v.completion = completion
        }
        return v
    }

    func decodeAnimator(_ node: SourceNode, at path: String) throws -> AnimatorSpec {
        let f = try fields(
            node, at: path, allowed: TimingKeys.animator,
            required: [
                ("id", "id: a name for the animator"),
                ("duration", "duration: seconds"),
            ], what: "a property animator")
        var a = AnimatorSpec(
            id: try string(f[checked: "id"], at: path + ".id"),
            duration: try number(f[checked: "duration"], at: path + ".duration"))
        if let n = f["timingParameters"] {
            a.timingParameters = try timingParameters(n, at: path + ".timingParameters")
        }
        if let n = f["scrubsLinearly"] { a.scrubsLinearly = try bool(n, at: path + ".scrubsLinearly") }
        if let n = f["pausesOnCompletion"] { a.pausesOnCompletion = try bool(n, at: path + ".pausesOnCompletion") }
        if let n = f["interruptible"] { a.isInterruptible = try bool(n, at: path + ".interruptible") }
        if let n = f["animations"] {
            a.animations = try list(n, at: path + ".animations").enumerated().map { k, node in
                let at = path + ".animations[\(k)]"
                let b = try fields(
                    node, at: at, allowed: TimingKeys.block,
                    required: [
                        ("changes", "changes: { itemId: { property: value, … } }")
                    ], what: "an animation block")
                return AnimatorSpec.Block(
                    changes: try itemChanges(b[checked: "changes"], at: at + ".changes"),
                    delayFactor: try b["delayFactor"].map { try number($0, at: at + ".delayFactor") } ?? 0)
            }
        }
        if let n = f["timeline"] {
            a.timeline = try list(n, at: path + ".timeline").enumerated().map { k, node in
                try decodeAnimatorCall(node, at: path + ".timeline[\(k)]")
            }
        }
        return a
    }

    /// `UITimingCurveProvider`: `{ curve }`, `{ controlPoints: [x1, y1, x2, y2] }`,
    /// `{ dampingRatio, initialVelocity }`, `{ mass, stiffness, damping, initialVelocity }`,
    /// `{ duration, bounce, initialVelocity }` (iOS 17). `initialVelocity` is `[dx, dy]`.
    func timingParameters(_ node: SourceNode, at path: String) throws -> TimingParameters {
        let f = try fields(
            node, at: path, allowed: TimingKeys.timingParameters, required: [], what: "timing parameters")
        let velocity = try f["initialVelocity"].map { try vector($0, at: path + ".initialVelocity") } ?? .zero
        let forms: [(String, [String])] = [
            ("curve", ["curve"]), ("controlPoints", ["controlPoints"]),
            ("dampingRatio", ["dampingRatio"]), ("mass", ["mass", "stiffness", "damping"]),
            ("duration", ["duration", "bounce"]), ("spring", ["spring"]),
        ]
        let present = forms.filter { form in form.1.contains { f.entry($0) != nil } }
        guard let form = present.first else {
            throw error(
                at: node, path,
                "expected one of { curve }, { controlPoints }, { dampingRatio }, { mass, stiffness, damping }, { duration, bounce } or { spring: default }"
            )
        }
        if present.count > 1 {
            let key = present[1].1.first { f.entry($0) != nil }!
            throw error(
                at: f.entry(key)?.keyMark, path + "." + key,
                "'\(present[0].1.first { f.entry($0) != nil }!)' and '\(key)' describe two different timing curves; expected one"
            )
        }
        if form.0 == "spring" {
            // `UISpringTimingParameters()`: the system spring (mass 3, stiffness 1000, damping 500),
            // implicit duration; it takes no velocity.
            let w = try string(f[checked: "spring"], at: path + ".spring")
            guard w == "default" else {
                throw error(
                    at: f["spring"]!, path + ".spring",
                    "expected default (UISpringTimingParameters()), found \(f["spring"]!.foundDescription)")
            }
            if let v = f.entry("initialVelocity") {
                throw error(
                    at: v.keyMark, path + ".initialVelocity",
                    "UISpringTimingParameters() takes no velocity; expected { dampingRatio, initialVelocity } or { mass, stiffness, damping, initialVelocity }"
                )
            }
            return .spring(SpringTimingParameters())
        }
        if form.0 == "curve" || form.0 == "controlPoints", let v = f.entry("initialVelocity") {
            throw error(at: v.keyMark, path + ".initialVelocity", "allowed only with spring timing parameters")
        }
        do {
            switch form.0 {
            case "curve":
                let w = try string(f[checked: "curve"], at: path + ".curve")
                guard let i = TimingKeys.curves.firstIndex(of: w), let curve = AnimationCurve(rawValue: i) else {
                    throw error(
                        at: f["curve"]!, path + ".curve",
                        "expected one of: \(listing(TimingKeys.curves)), found \(f["curve"]!.foundDescription)",
                        suggestion: w == "easeInEaseOut"
                            ? "did you mean 'easeInOut'? (a curve takes UIKit's names; easeInEaseOut is Core Animation's)"
                            : didYouMean(w, TimingKeys.curves))
                }
                return .cubic(CubicTimingParameters(animationCurve: curve))
            case "controlPoints":
                let v = try numbers(
                    f[checked: "controlPoints"], at: path + ".controlPoints", count: 4, names: "[x1, y1, x2, y2]")
                return .cubic(
                    try CubicTimingParameters(controlPoint1: Point(v[0], v[1]), controlPoint2: Point(v[2], v[3])))
            case "dampingRatio":
                return .spring(
                    try SpringTimingParameters(
                        dampingRatio: try number(f[checked: "dampingRatio"], at: path + ".dampingRatio"),
                        initialVelocity: velocity))
            case "mass":
                return .spring(
                    try SpringTimingParameters(
                        mass: try f["mass"].map { try number($0, at: path + ".mass") } ?? 1,
                        stiffness: try f["stiffness"].map { try number($0, at: path + ".stiffness") } ?? 100,
                        damping: try f["damping"].map { try number($0, at: path + ".damping") } ?? 10,
                        initialVelocity: velocity))
            default:
                return .spring(
                    try SpringTimingParameters(
                        duration: try f["duration"].map { try number($0, at: path + ".duration") } ?? 0.5,
                        bounce: try f["bounce"].map { try number($0, at: path + ".bounce") } ?? 0,
                        initialVelocity: velocity))
            }
        } catch let e as TimingError {
            throw timingError(e, f, at: path)
        }
    }

    func decodeAnimatorCall(_ node: SourceNode, at path: String) throws -> AnimatorSpec.Call {
        let f = try fields(
            node, at: path, allowed: TimingKeys.animatorCall,
            required: [
                ("at", "at: the scene time of the call in seconds"),
                ("call", "call: one of \(listing(TimingKeys.animatorCalls))"),
            ], what: "an animator call")
        let at = try number(f[checked: "at"], at: path + ".at")
        let name = try callName(f[checked: "call"], at: path + ".call", TimingKeys.animatorCalls)
        let uses: [String: [String]] = [
            "startAnimation": ["afterDelay"], "stopAnimation": ["withoutFinishing"], "finishAnimation": ["position"],
            "fractionComplete": ["value"], "isReversed": ["value"], "scrub": ["ramp", "drag"],
            "continueAnimation": ["timingParameters", "durationFactor"], "addAnimations": ["changes", "delayFactor"],
            "isInterruptible": ["value"], "isUserInteractionEnabled": ["value"], "addCompletion": ["name"],
        ]
        try rejectArguments(f, except: ["at", "call"] + (uses[name] ?? []), call: name, at: path)
        let kind: AnimatorSpec.Call.Kind
        switch name {
        case "startAnimation":
            kind = .startAnimation(afterDelay: try f["afterDelay"].map { try number($0, at: path + ".afterDelay") })
        case "pauseAnimation": kind = .pauseAnimation
        case "stopAnimation":
            kind = .stopAnimation(
                withoutFinishing: try f["withoutFinishing"].map { try bool($0, at: path + ".withoutFinishing") }
                    ?? false)
        case "finishAnimation":
            let p = try f.required("position", hint: "position: end, start or current", decoder: self)
            kind = .finishAnimation(try word(p, at: path + ".position", AnimatingPosition.self))
        case "fractionComplete":
            kind = .fractionComplete(
                try number(
                    try f.required("value", hint: "value: a fraction in [0, 1]", decoder: self), at: path + ".value"))
        case "isReversed":
            kind = .isReversed(
                try bool(try f.required("value", hint: "value: true or false", decoder: self), at: path + ".value"))
        case "scrub": kind = .scrub(try scrub(f, at: path))
        case "isInterruptible":
            kind = .isInterruptible(
                try bool(try f.required("value", hint: "value: true or false", decoder: self), at: path + ".value"))
        case "isUserInteractionEnabled":
            kind = .isUserInteractionEnabled(
                try bool(try f.required("value", hint: "value: true or false", decoder: self), at: path + ".value"))
        case "addCompletion":
            kind = .addCompletion(
                name: try string(
                    try f.required("name", hint: "name: a label the trace prints when the handler runs", decoder: self),
                    at: path + ".name"))
        case "continueAnimation":
            kind = .continueAnimation(
                try f["timingParameters"].map { try timingParameters($0, at: path + ".timingParameters") },
                durationFactor: try f["durationFactor"].map { try number($0, at: path + ".durationFactor") } ?? 0)
        default:
            let c = try f.required("changes", hint: "changes: { itemId: { property: value, … } }", decoder: self)
            kind = .addAnimations(
                .init(
                    changes: try itemChanges(c, at: path + ".changes"),
                    delayFactor: try f["delayFactor"].map { try number($0, at: path + ".delayFactor") } ?? 0))
        }
        return AnimatorSpec.Call(at: at, kind: kind)
    }

    func decodeLayerCall(_ node: SourceNode, at path: String) throws -> LayerTimingCall {
        let f = try fields(
            node, at: path, allowed: TimingKeys.layerCall,
            required: [
                ("at", "at: the scene time of the call in seconds"),
                ("item", "item: the id of the item whose layer timing changes"),
                ("call", "call: one of \(listing(TimingKeys.layerCalls))"),
            ], what: "a layer timing call")
        let at = try number(f[checked: "at"], at: path + ".at")
        let item = try string(f[checked: "item"], at: path + ".item")
        let name = try callName(f[checked: "call"], at: path + ".call", TimingKeys.layerCalls)
        let uses: [String: [String]] = [
            "set": ["speed", "timeOffset", "beginTime"], "scrub": ["ramp", "drag", "duration"],
            "continue": ["timeProgress"], "reverse": ["duration", "timeProgress"],
            "displayLinkReverse": ["duration", "timeProgress", "changes"],
        ]
        try rejectArguments(f, except: ["at", "item", "call"] + (uses[name] ?? []), call: name, at: path)
        let kind: LayerTimingCall.Kind
        switch name {
        case "pause": kind = .pause
        case "resume": kind = .resume
        case "set":
            guard f.entry("speed") != nil || f.entry("timeOffset") != nil || f.entry("beginTime") != nil else {
                throw error(
                    at: node, path, "'set' changes nothing; expected at least one of speed, timeOffset, beginTime")
            }
            kind = .set(
                speed: try f["speed"].map { try float($0, at: path + ".speed") },
                timeOffset: try f["timeOffset"].map { try number($0, at: path + ".timeOffset") },
                beginTime: try f["beginTime"].map { try number($0, at: path + ".beginTime") })
        case "scrub":
            kind = .scrub(
                try scrub(f, at: path), duration: try f["duration"].map { try number($0, at: path + ".duration") } ?? 1)
        case "continue":
            kind = .continueAnimation(
                timeProgress: try f["timeProgress"].map { try number($0, at: path + ".timeProgress") })
        case "reverse":
            let d = try f.required("duration", hint: "duration: the animation's duration in seconds", decoder: self)
            kind = .reverseAnimation(
                duration: try number(d, at: path + ".duration"),
                timeProgress: try f["timeProgress"].map { try number($0, at: path + ".timeProgress") })
        case "displayLinkReverse":
            let d = try f.required("duration", hint: "duration: the animation's duration in seconds", decoder: self)
            kind = .displayLinkReverse(
                duration: try number(d, at: path + ".duration"),
                timeProgress: try f["timeProgress"].map { try number($0, at: path + ".timeProgress") },
                changes: try f["changes"].map { try changes($0, at: path + ".changes") } ?? [])
        case "reset": kind = .reset
        default: kind = .removeAllAnimations
        }
        return LayerTimingCall(at: at, item: item, kind: kind)
    }

    /// `ramp: [[t, value], …]` or `drag: { path: [[t, x, y], …], from: [x, y], to: [x, y] }`.
    func scrub(_ f: Fields, at path: String) throws -> Scrub {
        switch (f.entry("ramp"), f.entry("drag")) {
        case (let r?, nil):
            let points = try list(r.value, at: path + ".ramp").enumerated().map { k, n -> Point in
                let v = try numbers(n, at: path + ".ramp[\(k)]", count: 2, names: "[time, value]")
                return Point(v[0], v[1])
            }
            guard !points.isEmpty else {
                throw error(
                    at: r.value, path + ".ramp", "expected at least one [time, value] point, found an empty list")
            }
            return Scrub(source: .ramp(points))
        case (nil, let d?):
            let at = path + ".drag"
            let df = try fields(
                d.value, at: at, allowed: TimingKeys.drag,
                required: [
                    ("path", "path: [[time, x, y], …], the finger over time"),
                    ("to", "to: [x, y], where the track ends (fraction 1)"),
                ], what: "a drag")
            let points = try list(df[checked: "path"], at: at + ".path").enumerated().map { k, n -> Scrub.DragPoint in
                let v = try numbers(n, at: at + ".path[\(k)]", count: 3, names: "[time, x, y]")
                return .init(time: v[0], point: Point(v[1], v[2]))
            }
            guard !points.isEmpty else {
                throw error(
                    at: df[checked: "path"], at + ".path",
                    "expected at least one [time, x, y] point, found an empty list")
            }
            let from = try df["from"].map { try point($0, at: at + ".from") } ?? points[0].point
            return Scrub(source: .drag(path: points, from: from, to: try point(df[checked: "to"], at: at + ".to")))
        case (nil, nil):
            throw error(
                at: f.mark, path,
                "missing key 'ramp' or 'drag'; expected ramp: [[time, value], …] or drag: { path, to }")
        case (_?, let d?):
            throw error(at: d.keyMark, path + ".drag", "'ramp' and 'drag' are both given; expected one of them")
        }
    }

    // MARK: Helpers

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
    func rejectArguments(_ f: Fields, except allowed: [String], call: String, at path: String) throws {
        for key in TimingKeys.animatorCall + TimingKeys.layerCall where !allowed.contains(key) {
            if let e = f.entry(key) {
                let takes = allowed.filter { !["at", "call", "item"].contains($0) }
                throw error(
                    at: e.keyMark, path + "." + key,
                    "'\(call)' takes no '\(key)'; expected \(takes.isEmpty ? "no arguments" : listing(takes))")
            }
        }
    }

    /// A one-key mapping `{ kind: { … } }` (as behaviours are written).
    func oneKey(_ node: SourceNode, at path: String, kinds: [String], example: String, what: String) throws -> (
        String, SourceNode, String
    ) {
        guard case .mapping(let entries) = node.value, let first = entries.first else {
            throw error(at: node, path, "expected \(example), found \(node.foundDescription)")
        }
        for entry in entries where !kinds.contains(entry.key) {
            throw error(
                at: entry.keyMark, path, "unknown \(what) \(quoted(entry.key)); expected one of: \(listing(kinds))",
                suggestion: didYouMean(entry.key, kinds))
        }
        if entries.count > 1 {
            throw error(
                at: entries[1].keyMark, path,
                "expected one \(what) per list entry, found '\(first.key)' and '\(entries[1].key)'",
                suggestion: "start each \(what) with its own '-'")
        }
        return (first.key, first.value, path + "." + first.key)
    }

    /// A `TimingError` at the key it names (`KeyframeAnimation.keyTimes[2]` → `<path>.keyTimes`),
    /// or at the mapping, with Timing's words.
    func timingError(_ e: Error, _ f: Fields, at path: String) -> SceneError {
        guard let te = e as? TimingError else {
            return e as? SceneError ?? error(at: f.mark, path, "\(e)")
        }
        for component in te.call.split(separator: ".").reversed() {
            let key = String(component.prefix { $0.isLetter })
            if let entry = f.entry(key) { return error(at: entry.value, path + "." + key, te.description) }
        }
        return error(at: f.mark, path, te.description)
    }
}
