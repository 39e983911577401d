import Geometry
import SceneModel
import Timing

// What a scripted call does to a layer: `layerTimeline` calls (the interactive layer-timing
// example's helpers, QA1673's pause and resume) and `UIView.animate` blocks committed on it.
// `SceneTiming.process(tick:)` decides when; these say what.

extension SceneTiming {
    /// Performs a scripted layer-timing call; returns the events it caused (removals' stops).
    func perform(_ kind: LayerTimingCall.Kind, on layer: TimingLayer, callTime: Double) throws
        -> [SimulationEvent.Kind]
    {
        let t = time
        switch kind {
        case .pause: try layer.pause(at: t)
        case .resume: try layer.resume(at: t)
        case .set(let speed, let offset, let begin):
            try layer.updateTiming { timing in
                if let speed { timing.speed = speed }
                if let offset { timing.timeOffset = offset }
                if let begin { timing.beginTime = begin }
            }
        case .scrub(let scrub, let duration):
            try layer.updateTiming { $0.timeOffset = scrub.value(at: t - callTime) * duration }
        case .continueAnimation(let progress):
            // gs_continueAnimationWithTimeProgress: reset first, because convertTime includes
            // the layer's own timing (the seed says so; spec §1.4).
            let p = progress ?? layer.timing.timeOffset
            try layer.updateTiming {
                $0.speed = 1
                $0.timeOffset = 0
                $0.beginTime = 0
            }
            let now = layer.convertTime(t, from: nil)
            try layer.updateTiming { $0.beginTime = now - p }
        case .reverseAnimation(let duration, let progress):
            let p = progress ?? layer.timing.timeOffset
            try layer.updateTiming {
                $0.speed = 1
                $0.timeOffset = 0
                $0.beginTime = 0
            }
            let now = layer.convertTime(t, from: nil)
            try layer.updateTiming {
                $0.beginTime = now - (duration - p)
                $0.timeOffset = duration
                $0.speed = -1
            }
        case .displayLinkReverse:
            break  // driven tick by tick in `process(tick:)`
        case .reset:
            try layer.updateTiming {
                $0.speed = 1
                $0.timeOffset = 0
                $0.beginTime = 0
            }
        case .removeAllAnimations:
            // Every animation not yet stopped reports finished=false (spec timing §1.7), and a
            // view animation block whose animations are gone completes with finished=false.
            let stopped = layer.removeAllAnimations(at: t)
            return stopped.map { .animationStopped(item: $0.layer, key: $0.key, finished: $0.finished) }
                + completeViewAnimations(stopped)
        }
        return []
    }

    /// `layer.add(_:forKey:)` of an item's animation: one animation, or a group's members.
    func commit(_ spec: AnimationSpec, on layer: TimingLayer, at t: Double) throws -> [AnimationEvent] {
        if case .group(let group) = spec.kind {
            return try layer.addGroup(
                group.members.compactMap { m in m.animation.map { (m.property, $0) } }, timing: group.timing,
                timingFunction: group.timingFunction, isRemovedOnCompletion: group.isRemovedOnCompletion,
                forKey: spec.key, committedAt: t)
        }
        guard let animation = spec.animation else { return [] }
        return try layer.add(animation, for: spec.property, forKey: spec.key, committedAt: t)
    }

    func commit(_ written: ViewAnimationSpec, on layer: TimingLayer, at t: Double) throws
        -> ViewAnimationTransaction
    {
        let spec = Self.handingOnDrag(written, from: layer.modelValue(of: .center).point)
        let changes = spec.changes.map { ($0.property, $0.value) }
        switch spec.style {
        case .basic:
            return try ViewAnimation.animate(
                layer, withDuration: spec.duration, delay: spec.delay,
                options: AnimationOptions(rawValue: spec.options), changes: changes, committedAt: t)
        case .spring(let ratio, let velocity):
            return try ViewAnimation.animate(
                layer, withDuration: spec.duration, delay: spec.delay, usingSpringWithDamping: ratio,
                initialSpringVelocity: velocity, options: AnimationOptions(rawValue: spec.options),
                changes: changes, committedAt: t)
        case .springBounce(let bounce, let velocity):
            return try ViewAnimation.animate(
                layer, springDuration: spec.duration, bounce: bounce, initialSpringVelocity: velocity,
                delay: spec.delay, options: AnimationOptions(rawValue: spec.options),
                changes: changes, committedAt: t)
        case .keyframes(let blocks):
            let keyframes = blocks.map { b in
                ViewKeyframe(
                    relativeStartTime: b.start, relativeDuration: b.duration,
                    changes: b.changes.map { ($0.property, $0.value) })
            }
            return try ViewAnimation.animateKeyframes(
                layer, withDuration: spec.duration, delay: spec.delay,
                options: KeyframeAnimationOptions(rawValue: spec.options),
                keyframes: keyframes, committedAt: t)
        }
    }
}

extension SceneTiming {
    /// `spring.initialVelocity: fromDrag` made a number: the finger's release velocity, its part
    /// along the way from the centre `from` to the new one, over that way's length, as a pan
    /// handler computes `initialSpringVelocity` (distances per second). The part across the way
    /// is lost, as it is in UIKit, whose spring velocity is one number for every property.
    static func handingOnDrag(_ spec: ViewAnimationSpec, from: Point?) -> ViewAnimationSpec {
        guard spec.springVelocityFromDrag, let drag = spec.drag, let from,
            let target = spec.changes.first(where: { $0.property == .center })?.value.point
        else { return spec }
        let way = target - from
        let squared = way.x * way.x + way.y * way.y
        let v = drag.releaseVelocity
        let relative = squared > 0 ? (v.x * way.x + v.y * way.y) / squared : 0
        var resolved = spec
        switch spec.style {
        case .spring(let ratio, _): resolved.style = .spring(dampingRatio: ratio, initialVelocity: relative)
        case .springBounce(let bounce, _): resolved.style = .springBounce(bounce: bounce, initialVelocity: relative)
        case .basic, .keyframes: break
        }
        return resolved
    }
}
