/// A video container and codec Flipbook can write through ffmpeg. (Not `VideoFormat`: that name
/// is `SceneModel`'s scene-file setting, and the CLI imports both modules.)
///
/// Which one to use (see README.md for the full table):
/// - `mp4`: H.264, plays everywhere (slides, chat, pull requests); no alpha.
/// - `webm`: VP9, small, plays in browsers; keeps alpha (web pages over any background).
/// - `mov`: ProRes 4444, large, keeps alpha at 10 bits; for editing timelines (Final Cut, Premiere, Resolve, Keynote).
/// - `gif`: 256 colours, loops, renders inline everywhere Markdown does (pull requests, issues).
/// - `apng`: lossless animated PNG, loops, keeps alpha; exact pixels for documentation pages.
public enum VideoFileFormat: String, CaseIterable, Sendable, CustomStringConvertible {
    case mp4, webm, mov, gif, apng

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

    /// The ffmpeg encoder this format needs (checked by `FFmpegCapabilities` before any frame).
    public var encoder: String {
        switch self {
        case .mp4: return "libx264"
        case .webm: return "libvpx-vp9"
        case .mov: return "prores_ks"
        case .gif: return "gif"
        case .apng: return "apng"
        }
    }

    /// The ffmpeg filters this format's command uses (`format` is built into every ffmpeg).
    public var filters: [String] {
        switch self {
        case .mp4: return ["scale", "pad", "format"]
        case .webm: return ["scale", "format"]
        case .mov: return ["scale", "format", "setparams"]
        case .gif: return ["split", "palettegen", "paletteuse"]
        case .apng: return ["format"]
        }
    }

    /// Whether the format can carry an alpha channel. `mp4` cannot: with `alpha` on, an MP4 is
    /// still written, opaque (transparent pixels show the colour stored under them).
    public var supportsAlpha: Bool { self != .mp4 }

    /// The warning for a transparent canvas written to `formats`, naming the formats that drop its
    /// alpha and those that keep it; nil when every format keeps it (or there is none).
    public static func alphaWarning(sceneName: String, formats: [VideoFileFormat]) -> String? {
        let opaque = formats.filter { !$0.supportsAlpha }
        guard !opaque.isEmpty else { return nil }
        // GIF keeps alpha as on/off transparency only (ffmpeg's paletteuse alpha_threshold=128).
        let keeping = allCases.filter { $0.supportsAlpha && $0 != .gif }.map(\.rawValue)
        return "\(sceneName): the canvas background is transparent but \(opaque.map(\.rawValue).joined(separator: ", ")) "
            + "cannot store alpha; that video will be opaque (transparent pixels show the colour stored under them). "
            + "Formats that keep alpha: \(keeping.joined(separator: ", ")) (gif: on/off transparency only), "
            + "e.g. --video webm; the PNG frames keep it too"
    }

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
    public static let segmentable: [VideoFileFormat] = [.mp4, .mov]

    /// The largest width or height the format can store. GIF's logical screen size is 16-bit.
    public var maximumDimension: Int? { self == .gif ? 65_535 : nil }
}
