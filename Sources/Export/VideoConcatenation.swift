import Foundation

/// Joins segment videos (from `flipbook render --shard`/`--frames`) into one file by stream copy
/// with ffmpeg's concat demuxer: no re-encoding, so the result decodes to exactly the frames of
/// the segments, which are the frames of a single render (see `FFmpegCommand` for the GOP rules
/// that make that true, and `VideoFormat.segmentable` for the formats it holds for).
///
/// Like every output, the file is written under a hidden temporary name and renamed when ffmpeg
/// succeeds; a failure leaves nothing under the final name.
public enum VideoConcatenation {
    /// The concat demuxer's list file: one `file '<absolute path>'` line per segment, quotes escaped.
    public static func listFile(_ segments: [String]) -> String {
        segments.map { path in
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            return "file '" + absolute.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: "\n") + "\n"
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
    /// (`.mp4` or `.mov`, one of `VideoFormat.segmentable`). Returns the command line run.
    @discardableResult
    public static func concatenate(segments: [String], output: String, executable: String? = nil) throws -> String {
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
        let capabilities = try FFmpegCapabilities.probe(executable: executable)
        let url = URL(fileURLWithPath: output)
        let list = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).concat-\(getpid()).txt").path
        try AtomicFile.write(listFile(segments), to: list)
        defer { unlink(list) }
        let process = try FFmpegProcess(executable: capabilities.executable, outputPath: output) { temporary in
            arguments(list: list, format: format, output: temporary)
        }
        if let failure = process.waitForExit() { throw failure }
        try process.commit()
        return FFmpegCommand.shellQuoted(process.arguments)
    }
}
