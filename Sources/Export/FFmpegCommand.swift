import Foundation

/// The ffmpeg command line for each `VideoFormat`: a pure function of the format, size, frame rate
/// and options, so tests and `--verbose` see exactly what runs.
///
/// Every command reads raw frames from stdin (`-f rawvideo`: straight RGBA8, or yuv420p for an MP4
/// of even size, see `input(format:width:height:)`) and writes one file with an explicit muxer
/// (`-f`), because the output is a temporary name whose extension ffmpeg could not guess from.
public enum FFmpegCommand {
    /// What one ffmpeg reads on stdin.
    public enum FrameInput: Sendable, Equatable {
        /// Straight RGBA8 as rendered; ffmpeg converts (swscale) where the codec needs YUV.
        case rgba
        /// yuv420p, BT.709 limited range, converted by Flipbook (`CVideoPixels`) before the pipe:
        /// 1.5 bytes a pixel instead of 4, and no conversion on ffmpeg's one input thread.
        case yuv420p
    }

    /// The input of `format` at this size: yuv420p for MP4 of even width and height (what
    /// libx264 encodes, with the matrix and range the file is tagged with); RGBA otherwise (odd
    /// MP4 sizes are padded by ffmpeg's `pad` filter, which works on the RGBA frame; the other
    /// formats keep alpha, 4:4:4 or RGB).
    public static func input(format: VideoFormat, width: Int, height: Int, scale: Double = 1) -> FrameInput {
        // A scaled video is resampled from the RGBA frames (lanczos on RGB, then converted).
        format == .mp4 && width % 2 == 0 && height % 2 == 0 && scale == 1 ? .yuv420p : .rgba
    }

    /// The arguments after the executable. `fps` is the frame rate of the frames this process
    /// receives (for GIF, already divided by `VideoTiming.frameStep`). `backgroundHex` (RGB hex like
    /// "F2F2F7") colours the padding an MP4 of odd size needs.
    public static func arguments(
        format: VideoFormat, width: Int, height: Int, fps: Int,
        options: VideoEncodingOptions, backgroundHex: String,
        output: String
    ) -> [String] {
        precondition(width > 0 && height > 0 && fps > 0)
        let frameInput = Self.input(format: format, width: width, height: height, scale: options.scale)
        // `--output-scale`: resample first, so every format's filters see the video's size.
        let (outWidth, outHeight) = options.scaledSize(width: width, height: height)
        let resample = options.scale == 1 ? [] : ["scale=\(outWidth):\(outHeight):flags=lanczos"]
        let input = [
            "-hide_banner", "-loglevel", "error", "-y",
            "-f", "rawvideo", "-pix_fmt", frameInput == .yuv420p ? "yuv420p" : "rgba", "-s:v", "\(width)x\(height)",
            "-framerate", "\(fps)", "-i", "pipe:0",
        ]
        let c = Context(
            input: input, resample: resample, outWidth: outWidth, outHeight: outHeight,
            frameInput: frameInput, fps: fps, options: options, alpha: options.alpha && format.supportsAlpha,
            backgroundHex: backgroundHex, output: output)
        switch format {
        case .mp4: return mp4(c)
        case .webm: return webm(c)
        case .mov: return mov(c)
        case .gif: return gif(c)
        case .apng: return apng(c)
        }
    }

    /// What every format's command is made from.
    private struct Context {
        var input: [String]
        /// `scale=W:H:flags=lanczos` when the video is smaller than the frames; else empty.
        var resample: [String]
        var outWidth: Int
        var outHeight: Int
        var frameInput: FrameInput
        var fps: Int
        var options: VideoEncodingOptions
        var alpha: Bool
        var backgroundHex: String
        var output: String
    }

    /// Tag what the conversion did: players assume BT.601 for small untagged video and shift colours.
    private static let bt709 = [
        "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
    ]
    /// Convert with the same matrix and range the stream is tagged with.
    private static let toBT709 = "scale=out_color_matrix=bt709:out_range=tv"
    /// No encoder version or date in the file: the same frames give the same bytes.
    private static let reproducible = ["-fflags", "+bitexact", "-map_metadata", "-1"]

    /// H.264 in MP4, for every player.
    private static func mp4(_ c: Context) -> [String] {
        var filters = c.resample
        // libx264 refuses odd sizes in yuv420p (chroma is subsampled 2×2). Padding keeps every
        // rendered pixel; cropping would drop a row.
        if c.outWidth % 2 != 0 || c.outHeight % 2 != 0 {
            filters.append("pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:color=0x\(c.backgroundHex)")
        }
        // Frames already in yuv420p need no filter: they go to libx264 as they are.
        if c.frameInput == .rgba {
            filters.append(toBT709)
            filters.append("format=yuv420p")
        }
        let filterArguments = filters.isEmpty ? [] : ["-vf", filters.joined(separator: ",")]
        // Segments (`--frames`, `--shard`) must join by stream copy into exactly this video, so
        // every GOP is encoded as if it were its own file:
        // - a closed GOP of exactly one second (`-g`/`-keyint_min` = fps, no scene-cut
        //   keyframes, `+cgop`) and no B-frames, so each second starts with an IDR frame that
        //   nothing before it is referenced across, and segment cuts (on whole seconds) fall on them;
        // - constant QP rather than CRF: x264's CRF rate control carries its complexity history
        //   and macroblock-tree lookahead across GOPs, so a segment encoded alone gets other
        //   quantizers than the same GOP inside a full encode (measured: every frame after the
        //   first cut differs). `-qp` takes the `h264CRF` value; at 18 it is visually lossless
        //   and larger than CRF 18 (about +50% on busy test patterns, less on flat UI).
        return c.input + filterArguments + [
            "-c:v", "libx264", "-preset", c.options.h264Preset.rawValue, "-qp", "\(c.options.h264CRF)",
            "-g", "\(c.fps)", "-keyint_min", "\(c.fps)", "-sc_threshold", "0", "-bf", "0", "-flags", "+cgop",
        ] + bt709 + ["-movflags", "+faststart"] + reproducible + ["-f", "mp4", c.output]
    }

