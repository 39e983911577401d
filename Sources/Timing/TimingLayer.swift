import Geometry

// A layer tree with media timing (spec timing §1.4–1.6) holding animations keyed by property.

/// `animationDidStop(_:finished:)`, as a value: which animation stopped, whether it finished, when.
public struct AnimationEvent: Hashable, Sendable, CustomStringConvertible {
    public var layer: String
    public var key: String
    public var property: LayerProperty
    /// true when the animation ran to its end (or past its start under a reversed layer);
    /// false when it was removed or replaced first.
    public var finished: Bool
    /// Host time at which the event was detected, seconds.
    public var time: Double

    public var description: String { "\(layer).\(key) \(property.rawValue) finished=\(finished) @\(time)" }
}

/// How `TimingLayer.add` interprets an animation's `beginTime` (CA's private `beginTimeMode`).
public enum BeginTimeMode: Sendable {
    /// 0 means "the layer-local time of the commit"; anything else is layer-local time as is (CA).
    case absolute
    /// beginTime is a delay after the commit (what UIKit uses for `delay:`, B-UIK).
    case relative
}

/// A node of the timing tree: its own `MediaTiming` (duration 0 = infinite), model values, and
/// animations in `animationKeys` order. A class because a tree with parent links and identity
/// (`convertTime(_:from:)` needs the common ancestor) is what it models; every query is still a
/// pure function of the host time passed in.
public final class TimingLayer {
    /// A property's model value, as a layer's table holds it.
    public typealias ModelValue = (property: LayerProperty, value: AnimatableValue)

    public let name: String
    public private(set) var timing: MediaTiming
    /// Unchecked, as `sublayers`.
    @exclusivity(unchecked) public private(set) weak var superlayer: TimingLayer?
    /// Without dynamic exclusivity checks, as `model`: short accesses that cannot overlap, made
    /// for every layer as a tree is built and advanced each tick.
    @exclusivity(unchecked) public private(set) var sublayers: [TimingLayer] = []

    /// The model values set, in the order first set, except those set to their property's
    /// default: a layer's first values are some twenty properties, most of them at their
    /// defaults, and a large scene has a layer per item.
    /// Read and written only by the short accessors below, which cannot overlap: the runtime's
    /// exclusivity check is left out of a table every layer's set-up and every frame read.
    @exclusivity(unchecked) private var model: [ModelValue] = []
    @exclusivity(unchecked) private var entries: [Entry] = []
    private var serial = 0

    struct Entry {
        var key: String
        var property: LayerProperty
        var animation: any PropertyAnimation
        var wasActive = false
        var didStop = false
        /// A group's member after its first: the group stops once, reported by its first member.
        var isSilentMember = false
    }

    public convenience init(name: String, timing: MediaTiming = MediaTiming()) throws {
        try self.init(name: name, timing: timing, modelValues: [])
    }

    /// A layer with its first model values, for a caller that built them to the rules
    /// `setModelValues` checks: each property once, each value of its property's kind, none at
    /// its property's default. The table is the array handed over; a large scene makes a layer
    /// per item, and checking and copying values built to those rules was much of its set-up.
    package init(
        name: String, timing: MediaTiming, modelValues: [ModelValue]
    ) throws {
        assert(Self.followsModelRules(modelValues), "model values of \(name) break the rules of setModelValues")
        try timing.validate(call: "TimingLayer(\(name))")
        self.name = name
        self.timing = timing
        model = modelValues
    }

    /// Each property once, of its kind, none at its default.
    private static func followsModelRules(_ values: [ModelValue]) -> Bool {
        var seen: UInt64 = 0
        for (property, value) in values {
            let bit: UInt64 = 1 << property.caseIndex
            guard seen & bit == 0, value.kind == property.kind, !isDefault(value, for: property) else { return false }
            seen |= bit
        }
        return true
    }

    // MARK: Tree

    /// Adds `layer` as the last sublayer (removing it from any previous superlayer, as CA does).
    /// Throws when that would make a cycle.
    public func addSublayer(_ layer: TimingLayer) throws {
        // A layer in no tree yet and without sublayers can be no ancestor but this one: the
        // common case when a tree is built, where the walk up was a cost per layer.
        if layer !== self, layer.superlayer == nil, layer.sublayers.isEmpty {
            sublayers.append(layer)
            layer.superlayer = self
            return
        }
        var node: TimingLayer? = self
        while let n = node {
            if n === layer {
                throw TimingError.invalid(
                    "TimingLayer.addSublayer", layer.name,
                    expected: "a layer that is not \(name) or one of its ancestors")
            }
            node = n.superlayer
        }
        if layer.superlayer != nil { layer.removeFromSuperlayer() }
        sublayers.append(layer)
        layer.superlayer = self
    }

