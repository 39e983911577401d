import Foundation

/// Streams raw RGBA8 frames into one `ffmpeg` process and produces an H.264 MP4.
///
/// Rules:
/// - ffmpeg writes to a hidden temporary name beside the output; only a complete, successful
///   encode is renamed to the final name, so a failed or interrupted export never leaves a
///   partial video under the name a user (or a later step) trusts.
/// - stderr is drained on its own thread (a full pipe would deadlock ffmpeg) and its tail is
///   quoted in errors, because ffmpeg's own message is usually the one that explains the fix.
/// - Odd pixel sizes are padded to even ones with the canvas background: yuv420p subsamples
///   chroma 2×2 and libx264 refuses odd sizes; padding keeps every rendered pixel, where cropping
///   would lose a row.
public final class FFmpegVideoWriter {
    public let outputPath: String
    public let width: Int
    public let height: Int
    /// The exact command line, for `--verbose` and error reports.
    public let arguments: [String]

    private let process = Process()
    private let stdinPipe = Pipe()
    private let stderrPipe = Pipe()
    private let temporaryPath: String
    private let stderrCollector = StderrCollector()
    private var finished = false

    /// Starts ffmpeg. `background` (RGB hex like "F2F2F7") colours the padding of odd sizes.
    public init(outputPath: String, width: Int, height: Int, fps: Int,
                paddingColorHex: String, executable: String? = nil) throws {
        precondition(width > 0 && height > 0 && fps > 0)
        self.outputPath = outputPath
        self.width = width
        self.height = height
        let url = URL(fileURLWithPath: outputPath)
        temporaryPath = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        let ffmpeg = try executable ?? FFmpegLocator.ffmpeg()
        arguments = [ffmpeg] + FFmpegVideoWriter.mp4Arguments(
            width: width, height: height, fps: fps, paddingColorHex: paddingColorHex,
            output: temporaryPath)

        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = Array(arguments.dropFirst())
        process.standardInput = stdinPipe
        process.standardError = stderrPipe
        process.standardOutput = FileHandle.nullDevice
        // A dead ffmpeg must surface as EPIPE from write(2), not kill us with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        do {
            try process.run()
        } catch {
            throw ExportError.io(path: ffmpeg, operation: "start", reason: "\(error)")
        }
        TemporaryFiles.shared.register(temporaryPath)
        stderrCollector.start(reading: stderrPipe.fileHandleForReading)
    }

    /// The ffmpeg arguments (after the executable) for an H.264 yuv420p MP4 tagged BT.709.
    public static func mp4Arguments(width: Int, height: Int, fps: Int, paddingColorHex: String,
                                    output: String) -> [String] {
        var filters: [String] = []
        if width % 2 != 0 || height % 2 != 0 {
            filters.append("pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:color=0x\(paddingColorHex)")
        }
        // Convert with the same matrix and range the stream is tagged with, or players shift colours.
        filters.append("scale=out_color_matrix=bt709:out_range=tv")
        filters.append("format=yuv420p")
        return [
            "-hide_banner", "-loglevel", "error", "-y",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-s:v", "\(width)x\(height)",
            "-framerate", "\(fps)", "-i", "pipe:0",
            "-vf", filters.joined(separator: ","),
            "-c:v", "libx264", "-preset", "medium", "-crf", "18",
            "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
            "-color_range", "tv",
            "-movflags", "+faststart", "-fflags", "+bitexact", "-map_metadata", "-1",
            "-f", "mp4", output,
        ]
    }

    /// Writes one frame: `width·height·4` bytes of straight RGBA8, row-major.
    public func write(frame rgba: UnsafeRawBufferPointer) throws {
        precondition(rgba.count == width * height * 4, "frame has the wrong byte count")
        let fd = stdinPipe.fileHandleForWriting.fileDescriptor
        var offset = 0
        while offset < rgba.count {
            let n = Foundation.write(fd, rgba.baseAddress! + offset, rgba.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                abandon()
                throw ExportError.ffmpegPipeClosed(output: outputPath, stderrTail: stderrCollector.tail())
            }
            offset += n
        }
    }

    public func write(frame rgba: [UInt8]) throws {
        try rgba.withUnsafeBytes { try write(frame: $0) }
    }

    /// Closes the stream, waits for ffmpeg, and moves the finished video to `outputPath`.
    public func finish() throws {
        guard !finished else { return }
        finished = true
        try? stdinPipe.fileHandleForWriting.close()
        process.waitUntilExit()
        stderrCollector.wait()
        let status = process.terminationStatus
        guard process.terminationReason == .exit, status == 0 else {
            removeTemporary()
            throw ExportError.ffmpegFailed(output: outputPath, status: status,
                                           stderrTail: stderrCollector.tail())
        }
        guard rename(temporaryPath, outputPath) == 0 else {
            let reason = String(cString: strerror(errno))
            removeTemporary()
            throw ExportError.io(path: outputPath, operation: "move the finished video to", reason: reason)
        }
        TemporaryFiles.shared.unregister(temporaryPath)
    }

    /// Stops ffmpeg and removes its partial output (used when a render fails part-way).
    public func abandon() {
        guard !finished else { return }
        finished = true
        try? stdinPipe.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        stderrCollector.wait()
        removeTemporary()
    }

    private func removeTemporary() {
        unlink(temporaryPath)
        TemporaryFiles.shared.unregister(temporaryPath)
    }

    deinit { abandon() }
}

/// Reads a pipe to its end on a background thread and keeps everything for the error tail.
private final class StderrCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)
    private var started = false

    func start(reading handle: FileHandle) {
        started = true
        Thread.detachNewThread { [self] in
            let all = handle.readDataToEndOfFile()
            lock.lock(); data = all; lock.unlock()
            done.signal()
        }
    }

    func wait() {
        guard started else { return }
        done.wait()
        done.signal()
    }

    /// The last `lines` lines of ffmpeg's stderr.
    func tail(lines: Int = 12) -> String {
        lock.lock(); defer { lock.unlock() }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: true)
            .suffix(lines).map { "  ffmpeg: " + $0 }.joined(separator: "\n")
    }
}
