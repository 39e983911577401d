/// The one loop over a scene's ticks: frame 0 is the scene as written, every later frame is one
/// `advance()` of the simulation, and the run ends at the plan's frame count, or, for an
/// `until: rest` scene, with the first frame at rest (which is still drawn).
///
/// Render, the frame count of a window, the off-canvas warnings, figures, SVG frames and the
/// Lottie export all step through this, so "which ticks a scene has" is decided in one place.
public struct SceneTicks: Sequence, IteratorProtocol {
    public let simulation: SceneSimulation
    /// One past the last tick the run may reach.
    public let end: Int
    public let stopsAtRest: Bool
    /// The tick the next call to `next()` gives.
    public private(set) var upcoming = 0
    /// True once the run has given its last tick (its end, or the first frame at rest).
    public private(set) var isFinished = false

    public init(_ simulation: SceneSimulation, end: Int, stopsAtRest: Bool) {
        self.simulation = simulation
        self.end = end
        self.stopsAtRest = stopsAtRest
        isFinished = end <= 0
    }

    /// All of a scene's ticks as its plan gives them.
    public init(_ simulation: SceneSimulation, plan: FramePlan) {
        self.init(simulation, end: plan.maxFrames, stopsAtRest: plan.stopsAtRest)
    }

    /// Steps the simulation to the next tick and gives it; nil when the run is over.
    public mutating func next() -> Int? { next(before: end) }

    /// `next()`, but nil without stepping when the next tick is `limit` or later (a replay that
    /// stops short of the first drawn frame, a batch that is full).
    public mutating func next(before limit: Int) -> Int? {
        guard !isFinished, upcoming < Swift.min(limit, end) else { return nil }
        if upcoming > 0 { simulation.advance() }
        let tick = upcoming
        upcoming += 1
        if upcoming >= end || (stopsAtRest && simulation.isAtRest) { isFinished = true }
        return tick
    }

    /// Steps the simulation to the end of the run, drawing nothing, and gives how many ticks
    /// that was (from the start: the frame count of an `until: rest` scene).
    public consuming func count() -> Int {
        var count = 0
        while next() != nil { count += 1 }
        return count
    }
}
