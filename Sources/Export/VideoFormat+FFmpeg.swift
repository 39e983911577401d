@_exported import VideoFormats

/// The ffmpeg side of each `VideoFormat`: the encoder and filters its command needs, and the
/// warning for a transparent canvas written to a format without alpha.
extension VideoFormat {
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

    /// The warning for a transparent canvas written to `formats`, naming the formats that drop its
    /// alpha and those that keep it; nil when every format keeps it (or there is none).
    public static func alphaWarning(sceneName: String, formats: [VideoFormat]) -> String? {
        let opaque = formats.filter { !$0.supportsAlpha }
        guard !opaque.isEmpty else { return nil }
        // GIF keeps alpha as on/off transparency only (ffmpeg's paletteuse alpha_threshold=128).
        let keeping = allCases.filter { $0.supportsAlpha && $0 != .gif }.map(\.rawValue)
        return
            "\(sceneName): the canvas background is transparent but \(opaque.map(\.rawValue).joined(separator: ", ")) "
            + "cannot store alpha; that video will be opaque (transparent pixels show the colour stored under them). "
            + "Formats that keep alpha: \(keeping.joined(separator: ", ")) (gif: on/off transparency only), "
            + "e.g. --video webm; the PNG frames keep it too"
    }
}