    /// VP9 in WebM, with an alpha plane when asked.
    private static func webm(_ c: Context) -> [String] {
        // libvpx-vp9 takes odd sizes (it codes the rounded-up chroma plane), so no padding.
        // `-b:v 0` turns `-crf` into constant quality instead of a cap on a default bitrate.
        // With yuva420p ffmpeg encodes the alpha plane as a second VP9 stream in the block
        // additions and tags the track `alpha_mode=1`.
        return c.input + [
            "-vf", (c.resample + ["\(toBT709),format=\(c.alpha ? "yuva420p" : "yuv420p")"]).joined(separator: ","),
            "-c:v", "libvpx-vp9", "-crf", "\(c.options.vp9CRF)", "-b:v", "0",
            "-deadline", "good", "-cpu-used", "\(c.options.vp9Speed)", "-row-mt", "1",
        ] + bt709 + reproducible + ["-f", "webm", c.output]
    }

    /// ProRes 4444 in MOV, for editing software.
    private static func mov(_ c: Context) -> [String] {
        // ProRes 4444 (profile 4) is 4:4:4 at 10 bits plus a 16-bit alpha plane: no odd-size
        // problem and the format editing software expects for overlays.
        // prores_ks copies the colour tags from each frame, not from `-colorspace`, so
        // `setparams` stamps them on the frames (without it the file is untagged and players
        // decode with BT.601: 41 dB instead of 70 dB on the test pattern).
        return c.input + [
            "-vf",
            (c.resample + [
                "\(toBT709),format=\(c.alpha ? "yuva444p10le" : "yuv444p10le"),"
                    + "setparams=range=tv:color_primaries=bt709:color_trc=bt709:colorspace=bt709"
            ]).joined(separator: ","),
            "-c:v", "prores_ks", "-profile:v", "4444", "-vendor", "apl0",
        ] + bt709 + reproducible + ["-f", "mov", c.output]
    }

    /// A GIF with one palette for the clip.
    private static func gif(_ c: Context) -> [String] {
        // One process, two passes inside the filter graph: `split` keeps a copy of every frame
        // while `palettegen` reads them all; at end of stream it emits one palette for the whole
        // clip and `paletteuse` maps the kept frames with it. `stats_mode=diff` counts only the
        // pixels that change, so the moving item gets the palette entries rather than the static
        // background; `diff_mode=rectangle` re-maps only the changed rectangle, which keeps the
        // static part identical between frames (smaller file, no shimmer).
        let dither: String
        switch c.options.gifDither {
        case .none: dither = "dither=none"
        case .bayer(let scale): dither = "dither=bayer:bayer_scale=\(scale)"
        case .errorDiffusion: dither = "dither=sierra2_4a"
        }
        let graph =
            "[0:v]" + c.resample.map { $0 + "," }.joined() + "split[a][b];"
            + "[a]palettegen=stats_mode=diff:reserve_transparent=\(c.alpha ? 1 : 0)[p];"
            + "[b][p]paletteuse=\(dither):diff_mode=rectangle" + (c.alpha ? ":alpha_threshold=128" : "")
        // GIF `-loop`: 0 forever, -1 once, N repeats N times after the first play.
        let loop = c.options.playCount == 0 ? 0 : (c.options.playCount == 1 ? -1 : c.options.playCount - 1)
        return c.input + ["-filter_complex", graph, "-loop", "\(loop)"] + reproducible + ["-f", "gif", c.output]
    }

    /// A lossless animated PNG.
    private static func apng(_ c: Context) -> [String] {
        // APNG `-plays`: 0 forever, N plays N times — the same meaning as `playCount`.
        return c.input + [
            "-vf", (c.resample + ["format=\(c.alpha ? "rgba" : "rgb24")"]).joined(separator: ","),
            "-c:v", "apng", "-plays", "\(c.options.playCount)",
        ] + reproducible + ["-f", "apng", c.output]
    }

    /// One command line as a user can paste it into a POSIX shell (for `--verbose`).
    public static func shellQuoted(_ arguments: [String]) -> String {
        arguments.map { argument in
            let plain =
                !argument.isEmpty
                && argument.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                        || "-_./:=+,@%".unicodeScalars.contains($0)
                }
            return plain ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}
