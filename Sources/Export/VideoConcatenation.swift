import Foundation

/// Joins segment videos (from `flipbook render --shard`/`--frames`) into one file by stream copy
/// with ffmpeg's concat demuxer: no re-encoding, so the result decodes to exactly the frames of
/// the segments, which are the frames of a single render (see `FFmpegCommand` for the GOP rules
/// that make that true, and `VideoFormat.segmentable` for the formats it holds for).
///
/// Like every output, the file is written under a hidden temporary name and renamed when ffmpeg
/// succeeds; a failure leaves nothing under the final name. Every ffmpeg it runs (the probes and
/// the join) is under the watchdog (`FFmpegWatchdog`, `stallSeconds`), and the hidden list file
/// is removed on every way out: success, an error, a stalled ffmpeg ended, and Ctrl-C or
/// SIGTERM (`TemporaryFiles`).
public enum VideoConcatenation {
    /// The concat demuxer's list file: one `file '<absolute path>'` line per segment, quotes escaped.
    public static func listFile(_ segments: [String]) -> String {
        segments.map { path in
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            return "file '" + absolute.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: "\n") + "\n"
    }

    /// The hidden list file beside `output`: `.<name>.concat-<pid>.txt`.
    public static func listPath(output: String) -> String {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).concat-\(getpid()).txt"
        )
        .path
    }

    /// The arguments after the executable for joining the segments listed in `list` into `output`.
    public static func arguments(list: String, format: VideoFormat, output: String) -> [String] {
        var args = [
            "-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", list,
            "-c", "copy", "-fflags", "+bitexact", "-map_metadata", "-1",
        ]
        if format == .mp4 || format == .mov { args += ["-movflags", "+faststart"] }
        return args + ["-f", format == .mp4 ? "mp4" : "mov", output]
    }

    /// Joins `segments` (in the order given) into `output`, whose extension names the format
    /// (`.mp4` or `.mov`, one of `VideoFormat.segmentable`). Returns the command line run,
    /// executable first.
    /// `stallSeconds` (> 0): how long ffmpeg may make no progress before it is ended.
    @discardableResult
    public static func concatenate(
        segments: [String], output: String, executable: String? = nil,
        stallSeconds: Double = VideoWriter.defaultStallSeconds
    ) throws -> [String] {
        precondition(!segments.isEmpty, "at least one segment")
        let ext = (output as NSString).pathExtension.lowercased()
        guard let format = VideoFormat(name: ext), VideoFormat.segmentable.contains(format) else {
            throw ExportError.io(
                path: output, operation: "join segments into",
                reason: "the output must end in .mp4 or .mov (the formats whose segments join by stream copy)")
        }
        for segment in segments {
            guard (segment as NSString).pathExtension.lowercased() == ext else {
                throw ExportError.io(
                    path: segment, operation: "join", reason: "segment is not a .\(ext) file like the output")
            }
            guard FileManager.default.isReadableFile(atPath: segment) else {
                throw ExportError.io(path: segment, operation: "read the segment", reason: "no such readable file")
            }
        }
        let capabilities = try FFmpegCapabilities.probe(executable: executable, stallSeconds: stallSeconds)
        let list = listPath(output: output)
        TemporaryFiles.shared.register(list)
        defer {
            unlink(list)
            TemporaryFiles.shared.unregister(list)
        }
        try AtomicFile.write(listFile(segments), to: list)
        let process = try FFmpegProcess(
            executable: capabilities.executable, outputPath: output, stallSeconds: stallSeconds
        ) { temporary in
            arguments(list: list, format: format, output: temporary)
        }
        if let failure = process.waitForExit() { throw failure }
        try process.commit()
        return process.arguments
    }
}
