import Export

/// Turns the stream of simulation frames (one per tick, in order) into video frames: resampled
/// to the video rate by whole ticks, and with motion blur the average of the sub-frames that
/// `VideoTiming.motionBlurTicks` names. It keeps only the last few ticks, so it streams.
struct VideoFrameAssembler {
    let videoFPS: Int
    let simulationFPS: Int
    /// Sub-frames averaged into each video frame, ≥ 1 (1: no motion blur).
    let subframes: Int
    private var recent: [(tick: Int, rgba: [UInt8])] = []
    private var nextVideoFrame = 0
    /// The last video frame emitted (for `--hold`).
    private(set) var lastFrame: [UInt8]?

    init(videoFPS: Int, simulationFPS: Int, subframes: Int) {
        precondition(videoFPS > 0 && simulationFPS > 0 && subframes >= 1)
        self.videoFPS = videoFPS
        self.simulationFPS = simulationFPS
        self.subframes = subframes
    }

    /// Takes tick `tick`'s pixels (ticks must arrive in order 0, 1, 2 …) and returns the video
    /// frames that became complete, in order.
    mutating func add(tick: Int, rgba: [UInt8]) -> [[UInt8]] {
        precondition(tick == (recent.last?.tick ?? -1) + 1, "ticks must arrive in order")
        recent.append((tick, rgba))
        // Tick 0 stays: motion-blur windows before the start clamp to it.
        if recent.count > subframes + 1 { recent.remove(at: recent.first?.tick == 0 ? 1 : 0) }
        var ready: [[UInt8]] = []
        while VideoTiming.sourceTick(forVideoFrame: nextVideoFrame, videoFPS: videoFPS, simulationFPS: simulationFPS) == tick {
            let ticks = VideoTiming.motionBlurTicks(forVideoFrame: nextVideoFrame, videoFPS: videoFPS,
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
