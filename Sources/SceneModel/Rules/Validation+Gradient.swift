import Colors
import SceneSyntax
import Timing

// The rules of animated gradients (`colors`, `locations`, `startPoint`, `endPoint`): only an item
// whose fill is a gradient has them, and CAGradientLayer interpolates two lists only element by
// element, so every list value has as many elements as the gradient has colours.

extension Scene {
    func checkGradientAnimations() throws(Violation) {
        // Each item's gradient by id (ids are unique after `checkItems`; looked up, never iterated),
        // made at the first animated value: a scene where nothing animates never builds it.
        var table: [String: Gradient?]?
        func gradients() -> [String: Gradient?] {
            if let table { return table }
            var made: [String: Gradient?] = [:]
            forEachItemWithoutPath { item in made.updateValue(item.fillGradient, forKey: item.id) }
            table = made
            return made
        }
        func check(_ id: String, _ property: LayerProperty, _ value: AnimatableValue, at path: String)
            throws(Violation)
        {
            // Unknown ids were reported by `checkTimingScript`, which runs first.
            guard let gradient = gradients()[id] else { return }
            try Self.checkGradientValue(id, gradient, property, value, at: path)
        }
        // The walk with paths (every parent's spelt) only when an item animates.
        if containsItemWithAttributes(where: { !$0.animations.isEmpty }) {
            try forEachItem { (item, path, _) throws(Violation) in
                guard !item.animations.isEmpty else { return }
                for (animation, leafPath) in item.animationLeaves(at: path.description) {
                    let at = leafPath + ".\(animation.kind.name)"
                    for (key, value) in Self.labelledValues(of: animation) {
                        try check(item.id, animation.property, value, at: at + key)
                    }
                }
            }
        }
        func check(_ item: String, _ changes: [PropertyChange], at path: String) throws(Violation) {
            for c in changes {
                try check(item, c.property, c.value, at: path + "." + AnimatedProperty.name(of: c.property))
            }
        }
        func check(_ changes: [ItemChange], at path: String) throws(Violation) {
            for c in changes {
                try check(c.item, c.property, c.value, at: path + ".\(c.item)." + AnimatedProperty.name(of: c.property))
            }
        }
        for script in viewAnimationScripts {
            let (v, path) = (script.spec, script.path)
            try check(v.item, v.changes, at: path + ".changes")
            if case .keyframes(let blocks) = v.style {
                for (k, b) in blocks.enumerated() {
                    try check(v.item, b.changes, at: path + ".keyframes[\(k)].changes")
                }
            }
            if let c = v.completion { try check(v.item, c.changes, at: path + ".completion.changes") }
        }
        for (i, a) in animators.enumerated() {
            for (k, b) in a.animations.enumerated() {
                try check(b.changes, at: "animators[\(i)].animations[\(k)].changes")
            }
            for (j, call) in a.timeline.enumerated() {
                if case .addAnimations(let b) = call.kind {
                    try check(b.changes, at: "animators[\(i)].timeline[\(j)].changes")
                }
            }
        }
        for (j, call) in layerTimeline.enumerated() {
            if case .displayLinkReverse(_, _, let changes) = call.kind {
                try check(call.item, changes, at: "layerTimeline[\(j)].changes")
            }
        }
    }

    private static func checkGradientValue(
        _ id: String, _ gradient: Gradient?, _ property: LayerProperty, _ value: AnimatableValue, at path: String
    ) throws(Violation) {
        let gradientProperties: [LayerProperty] = [
            .gradientColors, .gradientLocations, .gradientStartPoint, .gradientEndPoint,
        ]
        guard gradientProperties.contains(property) else { return }
        let name = AnimatedProperty.name(of: property)
        guard let gradient else {
            throw Violation(
                keyPath: path,
                message: "'\(id)' has no gradient fill; expected \(name) only on an item whose fill is a gradient",
                suggestion: "give '\(id)' fill: { linear: { colors: [\"#000000\", \"#FFFFFF\"] } }")
        }
        guard let count = value.listCount, count != gradient.colors.count else { return }
        let n = gradient.colors.count
        let what = property == .gradientColors ? "colours" : "locations"
        throw Violation(
            keyPath: path,
            message:
                "expected \(n) \(what), one per colour of '\(id)'s gradient (Core Animation interpolates lists of the same count only), found \(count)",
            suggestion: property == .gradientColors
                ? "give \(n) colours; to add or remove a stop, repeat a colour at the same location"
                : "give \(n) locations from 0 to 1")
    }

    /// The values an animation holds, each with its key (`.from`, `.values[2]`, …).
    private static func labelledValues(of animation: AnimationSpec) -> [(String, AnimatableValue)] {
        func endpoints(_ from: AnimatableValue?, _ to: AnimatableValue?, _ by: AnimatableValue?) -> [(
            String, AnimatableValue
        )] {
            [(".from", from), (".to", to), (".by", by)].compactMap { key, v in v.map { (key, $0) } }
        }
        switch animation.kind {
        case .basic(let a): return endpoints(a.fromValue, a.toValue, a.byValue)
        case .spring(let a): return endpoints(a.fromValue, a.toValue, a.byValue)
        case .keyframe(let a): return a.values.enumerated().map { (".values[\($0)]", $1) }
        case .group: return []  // its members are leaves of their own
        }
    }
}
