import Foundation

/// Something that happened during a simulation, at a tick: what a trace reports besides motion.
public struct SimulationEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// `dynamicAnimatorWillResume:`: the animator started (or restarted) ticking.
        case animatorResumed
        /// `dynamicAnimatorDidPause:`: every body asleep, or nothing left to do.
        case animatorPaused
        /// A custom behaviour's event ("watcher fired on card", "card captured by A").
        case behavior(String)
        /// A property animator's `state` changed (`from`/`to` as `stateDescription` prints them);
        /// `call` is the scripted call that changed it, nil when it reached its end.
        case animatorState(animator: String, from: String, to: String, call: String?)
        /// A property animator ran its completions at `position` (end, start, current).
        case animatorCompleted(animator: String, position: String, fractionComplete: Double)
        /// `animationDidStop(_:finished:)` of an item's animation.
        case animationStopped(item: String, key: String, finished: Bool)
        /// A `UIView.animate` block's completion (it runs on the next tick).
        case viewAnimationCompleted(item: String, finished: Bool)
        /// A scripted layer-timing call (pause, resume, set, continue, reverse, ...).
        case layerTiming(item: String, call: String)
        /// A scroll view's delegate callback (`scrollViewWillEndDragging`, …) or page change.
        case scroll(item: String, event: String)
        /// A timing call refused at run time (validation should have caught it; reported, not trapped).
        case timingError(String)
    }

    /// The tick after which it happened (0: while the scene was being set up).
    public var tick: Int
    public var kind: Kind

    public init(tick: Int, kind: Kind) {
        self.tick = tick
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .animatorResumed: return "animator resumed"
        case .animatorPaused: return "animator paused"
        case .behavior(let what): return what
        case .animatorState(let animator, let from, let to, let call):
            return "animator \(animator): \(from) → \(to)" + (call.map { " after \($0)" } ?? "")
        case .animatorCompleted(let animator, let position, let fraction):
            return
                "animator \(animator) completed at .\(position), fractionComplete \(String(format: "%.6f", fraction))"
        case .animationStopped(let item, let key, let finished):
            return "\(item) animation \(key) stopped, finished=\(finished)"
        case .viewAnimationCompleted(let item, let finished):
            return "\(item) view animation completed, finished=\(finished)"
        case .layerTiming(let item, let call): return "\(item) layer \(call)"
        case .scroll(let item, let event): return "\(item) \(event)"
        case .timingError(let message): return "timing error: \(message)"
        }
    }
}
