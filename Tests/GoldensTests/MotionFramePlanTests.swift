import Testing

@testable import Goldens

/// What a differing scene's motion view keeps within its size budget.
@Suite("The motion view's frames within a budget")
struct MotionFramePlanTests {
    /// Every frame's PNG is 100 bytes; its thumbnails 30, 10 and 3 bytes at levels 1, 2 and 3.
    static func plan(frames: Int, differing: Set<Int>, budget: Int, fullSize: Int = 100) -> MotionFramePlan {
        MotionFramePlan.choose(
            frames: Array(0..<frames), differing: differing, fullSize: { _ in fullSize },
            thumbnailSizes: { _ in [30, 10, 3] }, budget: budget)
    }

    @Test("differing frames in full and the others as half-size thumbnails when all fit")
    func everythingFits() {
        #expect(
            Self.plan(frames: 10, differing: [3, 4, 5], budget: 10_000)
                == MotionFramePlan(full: [3, 4, 5], thumbnails: [0, 1, 2, 6, 7, 8, 9], thumbnailLevel: 1))
    }

    @Test("thumbnails shrink to the largest level that fits what the full frames leave")
    func thumbnailsShrink() {
        // 300 bytes in full leave 200: 7 half-size thumbnails (210) do not fit, quarter-size (70) do.
        #expect(
            Self.plan(frames: 10, differing: [3, 4, 5], budget: 500)
                == MotionFramePlan(full: [3, 4, 5], thumbnails: [0, 1, 2, 6, 7, 8, 9], thumbnailLevel: 2))
    }

    @Test("differing frames over three quarters of the budget keep every second one in full, the first included")
    func differingFramesThinned() {
        // Ten in full (1,000) exceed 750; every second (500) fits; the other five as thumbnails.
        #expect(
            Self.plan(frames: 10, differing: Set(0..<10), budget: 1_000)
                == MotionFramePlan(full: [0, 2, 4, 6, 8], thumbnails: [1, 3, 5, 7, 9], thumbnailLevel: 1))
    }

    @Test("when even the smallest thumbnails of every frame do not fit, every k-th frame gets one, the smallest k")
    func everyKthThumbnail() {
        // 100 thumbnails of 3 bytes in 100: every 2nd (150) and every 3rd (102) do not fit, every 4th (75) does.
        #expect(
            Self.plan(frames: 100, differing: [], budget: 100)
                == MotionFramePlan(full: [], thumbnails: Array(stride(from: 0, to: 100, by: 4)), thumbnailLevel: 3))
    }

    @Test("stored expected frames are kept only where the frame differs, within a quarter of the budget")
    func expectedFramesOnlyWhereTheyDiffer() {
        // Stored 0, 4, 8 (100 bytes each): 0 does not differ (the actual frame shows its pixels);
        // 4 and 8 take 200 of 1,000, leaving 800: the differing actual frames (400) fit.
        let plan = MotionFramePlan.choose(
            frames: Array(0..<10), differing: Set(4..<8), storedExpected: [0, 4, 8], expectedSize: { _ in 100 },
            fullSize: { _ in 100 }, thumbnailSizes: { _ in [30, 10, 3] }, budget: 1_000)
        #expect(plan.expected == [4] && plan.full == [4, 5, 6, 7], "8 does not differ: \(plan)")
        let tight = MotionFramePlan.choose(
            frames: Array(0..<10), differing: Set(0..<10), storedExpected: [0, 4, 8], expectedSize: { _ in 100 },
            fullSize: { _ in 100 }, thumbnailSizes: { _ in [30, 10, 3] }, budget: 800)
        // A quarter is 200: every second stored frame (0, 8); then 600 left, 450 for full frames.
        #expect(tight.expected == [0, 8] && tight.full == [0, 3, 6, 9])
    }

    @Test("the first differing frame is kept in full even alone over the budget; nothing else is kept")
    func firstDifferingFrameAlwaysKept() {
        #expect(
            Self.plan(frames: 5, differing: [2, 3], budget: 1_000, fullSize: 5_000)
                == MotionFramePlan(full: [2], thumbnails: [], thumbnailLevel: 0))
    }
}
