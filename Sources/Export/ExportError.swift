/// Everything that can go wrong while writing a render's files. Each case carries what the user
/// needs to act: the path, the ffmpeg command's exit status and the tail of its stderr.
public enum ExportError: Error, CustomStringConvertible, Equatable {
    /// No `ffmpeg` executable on PATH.
    case ffmpegNotFound(searched: [String])
    /// ffmpeg exited non-zero (or was killed); `stderrTail` is the end of its own message.
    case ffmpegFailed(output: String, status: Int32, stderrTail: String)
    /// ffmpeg stopped reading frames (it died mid-encode).
    case ffmpegPipeClosed(output: String, stderrTail: String)
    /// ffmpeg made no progress (read no input, used no CPU, wrote no output) for `seconds`; it was
    /// ended (`FFmpegWatchdog`).
    case ffmpegStalled(output: String, seconds: Double, stderrTail: String)
    /// A short ffmpeg run (a preflight probe) made no progress (used no CPU) for `seconds`; it
    /// was ended (`FFmpegWatchdog`).
    case ffmpegProbeStalled(executable: String, command: [String], seconds: Double, stderrTail: String)
    /// A file-system operation failed.
    case io(path: String, operation: String, reason: String)
    /// The ffmpeg found could not run one of the preflight probes (`-version`, `-encoders`,
    /// `-filters`): not an ffmpeg, or a broken install.
    case ffmpegUnusable(executable: String, command: [String], status: Int32, stderrTail: String)
    /// This ffmpeg was built without an encoder a format needs (`prores_ks`, `libvpx-vp9`, …).
    case encoderMissing(encoder: String, neededBy: String, ffmpeg: String, version: String)
    /// This ffmpeg was built without a filter a format needs (`palettegen`, …).
    case filterMissing(filter: String, neededBy: String, ffmpeg: String, version: String)
    /// The frame size is beyond what the format can store (GIF: 65535 pixels a side).
    case unsupportedSize(format: String, width: Int, height: Int, maximum: Int)

    public var description: String {
        switch self {
        case .ffmpegNotFound(let searched):
            return "ffmpeg not found on PATH (looked in \(searched.joined(separator: ":"))); "
                + "install it with `apt-get install ffmpeg` (or run `make render`, which installs it), "
                + "or pass `--video none` to skip the video"
        case .ffmpegFailed(let output, let status, let tail):
            return "ffmpeg failed writing \(output) (exit status \(status))"
                + (tail.isEmpty ? "" : ":\n" + tail)
        case .ffmpegPipeClosed(let output, let tail):
            return "ffmpeg stopped reading frames while writing \(output)"
                + (tail.isEmpty ? "" : ":\n" + tail)
        case .ffmpegStalled(let output, let seconds, let tail):
            return "ffmpeg made no progress for \(FFmpegWatchdog.format(seconds)) s while writing \(output) "
                + "(it read no frames, used no CPU and wrote nothing), so it was stopped and its partial file removed; "
                + "check that the ffmpeg on PATH is a working one (`ffmpeg -version`), "
                + "or allow more time with --ffmpeg-timeout"
                + (tail.isEmpty ? "" : ":\n" + tail)
        case .ffmpegProbeStalled(let executable, let command, let seconds, let tail):
            return "`\(([executable] + command).joined(separator: " "))` made no progress for "
                + "\(FFmpegWatchdog.format(seconds)) s (it used no CPU and did not finish), so it was stopped; "
                + "check that \(executable) is a working ffmpeg (run `\(executable) -version` yourself), "
                + "or allow more time with --ffmpeg-timeout"
                + (tail.isEmpty ? "" : ":\n" + tail)
        case .io(let path, let operation, let reason):
            return "cannot \(operation) \(path): \(reason)"
        case .ffmpegUnusable(let executable, let command, let status, let tail):
            return "\(executable) does not work as ffmpeg (`\(([executable] + command).joined(separator: " "))` "
                + "exited with status \(status)); reinstall it with `apt-get install ffmpeg`, "
                + "or pass `--video none` to skip the video"
                + (tail.isEmpty ? "" : ":\n" + tail)
        case .encoderMissing(let encoder, let neededBy, let ffmpeg, let version):
            return "\(ffmpeg) (version \(version)) has no encoder '\(encoder)', which \(neededBy) needs "
                + "(see `ffmpeg -hide_banner -encoders`); install an ffmpeg built with it "
                + "(Debian's and Homebrew's `ffmpeg` packages include it), "
                + "or leave \(neededBy) out of `--video`"
        case .filterMissing(let filter, let neededBy, let ffmpeg, let version):
            return "\(ffmpeg) (version \(version)) has no filter '\(filter)', which \(neededBy) needs "
                + "(see `ffmpeg -hide_banner -filters`); install a complete ffmpeg build "
                + "(Debian's and Homebrew's `ffmpeg` packages include it), "
                + "or leave \(neededBy) out of `--video`"
        case .unsupportedSize(let format, let width, let height, let maximum):
            return "\(format) cannot store \(width)×\(height) frames (at most \(maximum) pixels a side); "
                + "lower the canvas size or scale, or choose another format"
        }
    }
}
