import Raster

/// Where one frame's pixels (and PNG bytes) come from.
enum FrameSource: Equatable {
    /// Nothing to do: a verified frame from an earlier render (`--resume`) and no video to feed.
    case skip
    /// The same pixels as frame `k` (an earlier frame, possibly of the previous batch): the
    /// display list did not change, so it is neither rasterized nor encoded again.
    case sameAs(Int)
    /// Rasterize the display list (and PNG-encode it when frames are written).
    case render
    /// Read the pixels back from the verified PNG of an earlier render, for the video.
    case decode(path: String)
}

/// Stage 3 of a render: decides each frame's `FrameSource`, tick by tick in order. Pure: it
/// sees display lists and the resume state, never pixels or files.
///
/// Rules, in order:
/// 1. a frame `--resume` verified is skipped when there is no video to feed;
/// 2. a frame whose display list equals the previous frame's (not skipped) repeats that frame's
///    source, unless the frame must be written and the source has no PNG bytes (a decoded one);
/// 3. otherwise a verified frame is decoded from its PNG, and any other frame rendered.
struct FrameScheduler {
    /// Frame → hash of the frames an earlier render left that still match (`ResumeState.reusable`).
    let reusable: [Int: String]
    /// First frame of the window; frames before it only feed a motion-blurred video.
    let first: Int
    /// Whether a video takes every frame's pixels.
    let feedsVideo: Bool
    /// Whether frames are written as PNG files (then a new frame needs PNG bytes).
    let writesPNG: Bool
    /// Path of a verified frame's PNG (`PNGSequence.path(forFrame:)`).
    let reusedPath: (Int) -> String

    /// The last frame not skipped: its display list, the frame whose pixels it shows, and
    /// whether that frame has PNG bytes in memory.
    private var last: (list: DisplayList, origin: Int, hasPNG: Bool)?
    /// Frames rendered that no earlier frame could stand in for.
    private(set) var distinct = 0

    init(
        reusable: [Int: String], first: Int, feedsVideo: Bool, writesPNG: Bool,
        reusedPath: @escaping (Int) -> String
    ) {
        self.reusable = reusable
        self.first = first
        self.feedsVideo = feedsVideo
        self.writesPNG = writesPNG
        self.reusedPath = reusedPath
    }

    /// The source of frame `tick` (ticks in order, no gaps) showing `list`.
    mutating func schedule(tick: Int, list: DisplayList) -> FrameSource {
        let isReusable = tick >= first && reusable[tick] != nil
        if isReusable && !feedsVideo {
            last = nil
            return .skip
        }
        let needsPNG = writesPNG && tick >= first && !isReusable
        if let last, last.list == list, !(needsPNG && !last.hasPNG) {
            return .sameAs(last.origin)
        }
        if isReusable {
            last = (list, tick, false)
            return .decode(path: reusedPath(tick))
        }
        last = (list, tick, writesPNG)
        distinct += 1
        return .render
    }
}
