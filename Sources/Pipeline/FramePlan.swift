import SceneModel
import Timing

/// How many frames a scene produces at most, and when it stops early.
public struct FramePlan: Equatable, Sendable {
    /// Upper bound on the frame count.
    public var maxFrames: Int
    /// Stop at the frame where the animator pauses (`until: rest`).
    public var stopsAtRest: Bool

    public init(scene: Scene) {
        switch scene.length {
        case .duration(let seconds):
            maxFrames = FrameRate.frameCount(seconds: seconds, fps: scene.fps)
            stopsAtRest = false
        case .untilRest(let maxDuration):
            maxFrames = FrameRate.frameCount(seconds: maxDuration, fps: scene.fps)
            stopsAtRest = true
        }
    }
}
