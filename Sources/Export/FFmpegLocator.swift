import Foundation

/// Finds the ffmpeg tools on PATH. Flipbook drives the ffmpeg command-line tool rather than
/// linking libav*, so that users get the encoders of the ffmpeg they installed.
public enum FFmpegLocator {
    public static func ffmpeg() throws -> String { try find("ffmpeg") }
    public static func ffprobe() throws -> String { try find("ffprobe") }

    /// The first executable `name` in `dirs` (default: PATH's folders).
    public static func find(_ name: String, in dirs: [String] = searchPath()) throws -> String {
        for dir in dirs {
            let candidate = (dir as NSString).appendingPathComponent(name)
            if access(candidate, X_OK) == 0 { return candidate }
        }
        throw ExportError.ffmpegNotFound(searched: dirs)
    }

    public static func searchPath() -> [String] {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map(String.init).filter { !$0.isEmpty }
    }
}
