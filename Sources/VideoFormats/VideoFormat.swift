/// A video container and codec Flipbook can write through ffmpeg: the one enum the scene file
/// (`output.video`), the CLI (`--video`) and the encoder (`Export`) share. `Export` adds the
/// ffmpeg side (encoder, filters) in an extension.
///
/// Which one to use (see README.md for the full table):
/// - `mp4`: H.264, plays everywhere (slides, chat, pull requests); no alpha.
/// - `webm`: VP9, small, plays in browsers; keeps alpha (web pages over any background).
/// - `mov`: ProRes 4444, large, keeps alpha at 10 bits; for editing timelines (Final Cut, Premiere, Resolve, Keynote).
/// - `gif`: 256 colours, loops, renders inline everywhere Markdown does (pull requests, issues).
/// - `apng`: lossless animated PNG, loops, keeps alpha; exact pixels for documentation pages.
public enum VideoFormat: String, CaseIterable, Equatable, Sendable, CustomStringConvertible {
    /// H.264 in MP4: slides, chat, pull requests. No alpha.
    case mp4
    /// VP9 in WebM: web pages; keeps alpha on a transparent canvas.
    case webm
    /// ProRes 4444 in QuickTime: editing timelines; keeps alpha.
    case mov
    /// GIF with a two-pass palette: anywhere images go; 1-bit alpha, at most 50 fps.
    case gif
    /// Animated PNG: lossless, with alpha.
    case apng

    /// The file name extension, without the dot. APNG uses `apng` so that it is never mistaken for
    /// the still PNG frames a render also writes (browsers sniff the content either way).
    public var fileExtension: String { rawValue }

    public var description: String { rawValue }

    /// Parses a format name as a user types it (`mp4`, `WebM`, `mov`/`prores`, `gif`, `apng`).
    public init?(name: String) {
        switch name.lowercased() {
        case "mp4", "h264": self = .mp4
        case "webm", "vp9": self = .webm
        case "mov", "prores": self = .mov
        case "gif": self = .gif
        case "apng": self = .apng
        default: return nil
        }
    }

    /// Whether the format can carry an alpha channel. `mp4` cannot: with `alpha` on, an MP4 is
    /// still written, opaque (transparent pixels show the colour stored under them).
    public var supportsAlpha: Bool { self != .mp4 }

    /// Whether the format can store the frames bit-exactly (APNG; a GIF is exact only when the
    /// whole clip has at most 256 colours and dithering is off).
    public var isLossless: Bool { self == .apng }

    /// The highest frame rate the format plays correctly. GIF stores each frame's delay in
    /// hundredths of a second and browsers replace delays under 2/100 s by 1/10 s, so a 60 fps
    /// GIF plays at a third of its speed; `VideoWriter` keeps every k-th frame instead
    /// (`VideoTiming.frameStep`).
    public var maximumFrameRate: Int? { self == .gif ? 50 : nil }

    /// Formats whose segments (`--frames`, `--shard`) join by stream copy into exactly the video a
    /// single render writes: `mp4` (closed GOPs of one second at constant QP, see `FFmpegCommand`)
    /// and `mov` (ProRes is intra-only). VP9's rate control, GIF's whole-clip palette and APNG's
    /// frame numbering carry state across the whole clip, so their segments would not join cleanly.
    public static let segmentable: [VideoFormat] = [.mp4, .mov]

    /// The largest width or height the format can store. GIF's logical screen size is 16-bit.
    public var maximumDimension: Int? { self == .gif ? 65_535 : nil }
}
