import Geometry
import SceneSyntax
import Timing

// The rules of the layer tree and of scripted timing. Animations themselves were checked by
// Timing's initializers when they were built; what remains is what only the whole scene knows:
// references to items, script order, and whether each animator's calls are legal in the state
// the animator will be in — found by running the script once (`AnimatorScript`), so the message
// is Timing's own ("finishAnimation(at: .end) at t=0.5 s: illegal in state active (running); …").

extension Scene {
    /// Every item of the tree, depth first (parent before children), with its key path and the id
    /// of its parent (nil at the top level). Copies every item: a walk that only reads them is
    /// `forEachItem`.
    public var allItems: [(item: Item, path: String, parent: String?)] {
        var result: [(Item, String, String?)] = []
        forEachItem { item, path, parent in result.append((item, path.description, parent)) }
        return result
    }

    /// Calls `body` with every item of the tree, depth first (parent before children), its key
    /// path (spelt when read) and the id of its parent (nil at the top level). The items are lent,
    /// not copied: an item holds dozens of fields, and walks that copied the whole tree into an
    /// array were most of the time a large scene took to load.
    public func forEachItem<E: Error>(
        _ body: (_ item: Item, _ path: ItemKeyPath, _ parent: String?) throws(E) -> Void
    ) throws(E) {
        // Through buffer pointers: reading an `Item` out of an array (iterating it, or even its
        // subscript) copies it.
        func visit(_ item: borrowing Item, _ path: ItemKeyPath, _ parent: String?) throws(E) {
            try body(item, path, parent)
            guard !item.children.isEmpty else { return }
            let spelt = path.description
            try item.children.withUnsafeBufferPointer { (children) throws(E) in
                for k in children.indices {
                    try visit(children[k], ItemKeyPath(child: k, of: spelt, isMask: children[k].isMask), item.id)
                }
            }
        }
        try items.withUnsafeBufferPointer { (items) throws(E) in
            for i in items.indices { try visit(items[i], ItemKeyPath(topLevel: i), nil) }
        }
    }

    /// Every item, children after their parent, for a walk that needs no key paths (spelling one
    /// for each of a large scene's items costs more than most walks' own work).
    public func forEachItemWithoutPath<E: Error>(_ body: (_ item: Item) throws(E) -> Void) throws(E) {
        func visit(_ items: [Item]) throws(E) {
            try items.withUnsafeBufferPointer { (items) throws(E) in
                guard let base = items.baseAddress else { return }
                for k in items.indices {
                    try body((base + k).pointee)
                    if !(base + k).pointee.children.isEmpty { try visit((base + k).pointee.children) }
                }
            }
        }
        try visit(items)
    }

    /// Every item that sets one of the boxed attributes (text, shape, animations, files, 3-D…),
    /// children after their parent, for a walk that reads only those. Most items of a large scene
    /// set none: they are passed over in place, never handed out, as handing one out copies it.
    public func forEachItemWithAttributes<E: Error>(_ body: (_ item: Item) throws(E) -> Void) throws(E) {
        func visit(_ items: [Item]) throws(E) {
            try items.withUnsafeBufferPointer { (items) throws(E) in
                guard let base = items.baseAddress else { return }
                for k in items.indices {
                    if !Item.hasDefaultAttributes(at: base + k) { try body((base + k).pointee) }
                    if !(base + k).pointee.children.isEmpty { try visit((base + k).pointee.children) }
                }
            }
        }
        try visit(items)
    }

    /// Whether an item that sets boxed attributes meets `condition`: asked before a walk that
    /// spells key paths, which most scenes then skip.
    public func containsItemWithAttributes(where condition: (_ item: Item) -> Bool) -> Bool {
        var found = false
        forEachItemWithAttributes { item in found = found || condition(item) }
        return found
    }

