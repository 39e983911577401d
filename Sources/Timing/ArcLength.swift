/// Constant speed along a curve of segments, each measured along the same number of chords: the
/// paced keyframe modes, on a cubic spline through values or along a path.
enum ArcLength {
    /// The segment and its parameter `fraction` (clamped to 0…1) of the way along the curve whose
    /// cumulative chord lengths are `table` (0 first, then one entry per chord,
    /// `samplesPerSegment` chords a segment); nil when the curve has no length.
    static func position(
        at fraction: Double, in table: [Double], samplesPerSegment m: Int, segments: Int
    ) -> (segment: Int, u: Double)? {
        guard let total = table.last, total > 0 else { return nil }
        let target = min(max(fraction, 0), 1) * total
        var lo = 0
        var hi = table.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[mid] <= target { lo = mid } else { hi = mid }
        }
        let span = table[hi] - table[lo]
        let param = (Double(lo) + (span > 0 ? (target - table[lo]) / span : 0)) / Double(m)
        let segment = min(Int(param), segments - 1)
        return (segment, param - Double(segment))
    }
}
