import SceneModel

/// Which frames of a scene one render produces: all (no selection), a range, or one shard of N.
///
/// Frame `i` is the scene after `i` ticks, whatever the selection: the simulation always replays
/// from tick 0 (it is cheap; rasterizing and encoding are skipped outside the range), so a frame
/// rendered in a shard is byte-identical to the same frame of a full render.
public enum FrameSelection: Sendable, Equatable, CustomStringConvertible {
    /// Frames `range.lowerBound ..< range.upperBound` (0-based, end exclusive; an end past the
    /// scene's last frame is clamped to it). `--frames 120..<240`.
    case range(Range<Int>)
    /// Part `index` of `count` contiguous, nearly equal parts (`index` is 1-based: `--shard 2/8`
    /// is the second of eight, so a Slurm array `1-8` maps directly, and a Kubernetes Indexed Job
    /// passes `$((JOB_COMPLETION_INDEX + 1))/8`).
    case shard(index: Int, count: Int)

    public var description: String {
        switch self {
        case .range(let r): return "\(r.lowerBound)..<\(r.upperBound)"
        case .shard(let i, let n): return "\(i)/\(n)"
        }
    }

    /// Parses `A..<B` (end exclusive) or `A...B` (end inclusive), A ≥ 0, non-empty.
    public static func parseRange(_ text: String) throws -> FrameSelection {
        let exclusive = text.components(separatedBy: "..<")
        let inclusive = text.components(separatedBy: "...")
        var bounds: (Int, Int)?
        if exclusive.count == 2, let a = Int(exclusive[0]), let b = Int(exclusive[1]) {
            bounds = (a, b)
        } else if inclusive.count == 2, let a = Int(inclusive[0]), let b = Int(inclusive[1]), b < Int.max {
            bounds = (a, b + 1)
        }
        guard let (a, b) = bounds, a >= 0, b > a else {
            throw FrameSelectionError(
                "--frames expects START..<END (end exclusive) or START...END with 0 ≤ START < END, such as 120..<240; got '\(text)'"
            )
        }
        return .range(a..<b)
    }

    /// Parses `K/N` with 1 ≤ K ≤ N ≤ 100000.
    public static func parseShard(_ text: String) throws -> FrameSelection {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 100_000, (1...n).contains(k)
        else {
            throw FrameSelectionError(
                "--shard expects K/N with 1 ≤ K ≤ N (1-based: 1/4 … 4/4), such as 2/8; got '\(text)'")
        }
        return .shard(index: k, count: n)
    }

    /// The frames `start ..< end` this selection covers in a scene of `total` frames.
    ///
    /// `alignment` ≥ 1: boundaries a shard chooses are multiples of it (a video's GOP, so segments
    /// start on a keyframe), except the scene's end. A range must start on a multiple of it and end
    /// on one or at the scene's end; otherwise it is an error naming the nearest valid starts.
    /// Shard `k` of `n` gets the units ⌊(k−1)·U/n⌋ ..< ⌊k·U/n⌋ of the U = ⌈total/alignment⌉ units:
    /// contiguous, in order, sizes differing by at most one unit, the last ending at `total`.
    /// No shard is ever empty: a scene of fewer units than shards is an error naming the most
    /// shards it splits into (an empty shard would write a segment with no video stream, which
    /// no join accepts, and exit 0 as if it had done its part).
    public func window(total: Int, alignment: Int) throws -> Range<Int> {
        precondition(total >= 1 && alignment >= 1)
        switch self {
        case .shard(let k, let n):
            let units = (total + alignment - 1) / alignment
            guard units >= n else {
                let unit =
                    alignment == 1
                    ? ""
                    : " (with a video, shards are whole seconds of \(alignment) frames, so that segments start on keyframes)"
                throw FrameSelectionError(
                    "--shard \(description): the scene has \(total) frames, which split into at most \(units) non-empty shards\(unit); use --shard K/\(units) or fewer shards\(alignment == 1 ? "" : ", or --video none")"
                )
            }
            let first = (k - 1) * units / n
            let last = k * units / n
            return min(total, first * alignment)..<min(total, last * alignment)
        case .range(let r):
            guard r.lowerBound < total else {
                throw FrameSelectionError(
                    "--frames \(description) starts after the scene's last frame, \(total - 1) (the scene has \(total) frames)"
                )
            }
            let end = min(r.upperBound, total)
            if alignment > 1 {
                if r.lowerBound % alignment != 0 {
                    let below = r.lowerBound / alignment * alignment
                    throw FrameSelectionError(
                        "--frames \(description): with a video, a range must start on a whole second (a multiple of \(alignment) frames) so that segments join on keyframes; use \(below) or \(below + alignment), or --video none"
                    )
                }
                if end % alignment != 0, end != total {
                    let below = end / alignment * alignment
                    throw FrameSelectionError(
                        "--frames \(description): with a video, a range must end on a whole second (a multiple of \(alignment) frames) or at the scene's end (\(total)); use \(max(below, alignment)) or \(min(below + alignment, total)), or --video none"
                    )
                }
            }
            return r.lowerBound..<end
        }
    }

    /// The file-name infix of a selected render: `.frames-000120-000240` (6 digits: the
    /// default frame limit, 864000, has 6), so segment files sort in frame order.
    public static func fileInfix(_ window: Range<Int>) -> String {
        func pad(_ n: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, 6 - s.count)) + s
        }
        return ".frames-\(pad(window.lowerBound))-\(pad(window.upperBound))"
    }
}

/// A `--frames`/`--shard` value that cannot be used, with the fix in the message.
public struct FrameSelectionError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