    /// Every layer: the items and all their children (masks included).
    public var layerCount: Int {
        // Counted through buffer pointers: a walk that hands each item out copies it.
        func count(_ items: [Item]) -> Int {
            items.withUnsafeBufferPointer { items in
                var total = items.count
                for k in items.indices where !items[k].children.isEmpty { total += count(items[k].children) }
                return total
            }
        }
        return count(items)
    }

    /// Every item's id, depth first.
    public var allItemIDs: [String] {
        var ids: [String] = []
        forEachItemWithoutPath { item in ids.append(item.id) }
        return ids
    }

    /// The parent's id of a nested item; nil for top-level or unknown ids.
    func parentID(of id: String) -> String? {
        var found: String?
        forEachItem { item, _, parent in if found == nil, item.id == id { found = parent } }
        return found
    }

    func checkLayer(_ item: Item, at itemPath: ItemKeyPath) throws(Violation) {
        // Without a shape or animations only the timing is left to check, and no path to spell.
        let hasMore = item.shape != nil || !item.animations.isEmpty
        let path = hasMore ? itemPath.description : ""
        if hasMore {
            try checkShape(item, at: path)
            try checkShadowPath(item, at: path)
        }
        do { try item.timing.validate(call: "timing") } catch {
            throw Violation(keyPath: itemPath + ".timing", message: "\(error)")
        }
        for (k, animation) in item.animations.enumerated() {
            try checkTime(animation.at, at: path + ".animations[\(k)].\(animation.kind.name).at")
        }
        for (animation, at) in item.animationLeaves(at: path) where at.contains(".group.") {
            // A member runs in its group's time, under its group's key.
            if animation.at != 0 || animation.key != nil {
                throw Violation(
                    keyPath: at + ".\(animation.kind.name).\(animation.key != nil ? "key" : "at")",
                    message:
                        "a group's animation starts with its group and stops under its key; expected no at or key here",
                    suggestion: "give the group at: and key:, and this animation a beginTime: within the group")
            }
        }
    }

    func checkTimingScript() throws(Violation) {
        for script in viewAnimationScripts { try checkViewAnimation(script.spec, at: script.path) }
        try checkAnimators()
        try checkLayerTimeline()
    }

    /// An item id a timing script names: any item, children included.
    private func timingReference(_ id: String, at path: String) throws(Violation) {
        let ids = allItemIDs
        guard !ids.contains(id) else { return }
        throw Violation(
            keyPath: path,
            message: ids.isEmpty
                ? "unknown item \(quoted(id)); the scene has no items"
                : "unknown item \(quoted(id)); expected one of: \(listing(ids))",
            suggestion: didYouMean(id, ids))
    }

    /// A model change of a property the dynamic animator owns is refused.
    private func checkModelChange(_ item: String, _ property: LayerProperty, at path: String) throws(Violation) {
        if property == .anchorPoint && dynamicallyMovedItemIDs.contains(item) {
            throw Violation(
                keyPath: path,
                message:
                    "'\(item)' is moved by a behaviour, and UIKit Dynamics moves and turns a view about its centre; expected no anchorPoint change",
                suggestion: "animate an item no behaviour moves")
        }
        if (property == .center || property == .rotation) && dynamicallyMovedItemIDs.contains(item) {
            throw Violation(
                keyPath: path,
                message:
                    "the \(AnimatedProperty.name(of: property)) of '\(item)' belongs to the dynamic animator (a behavior moves it); expected a change of another property",
                suggestion: "animate translation, or use an additive animation")
        }
    }

