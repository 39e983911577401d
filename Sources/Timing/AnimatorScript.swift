/// A property animator and its scripted calls, run tick by tick. One driver for validation
/// (which runs the script once with placeholder values, so an illegal call is a load error with a
/// line number) and for the simulation (which runs it with the items' presentation values): the
/// state machine never depends on the values, so both runs make the same calls in the same states.
///
/// Per tick: `advance(to: tick/fps)` first (a natural completion), then the calls due, in file
/// order: a call `at: t` on tick ⌈t·fps⌉, a scrub on every tick of its span.
public final class AnimatorScript {
    /// Something that happened to the animator during a tick, for traces.
    public enum Event: Equatable, Sendable {
        /// `state` (as `PropertyAnimator.stateDescription` prints it) changed; `call` made it
        /// (nil: the animator reached its end).
        case stateChanged(from: String, to: String, call: String?)
        /// Completion handlers ran with this position.
        case completed(AnimatingPosition)
        /// A handler added with an `addCompletion` call ran (in the order they were added).
        case completionRan(name: String, position: AnimatingPosition)
    }

    /// A call that Timing refused: which timeline entry (nil: the animator's creation) and why.
    public struct Failure: Error, Sendable {
        public var index: Int?
        public var error: TimingError
    }

    public let spec: AnimatorSpec
    public let animator: PropertyAnimator
    public let fps: Int
    private let startTicks: [Int]
    private let endTicks: [Int]
    /// The last tick on which a call of the script runs.
    public let lastTick: Int
    /// Named completion handlers that ran since the last look, in order.
    private let ranCompletions = CompletionLog()

    final class CompletionLog { var entries: [(String, AnimatingPosition)] = [] }

    /// Creates the animator at time 0 with its declared blocks; `value(item, property)` gives the
    /// `from` of each change (the item's presentation value now).
    public init(spec: AnimatorSpec, fps: Int, value: (String, LayerProperty) -> AnimatableValue) throws(Failure) {
        self.spec = spec
        self.fps = fps
        startTicks = spec.timeline.map { ScriptTime.tick(for: $0.at, fps: fps) }
        endTicks = spec.timeline.map { call in
            if case .scrub(let s) = call.kind { return ScriptTime.tick(for: call.at + s.length, fps: fps) }
            return ScriptTime.tick(for: call.at, fps: fps)
        }
        lastTick = endTicks.max() ?? 0
        do {
            animator = try PropertyAnimator(
                duration: spec.duration, timingParameters: spec.timingParameters, startTime: 0)
            animator.scrubsLinearly = spec.scrubsLinearly
            animator.pausesOnCompletion = spec.pausesOnCompletion
            try animator.setInterruptible(spec.isInterruptible)
            for block in spec.animations {
                try animator.addAnimations(try AnimatorScript.changes(block, value), delayFactor: block.delayFactor)
            }
        } catch let e as TimingError {
            throw Failure(index: nil, error: e)
        } catch {
            preconditionFailure("Timing throws only TimingError: \(error)")
        }
    }

    static func changes(_ block: AnimatorSpec.Block, _ value: (String, LayerProperty) -> AnimatableValue) throws
        -> [AnimatorChange]
    {
        try block.changes.map { c in
            try AnimatorChange(
                target: c.item, property: c.property,
                from: c.property.viewAnimationStart(from: value(c.item, c.property), to: c.value), to: c.value)
        }
    }

    /// Runs tick `tick` (call with consecutive ticks from 0).
    public func step(tick: Int, value: (String, LayerProperty) -> AnimatableValue) throws(Failure) -> [Event] {
        let time = Double(tick) / Double(fps)
        var events: [Event] = []
        var state = animator.stateDescription
        func note(_ call: String?, _ completions: [AnimatorEvent]) {
            let now = animator.stateDescription
            if now != state { events.append(.stateChanged(from: state, to: now, call: call)) }
            state = now
            events += completions.map { .completed($0.position) }
            events += ranCompletions.entries.map { .completionRan(name: $0.0, position: $0.1) }
            ranCompletions.entries = []
        }
        var index: Int?
        do {
            note(nil, try animator.advance(to: time))
            for (j, call) in spec.timeline.enumerated() where startTicks[j] <= tick && tick <= endTicks[j] {
                index = j
                var completions: [AnimatorEvent] = []
                switch call.kind {
                case .scrub(let s):
                    try animator.setFractionComplete(s.value(at: time - call.at))
                default:
                    guard tick == startTicks[j] else { continue }
                    completions = try perform(call.kind, value)
                }
                note(call.kind.name, completions)
            }
        } catch let e as TimingError {
            throw Failure(index: index, error: e)
        } catch {
            preconditionFailure("Timing throws only TimingError: \(error)")
        }
        return events
    }

    private func perform(_ kind: AnimatorSpec.Call.Kind, _ value: (String, LayerProperty) -> AnimatableValue) throws
        -> [AnimatorEvent]
    {
        switch kind {
        case .startAnimation(let delay?): try animator.startAnimation(afterDelay: delay)
        case .startAnimation(nil): try animator.startAnimation()
        case .pauseAnimation: try animator.pauseAnimation()
        case .stopAnimation(let w): try animator.stopAnimation(w)
        case .finishAnimation(let p): return try animator.finishAnimation(at: p)
        case .fractionComplete(let f): try animator.setFractionComplete(f)
        case .scrub: break
        case .isReversed(let r): animator.setReversed(r)
        case .continueAnimation(let p, let k):
            try animator.continueAnimation(withTimingParameters: p, durationFactor: k)
        case .addAnimations(let block):
            try animator.addAnimations(try AnimatorScript.changes(block, value), delayFactor: block.delayFactor)
        case .isInterruptible(let v): try animator.setInterruptible(v)
        case .isUserInteractionEnabled(let v): try animator.setUserInteractionEnabled(v)
        case .addCompletion(let name):
            let log = ranCompletions
            animator.addCompletion { position in log.entries.append((name, position)) }
        case .transition: break
        }
        return []
    }
}
