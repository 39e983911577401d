import Foundation

/// Writes one render to several video formats at once: one ffmpeg process per format, each fed
/// the same raw RGBA8 frames on its own pipe.
///
/// Rules:
/// - Preflight first: the ffmpeg executable is located and probed (`FFmpegCapabilities`, cached),
///   every format's encoder and filters are checked and the size is checked against each format's
///   limits, all before any process starts — a render that cannot be encoded fails at once.
/// - All or nothing: `finish()` renames the finished files to their final names only when every
///   format succeeded; otherwise it removes every temporary file and throws the first failure
///   (in `outputs` order). A failed or abandoned writer leaves no file, partial or complete.
/// - Odd sizes: MP4 is padded to even (background colour at the right/bottom edge); WebM, MOV,
///   GIF and APNG keep the exact size. The one size error is a GIF side over 65535 pixels.
/// - GIF frame rate: a GIF receives every `frameStep`-th frame so that its frame rate is at most
///   50 fps (`VideoFileFormat.maximumFrameRate`); the other formats receive every frame.
///
/// Why a process per format rather than one ffmpeg with several outputs: the time is the same
/// (3 formats of a 640×1136, 69-frame render on 2 cores: 2.6 s as three processes, 2.9 s as one),
/// while separate processes give each format its own exit status, stderr tail, temporary file and
/// frame rate, and the encoders run in parallel across processes.
public final class VideoWriter {
    /// One file being written.
    public struct Output: Sendable {
        public let format: VideoFileFormat
        /// The final path (the file appears there only after a successful `finish()`).
        public let path: String
        /// The exact command line, executable first (the output argument is the temporary name).
        public let arguments: [String]
        /// This output receives frames 0, `frameStep`, 2·`frameStep`, … of those written.
        public let frameStep: Int
        /// The frame rate of this output: the writer's `fps` / `frameStep`.
        public let frameRate: Int
    }

    public let width: Int
    public let height: Int
    public let fps: Int
    public let outputs: [Output]
    /// The ffmpeg used and what it can do (for `--verbose`).
    public let capabilities: FFmpegCapabilities

    private let processes: [FFmpegProcess]
    private var framesWritten = 0
    private var ended = false

    /// Writes `directory/baseName.<ext>` for each format (duplicates are written once).
    public convenience init(directory: String, baseName: String, formats: [VideoFileFormat],
                            width: Int, height: Int, fps: Int, options: VideoEncodingOptions = .standard,
                            backgroundHex: String, executable: String? = nil) throws {
        var unique: [VideoFileFormat] = []
        for format in formats where !unique.contains(format) { unique.append(format) }
        let files = unique.map { format in
            (format: format, path: (directory as NSString).appendingPathComponent(baseName + "." + format.fileExtension))
        }
        try self.init(files: files, width: width, height: height, fps: fps, options: options,
                      backgroundHex: backgroundHex, executable: executable)
    }

    /// Starts one ffmpeg per file after the preflight. `backgroundHex` (RGB hex like "F2F2F7")
    /// colours the padding of an odd-sized MP4. `executable`: an ffmpeg path, default `ffmpeg` on PATH.
    public init(files: [(format: VideoFileFormat, path: String)], width: Int, height: Int, fps: Int,
                options: VideoEncodingOptions = .standard, backgroundHex: String,
                executable: String? = nil) throws {
        precondition(width > 0 && height > 0 && fps > 0, "size and fps must be positive")
        precondition(!files.isEmpty, "at least one format")
        self.width = width
        self.height = height
        self.fps = fps
        let capabilities = try FFmpegCapabilities.probe(executable: executable)
        self.capabilities = capabilities
        for file in files {
            try capabilities.check(file.format)
            if let maximum = file.format.maximumDimension, width > maximum || height > maximum {
                throw ExportError.unsupportedSize(format: file.format.rawValue, width: width, height: height,
                                                  maximum: maximum)
            }
        }

        var started: [FFmpegProcess] = []
        var outputs: [Output] = []
        do {
            for file in files {
                let step = VideoTiming.frameStep(fps: fps, maximumFrameRate: file.format.maximumFrameRate)
                let process = try FFmpegProcess(executable: capabilities.executable, outputPath: file.path) { temporary in
                    FFmpegCommand.arguments(format: file.format, width: width, height: height, fps: fps / step,
                                            options: options, backgroundHex: backgroundHex, output: temporary)
                }
                started.append(process)
                outputs.append(Output(format: file.format, path: file.path, arguments: process.arguments,
                                      frameStep: step, frameRate: fps / step))
            }
        } catch {
            for process in started { process.abandon() }
            throw error
        }
        processes = started
        self.outputs = outputs
    }

    /// Every command line, shell-quoted, one per format (the probe commands are in
    /// `FFmpegCapabilities.probeArguments`).
    public var commandLines: [String] { outputs.map { FFmpegCommand.shellQuoted($0.arguments) } }

    /// Writes one frame, `width·height·4` bytes of straight RGBA8, row-major, to every format.
    /// If one ffmpeg has died, every format is abandoned and its error is thrown.
    public func write(frame rgba: UnsafeRawBufferPointer) throws {
        precondition(rgba.count == width * height * 4, "frame has the wrong byte count")
        precondition(!ended, "write after finish() or abandon()")
        do {
            for (output, process) in zip(outputs, processes) where framesWritten % output.frameStep == 0 {
                try process.write(rgba)
            }
        } catch {
            abandon()
            throw error
        }
        framesWritten += 1
    }

    public func write(frame rgba: [UInt8]) throws {
        try rgba.withUnsafeBytes { try write(frame: $0) }
    }

    /// Ends every stream, waits for every ffmpeg (they flush in parallel), then moves the files
    /// to their final names — only if all succeeded.
    public func finish() throws {
        guard !ended else { return }
        ended = true
        for process in processes { process.closeInput() }
        let failures = processes.compactMap { $0.waitForExit() }
        if let first = failures.first {
            for process in processes { process.abandon() }
            throw first
        }
        for (index, process) in processes.enumerated() {
            do {
                try process.commit()
            } catch {
                for rest in processes[(index + 1)...] { rest.abandon() }
                throw error
            }
        }
    }

    /// Stops every ffmpeg and removes every partial file (used when a render fails part-way).
    public func abandon() {
        ended = true
        for process in processes { process.abandon() }
    }

    deinit { abandon() }
}