    /// Room for `count` more sublayers, for a caller about to add them one by one.
    public func reserveSublayers(_ count: Int) { sublayers.reserveCapacity(sublayers.count + count) }

    public func removeFromSuperlayer() {
        superlayer?.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Root first, self last.
    private var chain: [TimingLayer] {
        var result: [TimingLayer] = []
        var node: TimingLayer? = self
        while let n = node {
            result.append(n)
            node = n.superlayer
        }
        return result.reversed()
    }

    // MARK: Timing

    /// Replaces the timing after validating it.
    public func setTiming(_ newTiming: MediaTiming) throws {
        try newTiming.validate(call: "TimingLayer(\(name)).timing")
        timing = newTiming
    }

    /// Edits the timing in place, then validates: `try layer.updateTiming { $0.speed = 0 }`.
    public func updateTiming(_ edit: (inout MediaTiming) -> Void) throws {
        var t = timing
        edit(&t)
        try setTiming(t)
    }

    /// Forward map of one layer: active time, wrapped by the layer's own duration if it has one
    /// (layers default to duration 0 = infinite, so no wrap, spec §1.4).
    private func forward(_ parentTime: Double) -> Double {
        guard timing.duration > 0 else { return timing.activeTime(parentTime: parentTime) }
        return timing.sample(parentTime: parentTime, zeroDuration: .infinity).localTime
    }

    /// The layer's local time at a host (media) time: the fold `t ← (t − b)·s + o` over the
    /// ancestors, root first, **including this layer** (spec §1.4, B `CA::Layer::convert_time`).
    public func localTime(at hostTime: Double) -> Double {
        // Up the tree by recursion rather than through `chain`, which builds an array: this is
        // asked for every animated property of every layer of every frame.
        forward(superlayer?.localTime(at: hostTime) ?? hostTime)
    }

    /// Whether the layer is drawn: at every level from the root to this layer the time must be
    /// inside the layer's active span (layers have fill `removed` by default). A layer whose
    /// active local time is < 0, e.g. speed −1 run past its start, is **not drawn** (O-FORUM, S2
    /// flicker; spec §1.3). A layer whose beginTime is later than its parent's time is not drawn.
    public func isVisible(at hostTime: Double) -> Bool { visibleLocalTime(at: hostTime) != nil }

    /// The local time, when this layer and every ancestor are inside their active spans at
    /// `hostTime`; nil when one is not. Root first, by recursion (every layer of every frame
    /// asks).
    private func visibleLocalTime(at hostTime: Double) -> Double? {
        var parentTime = hostTime
        if let superlayer {
            guard let t = superlayer.visibleLocalTime(at: hostTime) else { return nil }
            parentTime = t
        }
        guard timing.sample(parentTime: parentTime, zeroDuration: .infinity).isApplied else { return nil }
        return forward(parentTime)
    }

    /// `convertTime(_:from:)`: a time in `layer`'s local time (nil = host media time) to this
    /// layer's (spec §1.5): up from `layer` to the common ancestor through inverse maps
    /// `(t − o)/s + b`, then down to self through forward maps. Through a speed-0 layer the
    /// inverse divides by zero: the result is ±∞ or NaN, never a trap (spec §1.4). The inverse
    /// ignores a layer's own duration wrap (not invertible).
    public func convertTime(_ t: Double, from layer: TimingLayer?) -> Double {
        TimingLayer.convertTime(t, from: layer, to: self)
    }

    /// `convertTime(_:to:)`: a time in this layer's local time to `layer`'s (nil = host time).
    public func convertTime(_ t: Double, to layer: TimingLayer?) -> Double {
        TimingLayer.convertTime(t, from: self, to: layer)
    }

    public static func convertTime(_ t: Double, from: TimingLayer?, to: TimingLayer?) -> Double {
        if from === to { return t }
        let up = from?.chain ?? []
        let down = to?.chain ?? []
        var common = 0
        while common < up.count && common < down.count && up[common] === down[common] { common += 1 }
        var time = t
        for layer in up[common...].reversed() { time = layer.timing.parentTime(activeTime: time) }
        for layer in down[common...] { time = layer.forward(time) }
        return time
    }

    /// QA1673 pause: `paused = convertTime(now, from: nil); speed = 0; timeOffset = paused`.
    public func pause(at hostTime: Double) throws {
        let paused = convertTime(hostTime, from: nil)
        try updateTiming {
            $0.speed = 0
            $0.timeOffset = paused
        }
    }

    /// QA1673 resume: `p = timeOffset; speed = 1; timeOffset = 0; beginTime = 0;
    /// beginTime = convertTime(now, from: nil) − p`. The reset must come before `convertTime`,
    /// which includes this layer's own timing (spec §1.4).
    public func resume(at hostTime: Double) throws {
        let p = timing.timeOffset
        try updateTiming {
            $0.speed = 1
            $0.timeOffset = 0
            $0.beginTime = 0
        }
        let now = convertTime(hostTime, from: nil)
        try updateTiming { $0.beginTime = now - p }
    }

    // MARK: Model values

    /// The model value (the property's default until set).
    public func modelValue(of property: LayerProperty) -> AnimatableValue {
        model.first { $0.property == property }?.value ?? property.defaultValue
    }

    public func setModelValue(_ value: AnimatableValue, for property: LayerProperty) throws {
        try requireKind(value, property.kind, "TimingLayer(\(name)).\(property.rawValue)")
        if let i = model.firstIndex(where: { $0.property == property }) {
            model[i].value = value
        } else if !value.isIdentical(to: property.defaultValue) {
            model.append((property, value))
        }
    }

    /// Whether a model value is the property's default to the bit, which a layer's table leaves
    /// out (a set-up may leave it out before handing the values over).
    @inlinable public static func isDefault(_ value: AnimatableValue, for property: LayerProperty) -> Bool {
        value.isIdentical(to: property.defaultValue)
    }

    /// `setModelValue` for each pair in order, every kind checked first (a wrong one sets none).
    /// A large scene's layers are made with their values instead (`init(name:timing:modelValues:)`).
    public func setModelValues(_ values: [(LayerProperty, AnimatableValue)]) throws {
        for (property, value) in values {
            try requireKind(value, property.kind, "TimingLayer(\(name)).\(property.rawValue)")
        }
        for (property, value) in values { try setModelValue(value, for: property) }
    }

    // MARK: Animations

    /// Keys in evaluation order (`animationKeys`).
    public var animationKeys: [String] {
        var seen: Set<String> = []
        return entries.map(\.key).filter { seen.insert($0).inserted }
    }

    public func animation(forKey key: String) -> (any PropertyAnimation)? {
        entries.first { $0.key == key }?.animation
    }

    /// `add(_:forKey:)` committed at `hostTime` (the tick's media time, spec §1.6 renderer rule).
    /// beginTime 0 (absolute mode) becomes the layer-local time of the commit; `.relative` adds
    /// beginTime as a delay to it. Replacing a key stops the old animation with finished=false.
    ///
    /// - Returns: the stop events this caused (a replaced animation).
    @discardableResult
    public func add(
        _ animation: any PropertyAnimation, for property: LayerProperty, forKey key: String? = nil,
        committedAt hostTime: Double, beginTimeMode: BeginTimeMode = .absolute
    ) throws -> [AnimationEvent] {
        let call = "TimingLayer(\(name)).add(forKey: \(key ?? "nil"))"
        guard hostTime.isFinite else { throw TimingError.invalid(call, hostTime, expected: "a finite host time") }
        guard animation.valueKind == property.kind else {
            throw TimingError.invalid(
                call, "\(animation.valueKind.rawValue) values for \(property.rawValue)",
                expected: "\(property.kind.rawValue) values")
        }
        try animation.timing.validate(call: call)
        var resolved = animation
        let commitLocal = localTime(at: hostTime)
        switch beginTimeMode {
        case .absolute: if resolved.timing.beginTime == 0 { resolved.timing.beginTime = commitLocal }
        case .relative: resolved.timing.beginTime = commitLocal + animation.timing.beginTime
        }
        serial += 1
        let finalKey = key ?? "\(property.rawValue)#\(serial)"
        var events: [AnimationEvent] = []
        if let event = removeAnimation(forKey: finalKey, at: hostTime) { events.append(event) }
        entries.append(Entry(key: finalKey, property: property, animation: resolved))
        return events
    }

    /// `removeAnimation(forKey:)`: the presentation falls back at once; a running animation
    /// reports finished=false (none if it had already stopped).
    @discardableResult
    public func removeAnimation(forKey key: String, at hostTime: Double) -> AnimationEvent? {
        guard let i = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let e = entries[i]
        // A group's members share its key and go together.
        entries.removeAll { $0.key == key }
        return e.didStop
            ? nil : AnimationEvent(layer: name, key: key, property: e.property, finished: false, time: hostTime)
    }

    /// `add(_:forKey:)` of a `CAAnimationGroup`: its members run in the group's local time (a
    /// member's beginTime counts from the group's start, and a member is cut off at the group's
    /// end), under the group's key, and the group reports one stop.
    ///
    /// - Returns: the stop events this caused (a replaced animation).
    @discardableResult
    public func addGroup(
        _ members: [(property: LayerProperty, animation: any PropertyAnimation)], timing: MediaTiming,
        timingFunction: MediaTimingFunction? = nil, isRemovedOnCompletion: Bool, forKey key: String? = nil,
        committedAt hostTime: Double
    ) throws -> [AnimationEvent] {
        guard !members.isEmpty else {
            throw TimingError.invalid("TimingLayer(\(name)).addGroup", "no animations", expected: "at least one member")
        }
        serial += 1
        let groupKey = key ?? "group#\(serial)"
        var events: [AnimationEvent] = []
        for (k, member) in members.enumerated() {
            let grouped = GroupMember(
                member: member.animation, timing: timing, isRemovedOnCompletion: isRemovedOnCompletion,
                timingFunction: timingFunction)
            events += try add(
                grouped, for: member.property, forKey: k == 0 ? groupKey : "\(groupKey)\u{1F}\(k)",
                committedAt: hostTime)
            if k > 0, let i = entries.indices.last {
                entries[i].key = groupKey
                entries[i].isSilentMember = true
            }
        }
        return events
    }

    /// `removeAllAnimations()`: presentation = model immediately; each gets finished=false.
    @discardableResult
    public func removeAllAnimations(at hostTime: Double) -> [AnimationEvent] {
        animationKeys.compactMap { removeAnimation(forKey: $0, at: hostTime) }
    }

    /// Whether an animation contributes at this sample: active or filled, and not past its end
    /// when it is removed on completion ("disappears on the first frame after its end").
    private static func contributes(_ a: any PropertyAnimation, _ s: TimingSample) -> Bool {
        s.isApplied && !(s.phase == .after && a.isRemovedOnCompletion)
    }

    /// The presentation value: the model value, then each animation on the property in
    /// `animationKeys` order, non-additive ones replacing, additive ones adding (spec §2.1).
    public func presentationValue(of property: LayerProperty, at hostTime: Double) -> AnimatableValue {
        var value = modelValue(of: property)
        // Most layers animate nothing: their value is the model's, with no local time to compute.
        guard entries.contains(where: { $0.property == property || (property == .rotation && $0.property == .center) })
        else { return value }
        let parentTime = localTime(at: hostTime)
        for e in entries where e.property == property {
            let s = e.animation.timing.sample(parentTime: parentTime)
            if Self.contributes(e.animation, s) { value = e.animation.value(at: s, underlying: value) }
        }
        // `rotationMode`: a position animation along a path turns the layer with it, on top of
        // its rotation (Core Animation applies it when it renders the moving layer).
        if property == .rotation, case .angle(let angle) = value {
            var turned = angle
            for e in entries where e.property == .center {
                let s = e.animation.timing.sample(parentTime: parentTime)
                if Self.contributes(e.animation, s), let along = e.animation.rotationAlongPath(at: s) {
                    turned = Angle(radians: turned.radians + along.radians)
                }
            }
            return .angle(turned)
        }
        return value
    }

    /// Every property's presentation value, in `LayerProperty.allCases` order.
    public func presentationValues(at hostTime: Double) -> [(LayerProperty, AnimatableValue)] {
        LayerProperty.allCases.map { ($0, presentationValue(of: $0, at: hostTime)) }
    }

    /// Whether an animation of this layer or of its subtree has not stopped yet (neither
    /// finished nor removed): a scene is not at rest while one has.
    public var hasActiveAnimations: Bool {
        entries.contains { !$0.didStop } || sublayers.contains { $0.hasActiveAnimations }
    }

    /// Advances the bookkeeping of this layer and its subtree (depth first, sublayer order) to
    /// `hostTime`: an animation that reaches its end, or runs back past its start under a reversed
    /// layer after having been active (S2), stops with finished=true **once**; if it is removed
    /// on completion it is removed. Call once per tick with non-decreasing host times.
    public func advance(to hostTime: Double) -> [AnimationEvent] {
        // Most layers of a large scene never animate: advanced every tick, each worked out its
        // local time and rebuilt an empty table for nothing.
        var events = entries.isEmpty ? [] : advanceOwnAnimations(to: hostTime)
        for child in sublayers {
            let stopped = child.advance(to: hostTime)
            if !stopped.isEmpty { events += stopped }
        }
        return events
    }

    /// `advance(to:)` of this layer's own animations: their stop events.
    private func advanceOwnAnimations(to hostTime: Double) -> [AnimationEvent] {
        let parentTime = localTime(at: hostTime)
        var events: [AnimationEvent] = []
        var kept: [Entry] = []
        for var e in entries {
            let s = e.animation.timing.sample(parentTime: parentTime)
            if s.phase == .active { e.wasActive = true }
            let ranPastStart = s.phase == .before && e.wasActive
            if !e.didStop && (s.phase == .after || ranPastStart) {
                e.didStop = true
                if !e.isSilentMember {
                    events.append(
                        AnimationEvent(layer: name, key: e.key, property: e.property, finished: true, time: hostTime))
                }
                if e.animation.isRemovedOnCompletion { continue }
            }
            kept.append(e)
        }
        entries = kept
        return events
    }
}
