/// Simulation frame rates and frame counts: the one place the scene's fps range, its default and
/// the seconds → frames rule are written (the scene rules, the renderer's frame plan and the
/// CLI's `--video-fps` check all read them here).
public enum FrameRate {
    /// Frames (simulation ticks) per second: integers 1...240. 240 is the fastest display Apple
    /// ships (ProMotion runs at 120); more would only make files slower to render.
    public static let range: ClosedRange<Int> = 1...240
    /// 60, the display rate UIKit animations are usually judged at.
    public static let defaultFPS = 60

    /// `seconds·fps` frames, rounded to the nearest whole tick, at least one (frame 0 is the
    /// scene as written).
    public static func frameCount(seconds: Double, fps: Int) -> Int {
        max(1, Int((seconds * Double(fps)).rounded()))
    }
}
