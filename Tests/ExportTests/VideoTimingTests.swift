import Export
import Testing

@Suite("video timing")
struct VideoTimingTests {
    @Test(
        "each video frame shows the last tick at or before its time",
        arguments: [
            (60, 60, [0, 1, 2, 3, 4, 5, 6]),
            (60, 30, [0, 2, 4, 6, 8, 10, 12]),
            (60, 50, [0, 1, 2, 3, 4, 6, 7]),
            (60, 24, [0, 2, 5, 7, 10, 12, 15]),
            (30, 60, [0, 0, 1, 1, 2, 2, 3]),
        ])
    func resampling(simulationFPS: Int, videoFPS: Int, ticks: [Int]) {
        #expect(
            (0..<7).map { VideoTiming.sourceTick(forVideoFrame: $0, videoFPS: videoFPS, simulationFPS: simulationFPS) }
                == ticks)
    }

    @Test("the video covers every tick: ⌈ticks · video fps / simulation fps⌉ frames")
    func frameCounts() {
        #expect(VideoTiming.videoFrameCount(tickCount: 69, videoFPS: 60, simulationFPS: 60) == 69)
        #expect(VideoTiming.videoFrameCount(tickCount: 69, videoFPS: 30, simulationFPS: 60) == 35)
        #expect(VideoTiming.videoFrameCount(tickCount: 60, videoFPS: 24, simulationFPS: 60) == 24)
        #expect(VideoTiming.videoFrameCount(tickCount: 0, videoFPS: 24, simulationFPS: 60) == 0)
        // The last frame's tick is inside the simulation, the next one's is not.
        let count = VideoTiming.videoFrameCount(tickCount: 61, videoFPS: 24, simulationFPS: 60)
        #expect(VideoTiming.sourceTick(forVideoFrame: count - 1, videoFPS: 24, simulationFPS: 60) <= 60)
        #expect(VideoTiming.sourceTick(forVideoFrame: count, videoFPS: 24, simulationFPS: 60) > 60)
    }

    @Test("motion blur averages the N ticks ending at the frame's tick, clamped at tick 0")
    func blurTicks() {
        // Simulating at 4 × 60 fps for a 60 fps video: a full 360° shutter.
        #expect(
            VideoTiming.motionBlurTicks(forVideoFrame: 0, videoFPS: 60, simulationFPS: 240, subframes: 4) == [
                0, 0, 0, 0,
            ])
        #expect(
            VideoTiming.motionBlurTicks(forVideoFrame: 1, videoFPS: 60, simulationFPS: 240, subframes: 4) == [
                1, 2, 3, 4,
            ])
        #expect(
            VideoTiming.motionBlurTicks(forVideoFrame: 5, videoFPS: 60, simulationFPS: 240, subframes: 4) == [
                17, 18, 19, 20,
            ])
        // Two sub-frames of four ticks: a 180° shutter.
        #expect(
            VideoTiming.motionBlurTicks(forVideoFrame: 5, videoFPS: 60, simulationFPS: 240, subframes: 2) == [19, 20])
        #expect(VideoTiming.motionBlurTicks(forVideoFrame: 3, videoFPS: 60, simulationFPS: 60, subframes: 1) == [3])
    }

    @Test("averaging rounds half up, exactly, and weights colour by alpha")
    func averageRounding() {
        // Opaque: (10 + 11) / 2 = 10.5 → 11; (0 + 255 + 255) / 3 = 170; (1 + 2 + 2) / 3 = 1.67 → 2.
        #expect(VideoTiming.average([[10, 0, 1, 255], [11, 255, 2, 255]]) == [11, 128, 2, 255])
        #expect(VideoTiming.average([[0, 1, 9, 255], [255, 2, 9, 255], [255, 2, 9, 255]]) == [170, 2, 9, 255])
        // A transparent sub-frame adds no colour, only transparency: orange over nothing stays orange.
        #expect(VideoTiming.average([[255, 149, 0, 255], [0, 0, 0, 0]]) == [255, 149, 0, 128])
        #expect(VideoTiming.average([[9, 9, 9, 0], [0, 0, 0, 0]]) == [0, 0, 0, 0])
        // Alpha-weighted: (200·255 + 100·51) / 306 = 183.33 → 183; alpha (255 + 51) / 2 = 153.
        #expect(VideoTiming.average([[200, 0, 0, 255], [100, 0, 0, 51]]) == [183, 0, 0, 153])
    }

    @Test("the integer average equals a floating-point reference on seeded random pixels")
    func averageMatchesReference() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for n in [2, 3, 4, 5, 8] {
            let frames = (0..<n).map { _ in (0..<4000).map { _ in next() } }
            let average = VideoTiming.average(frames)
            for p in stride(from: 0, to: 4000, by: 4) {
                let alphaSum = frames.reduce(0) { $0 + Double($1[p + 3]) }
                #expect(Double(average[p + 3]) == (alphaSum / Double(n)).rounded(.toNearestOrAwayFromZero))
                for c in 0..<3 where alphaSum > 0 {
                    let weighted = frames.reduce(0) { $0 + Double($1[p + c]) * Double($1[p + 3]) }
                    let reference = (weighted / alphaSum).rounded(.toNearestOrAwayFromZero)
                    // At an exact tie (x.5) the Double quotient can land a hair below and round
                    // down; only there may the two differ, by 1.
                    #expect(
                        abs(Double(average[p + c]) - reference)
                            <= (abs(weighted / alphaSum - reference) > 0.4999 ? 1 : 0))
                }
            }
        }
    }

    @Test("holding the last frame repeats it round(seconds · fps) times")
    func hold() {
        #expect(VideoTiming.holdFrameCount(seconds: 0, fps: 60) == 0)
        #expect(VideoTiming.holdFrameCount(seconds: 0.1, fps: 30) == 3)
        #expect(VideoTiming.holdFrameCount(seconds: 1.5, fps: 60) == 90)
        #expect(VideoTiming.holdFrameCount(seconds: 0.01, fps: 50) == 1)
        #expect(VideoTiming.holdFrameCount(seconds: 0.009, fps: 50) == 0)
    }

    @Test("formats with a frame-rate cap keep every k-th frame, k the smallest whole step under the cap")
    func frameSteps() {
        #expect(VideoTiming.frameStep(fps: 60, maximumFrameRate: 50) == 2)
        #expect(VideoTiming.frameStep(fps: 50, maximumFrameRate: 50) == 1)
        #expect(VideoTiming.frameStep(fps: 120, maximumFrameRate: 50) == 3)
        #expect(VideoTiming.frameStep(fps: 240, maximumFrameRate: nil) == 1)
    }
}
