import SceneModel

/// How many frames a scene produces at most, and when it stops early.
public struct FramePlan: Equatable, Sendable {
    /// Upper bound on the frame count.
    public var maxFrames: Int
    /// Stop at the frame where the animator pauses (`until: rest`).
    public var stopsAtRest: Bool

    public init(scene: Scene) {
        switch scene.length {
        case .duration(let seconds):
            maxFrames = FramePlan.frames(seconds: seconds, fps: scene.fps)
            stopsAtRest = false
        case .untilRest(let maxDuration):
            maxFrames = FramePlan.frames(seconds: maxDuration, fps: scene.fps)
            stopsAtRest = true
        }
    }

    /// `seconds·fps` frames, rounded to the nearest whole tick, at least one (frame 0 is the
    /// scene as written).
    static func frames(seconds: Double, fps: Int) -> Int {
        max(1, Int((seconds * Double(fps)).rounded()))
    }
}
