import SceneSyntax
import Timing

// The readers of timing values that the declarations (Keys/AnimationKeys.swift, AnimatorKeys.swift,
// CallKeys.swift, ViewAnimationKeys.swift) share: Float-sized numbers, timing functions, one-key
// entries, and the mapping of Timing's own errors to the key they name. Timing's throwing
// initializers check the values of animations while they are built; their `TimingError` becomes a
// scene error at the key it names (`KeyframeAnimation.keyTimes` → `….keyTimes`) with Timing's words.

extension SceneDecoder {
    /// A number that must fit a Float (CA's `speed` and `repeatCount` are Float).
    func float(_ node: SourceNode, at path: String) throws -> Float {
        let v = try number(node, at: path)
        guard Float(v).isFinite else {
            throw error(
                at: node, path,
                "expected a number within ±3.4e38 (a Float, as in Core Animation), found \(SceneSyntax.format(v))")
        }
        return Float(v)
    }

    /// An item's own `timing:`, checked by Timing as a layer's.
    func layerTiming(_ node: SourceNode, at path: String) throws -> MediaTiming {
        var timing = MediaTiming()
        let f = try decode(MediaTimingKeys.spec, node, at: path, into: &timing, declared: MediaTimingKeys.declared)
        do { try timing.validate(call: "timing") } catch { throw timingError(error, f, at: path) }
        return timing
    }

    /// A named `CAMediaTimingFunction` or `[c1x, c1y, c2x, c2y]`.
    func timingFunction(_ node: SourceNode, at path: String) throws -> MediaTimingFunction {
        if case .sequence = node.value {
            let v = try numbers(node, at: path, count: 4, names: "[c1x, c1y, c2x, c2y]")
            do {
                return try MediaTimingFunction(controlPoints: Float(v[0]), Float(v[1]), Float(v[2]), Float(v[3]))
            } catch let e as TimingError {
                throw error(at: node, path, e.description)
            }
        }
        let names = MediaTimingFunction.Name.allCases.map(\.rawValue)
        guard case .string(let w)? = node.scalarMeaning, let name = MediaTimingFunction.Name(rawValue: w) else {
            let found: String? = if case .string(let w)? = node.scalarMeaning { w } else { nil }
            // UIKit's curve names are not Core Animation's: its easeInOut is CA's easeInEaseOut.
            let uiKit = ["easeInOut": "easeInEaseOut"]
            throw error(
                at: node, path,
                "expected one of: \(listing(names)) or [c1x, c1y, c2x, c2y], found \(node.foundDescription)",
                suggestion: found.flatMap { w in
                    uiKit[w].map {
                        "did you mean '\($0)'? (easeInOut is UIKit's name for it; a timingFunction takes Core Animation's names)"
                    }
                        ?? didYouMean(w, names)
                })
        }
        return MediaTimingFunction(name: name)
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
        // Core Animation's property names where a scene file spells the key otherwise.
        let keys = ["fromValue": "from", "toValue": "to", "byValue": "by", "isCumulative": "cumulative"]
        for component in te.call.split(separator: ".").reversed() {
            let name = String(component.prefix { $0.isLetter })
            let key = keys[name] ?? name
            // Timing names its own types too (`BasicAnimation.keyTimes`): only keys are looked up.
            if f.declares(key), let entry = f.entry(key) {
                return error(at: entry.value, path + "." + key, te.description)
            }
        }
        return error(at: f.mark, path, te.description)
    }
}

extension SceneDecoder {
    /// `transition:` of a view animation: a UIView.transition option word, or a CATransition
    /// mapping `{ type, subtype, timingFunction }` with its timing function (linear by default).
    func viewTransition(_ node: SourceNode, at path: String) throws -> (ViewTransition, MediaTimingFunction?) {
        let words = ViewTransition.viewOptions.map(\.0)
        guard case .mapping = node.value else {
            let word = try string(node, at: path)
            guard let transition = ViewTransition.viewOptions.first(where: { $0.0 == word })?.1 else {
                let caNames = [
                    "transitionCrossDissolve": "crossDissolve", "transitionFlipFromLeft": "flipFromLeft",
                    "transitionFlipFromRight": "flipFromRight", "transitionFlipFromTop": "flipFromTop",
                    "transitionFlipFromBottom": "flipFromBottom",
                ]
                throw error(
                    at: node, path,
                    "expected one of: \(listing(words)), or a CATransition { type, subtype }; found \(node.foundDescription)",
                    suggestion: caNames[word].map { "UIKit's \(word) is '\($0)' here" } ?? didYouMean(word, words))
            }
            return (transition, nil)
        }
        let fields = try self.fields(
            node, at: path,
            DeclaredKeys(
                names: ["type", "subtype", "timingFunction"],
                required: [("type", "type: fade, push, moveIn or reveal")],
                what: "a CATransition"))
        let type = try word(fields[checked: "type"], at: path + ".type", LayerTransitionType.self)
        let side = try fields["subtype"].map { try word($0, at: path + ".subtype", TransitionSide.self) } ?? .fromLeft
        let timing =
            try fields["timingFunction"].map { try timingFunction($0, at: path + ".timingFunction") } ?? .linear
        switch type {
        case .fade: return (.crossDissolve, timing)
        case .push: return (.push(from: side), timing)
        case .moveIn: return (.moveIn(from: side), timing)
        case .reveal: return (.reveal(from: side), timing)
        }
    }
}
