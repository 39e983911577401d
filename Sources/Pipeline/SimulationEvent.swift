/// Something that happened during a simulation, at a tick: what a trace reports besides motion.
public struct SimulationEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// `dynamicAnimatorWillResume:`: the animator started (or restarted) ticking.
        case animatorResumed
        /// `dynamicAnimatorDidPause:`: every body asleep, or nothing left to do.
        case animatorPaused
        /// A custom behaviour's event ("watcher fired on card", "card captured by A").
        case behavior(String)
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
        }
    }
}
