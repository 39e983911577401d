/// Which actual frames a differing scene's motion view keeps, and how, so that a report stays small
/// enough to keep as a CI artifact: differing frames as full PNGs, the others as thumbnails (mip
/// levels of the frame: half, quarter or eighth size) that fit what the full frames leave.
struct MotionFramePlan: Equatable, Sendable {
    /// Stored expected frames kept beside the page: only frames that differ (elsewhere the actual
    /// frame shows the same pixels).
    var expected: [Int] = []
    /// Frames kept as full PNGs.
    var full: [Int]
    /// Frames kept as thumbnails, at `thumbnailLevel` (1 half size, 2 a quarter, 3 an eighth).
    var thumbnails: [Int]
    var thumbnailLevel: Int

    /// The thumbnail levels tried, largest first.
    static let thumbnailLevels = [1, 2, 3]

    /// Every frame in full and every stored expected frame (no budget).
    static func everyFrame(_ frames: [Int], expected: [Int]) -> MotionFramePlan {
        MotionFramePlan(expected: expected, full: frames, thumbnails: [], thumbnailLevel: 0)
    }

    /// - Parameters:
    ///   - frames: every actual frame's index, ascending.
    ///   - differing: the frames whose pixels differ from the goldens'.
    ///   - storedExpected: the frames the goldens keep as PNG, ascending; `expectedSize` their bytes.
    ///   - fullSize: an actual frame's PNG in bytes.
    ///   - thumbnailSizes: a frame's thumbnail in bytes at each of `thumbnailLevels` (asked only of
    ///     frames not kept in full).
    ///   - budget: the bytes the frames may take.
    static func choose(
        frames: [Int], differing: Set<Int>, storedExpected: [Int] = [], expectedSize: (Int) -> Int = { _ in 0 },
        fullSize: (Int) -> Int, thumbnailSizes: (Int) -> [Int], budget: Int
    ) -> MotionFramePlan {
        // The stored expected frames that differ, within a quarter; the differing actual frames
        // within three quarters of what is left; both evenly thinned, the first always kept.
        let expected = thinned(storedExpected.filter(differing.contains), within: budget / 4, size: expectedSize)
        let afterExpected = budget - expected.reduce(0) { $0 + expectedSize($1) }
        let full = thinned(frames.filter(differing.contains), within: afterExpected / 4 * 3, size: fullSize)
        let left = afterExpected - full.reduce(0) { $0 + fullSize($1) }
        var plan = MotionFramePlan(expected: expected, full: full, thumbnails: [], thumbnailLevel: 0)
        let kept = Set(full)
        let rest = frames.filter { !kept.contains($0) }
        guard !rest.isEmpty, left > 0 else { return plan }
        let sizes = rest.map(thumbnailSizes)
        for (i, level) in thumbnailLevels.enumerated() where sizes.reduce(0, { $0 + $1[i] }) <= left {
            (plan.thumbnails, plan.thumbnailLevel) = (rest, level)
            return plan
        }
        // The smallest thumbnails of every k-th of the remaining frames, the smallest k that fits.
        let smallest = thumbnailLevels.count - 1
        for k in 2...max(2, rest.count) {
            let picked = Array(stride(from: 0, to: rest.count, by: k))
            if picked.reduce(0, { $0 + sizes[$1][smallest] }) <= left {
                (plan.thumbnails, plan.thumbnailLevel) = (picked.map { rest[$0] }, thumbnailLevels[smallest])
                return plan
            }
        }
        return plan
    }

    /// `frames`, or every second, third, … of them, the first k whose total fits `budget`; the
    /// first frame (where the motion starts to differ) always, even alone over the budget.
    static func thinned(_ frames: [Int], within budget: Int, size: (Int) -> Int) -> [Int] {
        var kept = frames
        var step = 1
        while kept.count > 1, kept.reduce(0, { $0 + size($1) }) > budget {
            step += 1
            kept = stride(from: 0, to: frames.count, by: step).map { frames[$0] }
        }
        return kept
    }
}
