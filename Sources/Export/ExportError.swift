/// Everything that can go wrong while writing a render's files. Each case carries what the user
/// needs to act: the path, the ffmpeg command's exit status and the tail of its stderr.
public enum ExportError: Error, CustomStringConvertible, Equatable {
    /// No `ffmpeg` executable on PATH.
    case ffmpegNotFound(searched: [String])
    /// ffmpeg exited non-zero (or was killed); `stderrTail` is the end of its own message.
    case ffmpegFailed(output: String, status: Int32, stderrTail: String)
    /// ffmpeg stopped reading frames (it died mid-encode).
    case ffmpegPipeClosed(output: String, stderrTail: String)
    /// A file-system operation failed.
    case io(path: String, operation: String, reason: String)

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
        case .io(let path, let operation, let reason):
            return "cannot \(operation) \(path): \(reason)"
        }
    }
}
