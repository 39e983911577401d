/// Pure timing arithmetic the pipeline uses to turn simulation ticks into video frames.
///
/// Rules: all integer, no clocks, no floating-point accumulation — the same inputs give the same
/// frames on every machine. Tick `t` is the simulation state at time `t / simulationFPS`; video
/// frame `k` is shown at time `k / videoFPS`.
public enum VideoTiming {
    /// The tick video frame `k` shows: the last tick at or before the frame's time,
    /// ⌊k · simulationFPS / videoFPS⌋ (sample and hold, as a camera sees the latest state).
    /// Equal rates give tick `k`; 60 → 30 fps gives ticks 0, 2, 4, …; 60 → 50 fps gives
    /// 0, 1, 2, 3, 4, 6, 7, … (one tick in six skipped, evenly).
    public static func sourceTick(forVideoFrame k: Int, videoFPS: Int, simulationFPS: Int) -> Int {
        precondition(k >= 0 && videoFPS > 0 && simulationFPS > 0)
        return k * simulationFPS / videoFPS
    }

    /// How many video frames cover ticks `0..<tickCount`: the frames whose `sourceTick` is below
    /// `tickCount`, i.e. k · S < T · V, so ⌈T · V / S⌉. Equal rates give `tickCount`.
    public static func videoFrameCount(tickCount: Int, videoFPS: Int, simulationFPS: Int) -> Int {
        precondition(tickCount >= 0 && videoFPS > 0 && simulationFPS > 0)
        return (tickCount * videoFPS + simulationFPS - 1) / simulationFPS
    }

    /// The ticks averaged into video frame `k` with `subframes` = N ≥ 1 sub-frames: the N
    /// consecutive ticks ending at `sourceTick(k)`, d − N + 1 … d, with ticks before 0 clamped to 0
    /// (the scene is at rest before it starts). Trailing rather than centred so that a frame never
    /// needs a tick from the future — the pipeline can stream — and the first frame and a frame at
    /// rest are sharp. The shutter is open N ticks of each frame's S / V: N = S / V (simulate at
    /// N × the video rate) is a 360° shutter; fewer sub-frames a narrower one. N = 1 is no blur.
    public static func motionBlurTicks(
        forVideoFrame k: Int, videoFPS: Int, simulationFPS: Int,
        subframes: Int
    ) -> [Int] {
        precondition(subframes >= 1, "at least one sub-frame")
        let last = sourceTick(forVideoFrame: k, videoFPS: videoFPS, simulationFPS: simulationFPS)
        return (0..<subframes).map { max(0, last - subframes + 1 + $0) }
    }

    /// The exact average of N ≥ 1 equal-sized straight-alpha RGBA8 frames, rounded half up.
    ///
    /// Colours are weighted by alpha, as averaging premultiplied colours and un-premultiplying
    /// would do, but without the intermediate rounding: a transparent sub-frame pixel contributes
    /// nothing to the colour. Per pixel, with integer arithmetic only:
    ///   A = Σaᵢ,  alpha = ⌊(2A + N) / 2N⌋  (round(A / N)),
    ///   c = ⌊(2·Σcᵢaᵢ + A) / 2A⌋  (round(Σcᵢaᵢ / A)), or 0 where A = 0.
    /// For opaque frames this is the plain rounded mean ⌊(2Σcᵢ + N) / 2N⌋. The largest sum,
    /// 255 · 255 · N, fits an Int for any N that fits in memory.
    public static func average(_ frames: [[UInt8]]) -> [UInt8] {
        precondition(!frames.isEmpty, "at least one frame")
        let count = frames[0].count
        precondition(count % 4 == 0 && frames.allSatisfy { $0.count == count }, "frames differ in size")
        if frames.count == 1 { return frames[0] }
        let n = frames.count
        var result = [UInt8](repeating: 0, count: count)
        for p in stride(from: 0, to: count, by: 4) {
            var alphaSum = 0
            var r = 0
            var g = 0
            var b = 0
            for frame in frames {
                let a = Int(frame[p + 3])
                alphaSum += a
                r += Int(frame[p]) * a
                g += Int(frame[p + 1]) * a
                b += Int(frame[p + 2]) * a
            }
            guard alphaSum > 0 else { continue }
            result[p] = UInt8((2 * r + alphaSum) / (2 * alphaSum))
            result[p + 1] = UInt8((2 * g + alphaSum) / (2 * alphaSum))
            result[p + 2] = UInt8((2 * b + alphaSum) / (2 * alphaSum))
            result[p + 3] = UInt8((2 * alphaSum + n) / (2 * n))
        }
        return result
    }

    /// How many extra copies of the last frame hold it for `seconds` at `fps`: round(seconds · fps),
    /// halves away from zero. Rounding rather than ⌈⌉ so that 0.1 s · 30 fps, which is
    /// 3.0000000000000004 in binary floating point, is 3 frames and not 4. `seconds`: finite, ≥ 0
    /// (the CLI validates `--hold`).
    public static func holdFrameCount(seconds: Double, fps: Int) -> Int {
        precondition(seconds.isFinite && seconds >= 0, "hold must be finite and not negative, got \(seconds)")
        precondition(fps > 0)
        return Int((seconds * Double(fps)).rounded(.toNearestOrAwayFromZero))
    }

    /// The smallest whole step k such that `fps / k` ≤ `maximumFrameRate`: a format with a frame
    /// rate cap keeps frames 0, k, 2k, … (60 fps → GIF at 30 fps, step 2). Whole steps only, so
    /// motion stays even; 1 when there is no cap. The output rate is `fps / k`, rounded down
    /// when k does not divide `fps` (e.g. 75 fps → step 2 → 37 fps).
    public static func frameStep(fps: Int, maximumFrameRate: Int?) -> Int {
        precondition(fps > 0)
        guard let maximum = maximumFrameRate, fps > maximum else { return 1 }
        return (fps + maximum - 1) / maximum
    }
}