    private func checkViewAnimation(_ v: ViewAnimationSpec, at path: String) throws(Violation) {
        try checkTime(v.at, at: path + ".at")
        try timingReference(v.item, at: path + ".item")
        try checkViewDrag(v, at: path)
        try checkFinite(v.duration, at: path + ".duration")
        try checkFinite(v.delay, at: path + ".delay")
        if v.delay < 0 {
            throw Violation(
                keyPath: path + ".delay", message: "expected a delay of at least 0 s, found \(format(v.delay))")
        }
        for c in v.changes {
            try checkModelChange(v.item, c.property, at: path + ".changes.\(AnimatedProperty.name(of: c.property))")
        }
        try checkViewTransition(v, at: path)
        try checkKeyframeTransforms(v, at: path)
        var isKeyframes = false
        if case .keyframes = v.style { isKeyframes = true }
        if v.options & (0xF << 10) != 0 && !isKeyframes {
            throw Violation(
                keyPath: path + ".options",
                message: "calculationMode options apply to keyframes only; expected them with keyframes:")
        }
        do {
            switch v.style {
            case .basic:
                if v.changes.isEmpty && v.transition == nil && v.hiddenChanges.isEmpty {
                    throw Violation(
                        keyPath: path, message: "missing key 'changes'; expected changes: { property: value, … }")
                }
            case .spring(let ratio, let velocity):
                guard ratio.isFinite, ratio > 0 else {
                    throw Violation(
                        keyPath: path + ".spring.dampingRatio",
                        message: "expected a damping ratio greater than 0, found \(format(ratio))")
                }
                if v.duration > 0 {
                    _ = try Spring.uiKit(duration: v.duration, dampingRatio: ratio, initialVelocity: velocity)
                }
            case .springBounce(let bounce, let velocity):
                _ = try Spring(perceptualDuration: v.duration, bounce: bounce, initialVelocity: velocity)
            case .keyframes(let blocks):
                // The keyframes of one property become one keyframe animation whose key times
                // must not go back: each must start where the one before it ended, or later.
                var lastEnd: [String: (index: Int, end: Double)] = [:]
                for (k, b) in blocks.enumerated() {
                    let at = path + ".keyframes[\(k)]"
                    try checkUnit(b.start, "a relative start time", at: at + ".start")
                    try checkUnit(b.duration, "a relative duration", at: at + ".duration")
                    if b.start + b.duration > 1 + 1e-12 {
                        throw Violation(
                            keyPath: at + ".duration",
                            message: "start + duration is \(format(b.start + b.duration)); expected at most 1")
                    }
                    for c in b.changes {
                        let name = AnimatedProperty.name(of: c.property)
                        try checkModelChange(v.item, c.property, at: at + ".changes.\(name)")
                        if let earlier = lastEnd[name], b.start < earlier.end - 1e-12 {
                            throw Violation(
                                keyPath: at + ".start",
                                message:
                                    "keyframes[\(k)] animates \(name) from \(format(b.start)) while keyframes[\(earlier.index)] animates it until \(format(earlier.end)); expected the keyframes of one property in time order, not overlapping (start this one at \(format(earlier.end)) or later)"
                            )
                        }
                        lastEnd[name] = (k, b.start + b.duration)
                    }
                }
            }
        } catch let e as Violation {
            throw e
        } catch {
            throw Violation(keyPath: path + ".spring", message: "\(error)")
        }
        if let c = v.completion {
            for change in c.changes {
                try checkModelChange(
                    v.item, change.property,
                    at: path + ".completion.changes.\(AnimatedProperty.name(of: change.property))")
            }
        }
    }

    /// Paced and cubic keyframes need distances and tangents between values, which transforms
    /// do not have: Timing refuses them, and the scene hears it here, at load.
    private func checkKeyframeTransforms(_ v: ViewAnimationSpec, at path: String) throws(Violation) {
        guard case .keyframes(let blocks) = v.style else { return }
        let mode = KeyframeAnimationOptions(rawValue: v.options).calculationMode
        guard mode != .linear, mode != .discrete,
            let change = blocks.flatMap(\.changes).first(where: { $0.property.kind == .transform })
        else { return }
        throw Violation(
            keyPath: path + ".options",
            message:
                "calculationMode \(mode.rawValue) cannot animate \(AnimatedProperty.name(of: change.property)), a transform interpolated decomposed; expected calculationModeLinear or calculationModeDiscrete"
        )
    }

