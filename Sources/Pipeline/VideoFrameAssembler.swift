import Export

/// Turns the stream of simulation frames (one per tick, in order) into video frames: resampled to
/// the video rate by whole ticks, and with motion blur the average of the sub-frames that
/// `VideoTiming.motionBlurTicks` names. It keeps only the last few ticks, so it streams.
///
/// A render of a window of ticks (a shard or `--frames`) gets exactly the video frames whose
/// source tick lies in `window`, resampled and blurred as the full render does them, so a
/// segment's frames equal the same frames of the full video.
///
/// Video frame k belongs to the window [a, b) when a ≤ sourceTick(k) < b, i.e.
/// `videoFrameCount(a) ≤ k < videoFrameCount(b)`. Its motion-blur ticks reach back
/// `subframes − 1` ticks before its source tick (clamped at 0), so a window starting at `a`
/// must be fed from `contextStart(a)` on; those context ticks emit nothing themselves.
struct VideoFrameAssembler {
    let videoFPS: Int
    let simulationFPS: Int
    let subframes: Int
    private var recent: [(tick: Int, rgba: [UInt8])] = []
    private var nextVideoFrame: Int
    /// The last video frame emitted (for `--hold`).
    private(set) var lastFrame: [UInt8]?

    init(videoFPS: Int, simulationFPS: Int, subframes: Int, window: Range<Int> = 0..<Int.max) {
        precondition(videoFPS > 0 && simulationFPS > 0 && subframes >= 1)
        self.videoFPS = videoFPS
        self.simulationFPS = simulationFPS
        self.subframes = subframes
        nextVideoFrame = VideoTiming.videoFrameCount(
            tickCount: window.lowerBound, videoFPS: videoFPS,
            simulationFPS: simulationFPS)
    }

    /// The first tick the assembler needs for a window starting at `start`.
    static func contextStart(_ start: Int, subframes: Int) -> Int { max(0, start - (subframes - 1)) }

    /// Takes one tick's pixels (ticks in order, no gaps) and returns the video frames completed.
    mutating func add(tick: Int, rgba: [UInt8]) -> [[UInt8]] {
        if let last = recent.last { precondition(tick == last.tick + 1, "ticks must arrive in order") }
        recent.append((tick, rgba))
        // Tick 0 stays: motion-blur windows before the start clamp to it.
        if recent.count > subframes + 1 { recent.remove(at: recent.first?.tick == 0 ? 1 : 0) }
        var ready: [[UInt8]] = []
        while VideoTiming.sourceTick(forVideoFrame: nextVideoFrame, videoFPS: videoFPS, simulationFPS: simulationFPS)
            == tick
        {
            let ticks = VideoTiming.motionBlurTicks(
                forVideoFrame: nextVideoFrame, videoFPS: videoFPS,
                simulationFPS: simulationFPS, subframes: subframes)
            let frames = ticks.map { t in
                guard let frame = recent.last(where: { $0.tick == t }) else {
                    preconditionFailure("tick \(t) left the motion-blur window")
                }
                return frame.rgba
            }
            let frame = VideoTiming.average(frames)
            ready.append(frame)
            lastFrame = frame
            nextVideoFrame += 1
        }
        return ready
    }
}
