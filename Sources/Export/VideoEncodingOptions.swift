/// How `VideoWriter` encodes each format. Every value is validated when the options are built,
/// so a bad `--qp` fails before ffmpeg starts, with the offending value in the message.
public struct VideoEncodingOptions: Sendable, Equatable {
    /// x264's speed/size trade-off (`-preset`). Slower presets give smaller files at the same
    /// quality; they never change how the video looks at a given CRF by more than a few tenths of a dB.
    public enum H264Preset: String, CaseIterable, Sendable {
        case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow
    }

    /// How a GIF maps colours that are not in its 256-colour palette.
    public enum GIFDither: Sendable, Equatable {
        /// Nearest palette colour. Exact when the clip has at most 256 colours (flat UI fills,
        /// as most Flipbook scenes); bands on gradients and soft shadows. The default.
        case none
        /// Ordered 8×8 Bayer dithering (`paletteuse=dither=bayer:bayer_scale=scale`). Hides
        /// banding on gradients and shadows; the pattern is fixed to the pixel grid, so it does not
        /// crawl between frames as error diffusion does. `scale`: 0...5; 0 is the strongest,
        /// most visible pattern and the largest file, 5 the faintest (ffmpeg's default is 2).
        case bayer(scale: Int)
        /// Error diffusion (`paletteuse=dither=sierra2_4a`, ffmpeg's own default): each pixel's
        /// rounding error is carried to its neighbours, so a slow gradient shows neither bands
        /// nor a grid, at the cost of a larger file. The noise follows the picture, so in a
        /// changing region it differs from frame to frame; `diff_mode=rectangle` keeps it to
        /// the rectangle that changed, and the still rest keeps its pixels.
        case errorDiffusion
    }

    /// H.264 constant rate factor for `mp4` (`-crf`). Range 0...51, lower is better and larger;
    /// default 18, visually lossless for UI motion (34.4 dB RGB PSNR on the 64×48 test pattern,
    /// where yuv420p conversion alone already caps it at 35.6 dB: the loss is chroma subsampling).
    public let h264CRF: Int
    /// x264 preset for `mp4`. Default `.medium`.
    public let h264Preset: H264Preset
    /// VP9 constant quality for `webm` (`-crf N -b:v 0`, libvpx's constant-quality mode).
    /// Range 0...63, lower is better and larger; default 30 (34.7 dB on the test pattern, against
    /// the same 35.6 dB yuv420p ceiling as H.264; Google suggests 31–33 for 720p, UI edges are sharp).
    public let vp9CRF: Int
    /// libvpx `-cpu-used` for `webm`: 0 (slowest, smallest) ... 5 (fastest); default 2.
    public let vp9Speed: Int
    /// GIF dithering; default `.none` (see `GIFDither`).
    public let gifDither: GIFDither
    /// How many times a `gif` or `apng` plays: 0 loops forever (the default), N ≥ 1 plays N times
    /// then stops on the last frame. Range 0...65535 (both formats store it in 16 bits).
    public let playCount: Int
    /// Keep the alpha channel (set it when the canvas is transparent). Default false. On:
    /// `webm` → yuva420p with `alpha_mode=1`, `mov` → yuva444p10le, `apng` → rgba,
    /// `gif` → one transparent palette entry (alpha below 128 is transparent); `mp4` has no alpha
    /// and stays opaque. Off: every format is opaque (the alpha bytes of the frames are ignored).
    public let alpha: Bool
    /// The video's size as a fraction of the rendered frames', in (0, 1]; default 1. Below 1 ffmpeg
    /// resamples every frame (`scale=…:flags=lanczos`, each side rounded to a whole pixel, at
    /// least 1) before encoding: small GIFs for documentation, smaller videos for review.
    public let scale: Double

    public static let scaleRange = 0.01...1.0

    public init(
        h264CRF: Int = 18, h264Preset: H264Preset = .medium, vp9CRF: Int = 30, vp9Speed: Int = 2,
        gifDither: GIFDither = .none, playCount: Int = 0, alpha: Bool = false, scale: Double = 1
    ) throws {
        guard Self.scaleRange.contains(scale) else { throw VideoOptionError.scaleOutOfRange(scale) }
        try Self.check("h264CRF", h264CRF, 0...51)
        try Self.check("vp9CRF", vp9CRF, 0...63)
        try Self.check("vp9Speed", vp9Speed, 0...5)
        try Self.check("playCount", playCount, 0...65_535)
        if case .bayer(let scale) = gifDither { try Self.check("gif bayer scale", scale, 0...5) }
        self.h264CRF = h264CRF
        self.h264Preset = h264Preset
        self.vp9CRF = vp9CRF
        self.vp9Speed = vp9Speed
        self.gifDither = gifDither
        self.playCount = playCount
        self.alpha = alpha
        self.scale = scale
    }

    /// The video's width and height for frames of `width` × `height`.
    public func scaledSize(width: Int, height: Int) -> (width: Int, height: Int) {
        guard scale != 1 else { return (width, height) }
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// The defaults documented on each property.
    public static let standard: VideoEncodingOptions = {
        guard let options = try? VideoEncodingOptions() else { preconditionFailure("defaults are in range") }
        return options
    }()

    private static func check(_ name: String, _ value: Int, _ range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            throw VideoOptionError.outOfRange(name: name, value: value, range: range)
        }
    }
}

/// A `VideoEncodingOptions` value out of its documented range.
public enum VideoOptionError: Error, CustomStringConvertible, Equatable {
    case outOfRange(name: String, value: Int, range: ClosedRange<Int>)
    case scaleOutOfRange(Double)

    public var description: String {
        switch self {
        case .outOfRange(let name, let value, let range):
            return "\(name) \(value) is out of range; use \(range.lowerBound)...\(range.upperBound)"
        case .scaleOutOfRange(let scale):
            return
                "output scale \(scale) is out of range; use a fraction of the frames' size from 0.01 to 1 (0.5 halves each side)"
        }
    }
}
