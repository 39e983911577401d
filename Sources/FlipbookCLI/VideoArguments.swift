import ArgumentParser
import Export
import Pipeline
import SceneModel

/// The video flags of `flipbook render`.
struct VideoArguments: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Video formats, comma-separated: mp4, webm, mov, gif, apng, or none. Default: the scene's output.video (mp4).",
            valueName: "formats"))
    var video: String?

    @Option(
        name: .long,
        help: "Video frame rate (default: the scene's output.fps, else its fps). Frames are resampled by whole ticks.")
    var videoFps: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Video size as a fraction of the frames' (0.01 to 1, lanczos; default: the scene's output.scale, 1). PNG frames keep the canvas size.",
            valueName: "fraction"))
    var outputScale: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Average N sub-frames (the N ticks ending at each video frame) for motion blur.", valueName: "N"))
    var motionBlur: Int = 1

    @Option(
        name: .long,
        help: ArgumentHelp("Hold the last frame for this many seconds at the end of the video.", valueName: "seconds"))
    var hold: Double = 0

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Stop where the animator comes to rest ('rest'), even in scenes with a fixed duration (which becomes the cap).",
            valueName: "rest"))
    var until: String?

    @Option(
        name: .long,
        help:
            "H.264 quantizer for mp4, 0 (lossless) to 51; default 18 (visually lossless). Constant QP with closed one-second GOPs, so joined shards decode to exactly the frames of one render."
    )
    var qp: Int = 18

    @Option(name: .long, help: "H.264 preset for mp4: ultrafast … veryslow; default medium.")
    var preset: String = "medium"

    @Option(name: .long, help: "VP9 quality for webm, 0 (best) to 63; default 30.")
    var webmCrf: Int = 30

    @Option(
        name: .long,
        help: ArgumentHelp(
            "GIF dithering: none (default; exact on flat colours), bayer[:0-5] for gradients and shadows (a fixed grid), or diffusion (error diffusion: no bands, no grid, larger files).",
            valueName: "mode"))
    var gifDither: String = "none"

    @Option(
        name: .long,
        help: ArgumentHelp("How many times GIF and APNG play: 0 (default) loops forever.", valueName: "count"))
    var loop: Int = 0

    func validate() throws {
        _ = try formats()
        if let videoFps, !SceneRules.fpsRange.contains(videoFps) {
            throw ValidationError("--video-fps must be within \(SceneRules.fpsRange), got \(videoFps)")
        }
        if let outputScale, !VideoEncodingOptions.scaleRange.contains(outputScale) {
            throw ValidationError(
                "--output-scale must be a fraction of the frames' size from 0.01 to 1 (0.5 halves each side), got \(outputScale)"
            )
        }
        guard (1...64).contains(motionBlur) else {
            throw ValidationError("--motion-blur must be within 1...64, got \(motionBlur)")
        }
        guard hold.isFinite, hold >= 0, hold <= 3600 else {
            throw ValidationError("--hold must be seconds from 0 to 3600, got \(hold)")
        }
        if let until, until != "rest" { throw ValidationError("--until accepts only 'rest', got '\(until)'") }
        _ = try encoding()
    }

    /// The formats asked for on the command line; nil keeps the scene's.
    func formats() throws -> [VideoFormat]? {
        guard let video else { return nil }
        if video == "none" { return [] }
        var result: [VideoFormat] = []
        for name in video.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let format = VideoFormat(name: name) else {
                throw ValidationError("--video: unknown format '\(name)'; expected mp4, webm, mov, gif, apng or none")
            }
            if !result.contains(format) { result.append(format) }
        }
        return result
    }

    func encoding() throws -> VideoEncodingOptions {
        guard let h264Preset = VideoEncodingOptions.H264Preset(rawValue: preset) else {
            throw ValidationError(
                "--preset: unknown preset '\(preset)'; expected one of \(VideoEncodingOptions.H264Preset.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let dither: VideoEncodingOptions.GIFDither
        if gifDither == "none" {
            dither = .none
        } else if gifDither == "bayer" {
            dither = .bayer(scale: 2)
        } else if gifDither == "diffusion" {
            dither = .errorDiffusion
        } else if gifDither.hasPrefix("bayer:"), let scale = Int(gifDither.dropFirst("bayer:".count)) {
            dither = .bayer(scale: scale)
        } else {
            throw ValidationError(
                "--gif-dither must be none, bayer, bayer:N (N from 0 to 5) or diffusion, got '\(gifDither)'")
        }
        do {
            return try VideoEncodingOptions(
                h264CRF: qp, h264Preset: h264Preset, vp9CRF: webmCrf,
                gifDither: dither, playCount: loop)
        } catch {
            // Name the flag the user typed, not the option's field.
            var message = "\(error)"
            for (field, flag) in [
                ("h264CRF", "--qp"), ("vp9CRF", "--webm-crf"), ("playCount", "--loop"),
                ("gif bayer scale", "--gif-dither bayer scale"),
            ] {
                message = message.replacingOccurrences(of: field, with: flag)
            }
            throw ValidationError(message)
        }
    }

    /// Applies the flags to one scene's render options.
    func apply(to options: inout RenderOptions) throws {
        if let formats = try formats() { options.video = formats }
        options.videoFPS = videoFps
        options.outputScale = outputScale
        options.motionBlur = motionBlur
        options.holdSeconds = hold
        options.encoding = try encoding()
    }

    /// `--until rest`: the scene stops at rest, its duration becoming the cap.
    func adjust(_ scene: Scene) -> Scene {
        guard until == "rest", case .duration(let seconds) = scene.length else { return scene }
        var adjusted = scene
        adjusted.length = .untilRest(maxDuration: seconds)
        return adjusted
    }
}