    /// `isHidden` changes name items of the scene, once each; a `transition` runs over a
    /// duration with a curve (UIView.transition takes no spring or keyframes) on a view no
    /// behaviour moves.
    private func checkViewTransition(_ v: ViewAnimationSpec, at path: String) throws(Violation) {
        var seen: Set<String> = []
        for change in v.hiddenChanges {
            try timingReference(change.item, at: path + ".isHidden." + change.item)
            if !seen.insert(change.item).inserted {
                throw Violation(
                    keyPath: path + ".isHidden." + change.item,
                    message: "'\(change.item)' is given twice; expected each item once")
            }
        }
        guard v.transition != nil else { return }
        if case .basic = v.style {
        } else {
            throw Violation(
                keyPath: path + ".transition",
                message:
                    "a transition takes a duration and a curve; expected no spring or keyframes with transition:",
                suggestion: "set the curve with options, such as options: [curveEaseOut]")
        }
        guard v.duration > 0 else {
            throw Violation(
                keyPath: path + ".duration",
                message: "a transition needs time; expected a duration greater than 0 s, found \(format(v.duration))")
        }
        if v.delay != 0 {
            throw Violation(
                keyPath: path + ".delay",
                message: "UIView.transition has no delay; expected none with transition:",
                suggestion: "start the block later with at:")
        }
    }

    /// A view animation's pan: finite, over by the scene's limit, on an item whose centre is
    /// the scene's to set; and `fromDrag` only with a pan and a new centre to measure against.
    private func checkViewDrag(_ v: ViewAnimationSpec, at path: String) throws(Violation) {
        if let drag = v.drag {
            try checkModelChange(v.item, .center, at: path + ".drag")
            for (k, p) in drag.points.enumerated() {
                try checkFinite(p.x, at: path + ".drag.path[\(k)][1]")
                try checkFinite(p.y, at: path + ".drag.path[\(k)][2]")
            }
            try checkTime(v.runTime, at: path + ".drag.path")
        }
        guard v.springVelocityFromDrag else { return }
        if v.drag == nil {
            throw Violation(
                keyPath: path + ".spring.initialVelocity",
                message:
                    "initialVelocity: fromDrag takes the release velocity of the block's drag; expected a drag: { path: [[t, x, y], …] } on this view animation",
                suggestion: "add the pan as drag:, or give the velocity as a number")
        }
        if !v.changes.contains(where: { $0.property == .center }) {
            throw Violation(
                keyPath: path + ".spring.initialVelocity",
                message:
                    "initialVelocity: fromDrag is the release velocity over the distance to the new center; expected a center in changes"
            )
        }
    }

    private func checkAnimators() throws(Violation) {
        var animatorIDs: [String: Int] = [:]
        for (i, a) in animators.enumerated() {
            let path = "animators[\(i)]"
            try checkIDForm(a.id, at: path + ".id")
            if let first = animatorIDs[a.id] {
                throw Violation(
                    keyPath: path + ".id",
                    message:
                        "duplicate animator id '\(a.id)', already used by animators[\(first)]; expected each id once")
            }
            animatorIDs[a.id] = i
            for (k, b) in a.animations.enumerated() {
                try checkBlock(b, at: path + ".animations[\(k)]")
            }
            var last = 0.0
            for (j, call) in a.timeline.enumerated() {
                let at = path + ".timeline[\(j)]"
                try checkTime(call.at, at: at + ".at")
                if call.at < last {
                    throw Violation(
                        keyPath: at + ".at",
                        message:
                            "\(format(call.at)) s comes before the previous call's \(format(last)) s; expected calls in time order"
                    )
                }
                last = call.at
                switch call.kind {
                case .scrub(let s): try checkScrub(s, at: at)
                case .addAnimations(let b): try checkBlock(b, at: at)
                default: break
                }
            }
            try dryRun(a, at: path)
        }
    }

    private func checkLayerTimeline() throws(Violation) {
        var last = 0.0
        for (j, call) in layerTimeline.enumerated() {
            let path = "layerTimeline[\(j)]"
            try checkTime(call.at, at: path + ".at")
            if call.at < last {
                throw Violation(
                    keyPath: path + ".at",
                    message:
                        "\(format(call.at)) s comes before the previous call's \(format(last)) s; expected calls in time order"
                )
            }
            last = call.at
            try timingReference(call.item, at: path + ".item")
            switch call.kind {
            case .scrub(let s, let duration):
                try checkScrub(s, at: path)
                try checkFinite(duration, at: path + ".duration")
                if duration < 0 {
                    throw Violation(
                        keyPath: path + ".duration",
                        message: "expected a duration of at least 0 s, found \(format(duration))")
                }
            case .reverseAnimation(let duration, _):
                try checkPositive(duration, "a duration", at: path + ".duration")
            case .displayLinkReverse(let duration, let progress, let changes):
                try checkPositive(duration, "a duration", at: path + ".duration")
                if let progress { try checkFinite(progress, at: path + ".timeProgress") }
                for c in changes {
                    try checkModelChange(
                        call.item, c.property, at: path + ".changes.\(AnimatedProperty.name(of: c.property))")
                }
            default: break
            }
        }
    }

    private func checkTime(_ t: Double, at path: String) throws(Violation) {
        try checkFinite(t, at: path)
        if !(t >= 0 && t <= SceneRules.maxSeconds) {
            throw Violation(
                keyPath: path,
                message: "expected a scene time from 0 to \(format(SceneRules.maxSeconds)) s, found \(format(t))")
        }
    }

    private func checkBlock(_ b: AnimatorSpec.Block, at path: String) throws(Violation) {
        for c in b.changes {
            try timingReference(c.item, at: path + ".changes.\(c.item)")
            try checkModelChange(
                c.item, c.property, at: path + ".changes.\(c.item).\(AnimatedProperty.name(of: c.property))")
        }
        if b.changes.isEmpty {
            throw Violation(keyPath: path + ".changes", message: "expected at least one change, found none")
        }
        try checkUnit(b.delayFactor, "a delay factor", at: path + ".delayFactor")
    }

    private func checkScrub(_ s: Scrub, at path: String) throws(Violation) {
        switch s.source {
        case .ramp(let points):
            var last = 0.0
            for (k, p) in points.enumerated() {
                if !(p.x >= last) {
                    throw Violation(
                        keyPath: path + ".ramp[\(k)][0]",
                        message: "expected times of at least \(format(last)) s, in order, found \(format(p.x))")
                }
                // The dry run below steps every tick up to the last time: bounded as scene times are.
                try checkTime(p.x, at: path + ".ramp[\(k)][0]")
                last = p.x
            }
        case .drag(let path_, let from, let to):
            var last = 0.0
            for (k, p) in path_.enumerated() {
                if !(p.time >= last) {
                    throw Violation(
                        keyPath: path + ".drag.path[\(k)][0]",
                        message: "expected times of at least \(format(last)) s, in order, found \(format(p.time))")
                }
                try checkTime(p.time, at: path + ".drag.path[\(k)][0]")
                last = p.time
            }
            if from == to {
                throw Violation(
                    keyPath: path + ".drag.to", message: "expected a track end different from its start \(from)")
            }
        }
    }

    /// Runs the animator's script with placeholder values (the state machine never looks at them).
    private func dryRun(_ a: AnimatorSpec, at path: String) throws(Violation) {
        let placeholder: (String, LayerProperty) -> AnimatableValue = { _, p in p.defaultValue }
        do {
            let script = try AnimatorScript(spec: a, fps: fps, value: placeholder)
            for tick in 0...script.lastTick { _ = try script.step(tick: tick, value: placeholder) }
        } catch {
            throw Violation(
                keyPath: error.index.map { path + ".timeline[\($0)]" } ?? path, message: error.error.description)
        }
    }
}
