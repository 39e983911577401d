import CVideoPixels
import Foundation

/// Writes one render to several video formats at once: one ffmpeg process per format, each fed
/// the same frames on its own pipe, as raw RGBA8 or, for MP4, as yuv420p converted here.
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
///   50 fps (`VideoFormat.maximumFrameRate`); the other formats receive every frame.
/// - Writing overlaps rendering: `write(frame:)` queues the frame (up to `queuedFrames`, by
///   reference, no copy) and returns; a feeder thread pipes queued frames to every ffmpeg in order.
///   So while ffmpeg digests one batch the caller renders the next, instead of the two taking turns.
///   A failure on the feeder (an ffmpeg died) comes back from the next `write` or from `finish`,
///   with ffmpeg's own message.
///
/// Why a process per format rather than one ffmpeg with several outputs: the time is the same
/// (3 formats of a 640×1136, 69-frame render on 2 cores: 2.6 s as three processes, 2.9 s as one),
/// while separate processes give each format its own exit status, stderr tail, temporary file and
/// frame rate, and the encoders run in parallel across processes.
public final class VideoWriter {
    /// One file being written.
    public struct Output: Sendable {
        public let format: VideoFormat
        /// The final path (the file appears there only after a successful `finish()`).
        public let path: String
        /// The exact command line, executable first (the output argument is the temporary name).
        public let arguments: [String]
        /// This output receives frames 0, `frameStep`, 2·`frameStep`, … of those written.
        public let frameStep: Int
        /// The frame rate of this output: the writer's `fps` / `frameStep`.
        public let frameRate: Int
        /// What its ffmpeg reads: RGBA as written, or yuv420p converted by the writer.
        public let input: FFmpegCommand.FrameInput
    }

    public let width: Int
    public let height: Int
    public let fps: Int
    public let outputs: [Output]
    /// The ffmpeg used and what it can do (for `--verbose`).
    public let capabilities: FFmpegCapabilities

    private let processes: [FFmpegProcess]
    private var ended = false
    private let queue = FrameFeedQueue(capacity: VideoWriter.queuedFrames)
    private let feederDone = DispatchSemaphore(value: 0)
    private var feederRunning = false

    /// Frames that may wait for the feeder. Range ≥ 1; default 4: enough to cover the gaps
    /// between a renderer's batches, and 32 MB at 1080p.
    public static let queuedFrames = 4

    /// Writes `directory/baseName.<ext>` for each format (duplicates are written once).
    public convenience init(
        directory: String, baseName: String, formats: [VideoFormat],
        width: Int, height: Int, fps: Int, options: VideoEncodingOptions = .standard,
        backgroundHex: String, executable: String? = nil,
        stallSeconds: Double = VideoWriter.defaultStallSeconds
    ) throws {
        var unique: [VideoFormat] = []
        for format in formats where !unique.contains(format) { unique.append(format) }
        let files = unique.map { format in
            (
                format: format,
                path: (directory as NSString).appendingPathComponent(baseName + "." + format.fileExtension)
            )
        }
        try self.init(
            files: files, width: width, height: height, fps: fps, options: options,
            backgroundHex: backgroundHex, executable: executable, stallSeconds: stallSeconds)
    }

    /// Seconds an ffmpeg may make no progress (read no frame, use no CPU, write nothing) before
    /// it is ended with `ExportError.ffmpegStalled`: 300 (see `FFmpegWatchdog`).
    public static let defaultStallSeconds = FFmpegWatchdog.defaultStallSeconds

    /// Starts one ffmpeg per file after the preflight. `backgroundHex` (RGB hex like "F2F2F7")
    /// colours the padding of an odd-sized MP4. `executable`: an ffmpeg path, default `ffmpeg` on PATH.
    /// `stallSeconds` (> 0): see `defaultStallSeconds`.
    public init(
        files: [(format: VideoFormat, path: String)], width: Int, height: Int, fps: Int,
        options: VideoEncodingOptions = .standard, backgroundHex: String,
        executable: String? = nil, stallSeconds: Double = VideoWriter.defaultStallSeconds
    ) throws {
        precondition(width > 0 && height > 0 && fps > 0, "size and fps must be positive")
        precondition(!files.isEmpty, "at least one format")
        self.width = width
        self.height = height
        self.fps = fps
        let capabilities = try FFmpegCapabilities.probe(executable: executable, stallSeconds: stallSeconds)
        self.capabilities = capabilities
        for file in files {
            try capabilities.check(file.format)
            if let maximum = file.format.maximumDimension, width > maximum || height > maximum {
                throw ExportError.unsupportedSize(
                    format: file.format.rawValue, width: width, height: height,
                    maximum: maximum)
            }
        }

        var started: [FFmpegProcess] = []
        var outputs: [Output] = []
        do {
            for file in files {
                let step = VideoTiming.frameStep(fps: fps, maximumFrameRate: file.format.maximumFrameRate)
                let process = try FFmpegProcess(
                    executable: capabilities.executable, outputPath: file.path,
                    stallSeconds: stallSeconds
                ) { temporary in
                    FFmpegCommand.arguments(
                        format: file.format, width: width, height: height, fps: fps / step,
                        options: options, backgroundHex: backgroundHex, output: temporary)
                }
                started.append(process)
                outputs.append(
                    Output(
                        format: file.format, path: file.path, arguments: process.arguments,
                        frameStep: step, frameRate: fps / step,
                        input: FFmpegCommand.input(
                            format: file.format, width: width, height: height, scale: options.scale)))
            }
        } catch {
            for process in started { process.abandon() }
            throw error
        }
        processes = started
        self.outputs = outputs
        startFeeder()
    }

    /// The feeder: frames from the queue to every process, in order (each output gets the frames
    /// its `frameStep` picks, as its `FrameInput`: a frame is converted to yuv420p once, into a
    /// buffer reused frame after frame, if any output takes it so). It exits when the queue is
    /// closed and empty, or on the first error, which it leaves in the queue for the caller's
    /// thread to throw.
    private func startFeeder() {
        feederRunning = true
        let processes = self.processes
        let steps = outputs.map(\.frameStep)
        let inputs = outputs.map(\.input)
        let queue = self.queue
        let done = feederDone
        let (width, height) = (self.width, self.height)
        Thread.detachNewThread {
            var fed = 0
            var yuv = YUVFrame(width: width, height: height, needed: inputs.contains(.yuv420p))
            while let frame = queue.pop() {
                do {
                    try frame.withUnsafeBytes { bytes in
                        var converted = false
                        for index in processes.indices where fed % steps[index] == 0 {
                            switch inputs[index] {
                            case .rgba:
                                try processes[index].write(bytes)
                            case .yuv420p:
                                if !converted {
                                    yuv.convert(bytes)
                                    converted = true
                                }
                                try yuv.bytes.withUnsafeBytes { try processes[index].write($0) }
                            }
                        }
                    }
                } catch {
                    queue.fail(error)
                    break
                }
                fed += 1
            }
            done.signal()
        }
    }

    /// Waits for the feeder thread to exit (after `close` or `fail` on the queue).
    private func joinFeeder() {
        guard feederRunning else { return }
        feederRunning = false
        feederDone.wait()
    }

    /// Every command line, shell-quoted, one per format (the probe commands are in
    /// `FFmpegCapabilities.probeArguments`).
    public var commandLines: [String] { outputs.map { FFmpegCommand.shellQuoted($0.arguments) } }

    /// Writes one frame, `width·height·4` bytes of straight RGBA8, row-major, to every format.
    /// If one ffmpeg has died, every format is abandoned and its error is thrown.
    public func write(frame rgba: UnsafeRawBufferPointer) throws {
        try write(frame: [UInt8](rgba))
    }

    /// The same for an array, queued by reference (no copy; the array is only read).
    public func write(frame rgba: [UInt8]) throws {
        precondition(rgba.count == width * height * 4, "frame has the wrong byte count")
        precondition(!ended, "write after finish() or abandon()")
        do {
            try queue.push(rgba)
        } catch {
            abandon()
            throw error
        }
    }

    /// Ends every stream, waits for every ffmpeg (they flush in parallel), then moves the files
    /// to their final names — only if all succeeded.
    public func finish() throws {
        guard !ended else { return }
        queue.close()
        joinFeeder()
        if let failure = queue.failure {
            abandon()
            throw failure
        }
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
        // Stop the feeder first (it finishes the write in progress), so that no process is
        // written to and abandoned from two threads at once.
        queue.fail(
            ExportError.io(path: outputs.first?.path ?? "", operation: "write", reason: "the render was abandoned"))
        joinFeeder()
        for process in processes { process.abandon() }
    }

    deinit { abandon() }
}

/// A yuv420p frame buffer, converted by `CVideoPixels` (exact integers, BT.709 limited range)
/// and reused frame after frame: the feeder's, and the benchmark's (`flipbook bench`).
public struct YUVFrame: Sendable {
    public private(set) var bytes: [UInt8]
    private let width: Int
    private let height: Int

    /// Empty when no output takes yuv420p (`needed` false).
    public init(width: Int, height: Int, needed: Bool = true) {
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: needed ? Int(cvp_yuv420p_size(UInt32(width), UInt32(height))) : 0)
    }

    /// Converts one RGBA frame of the writer's size (even sides: `FFmpegCommand.input` picks
    /// yuv420p only then).
    public mutating func convert(_ rgba: UnsafeRawBufferPointer) {
        let (width, height) = (self.width, self.height)
        let status = bytes.withUnsafeMutableBufferPointer { out in
            cvp_rgba_to_yuv420p_bt709(
                rgba.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt32(width), UInt32(height), out.baseAddress)
        }
        precondition(status == 0, "yuv420p needs an even size, got \(width)×\(height)")
    }
}

/// Frames between the caller's thread and the feeder: a bounded FIFO with close and failure.
/// `@unchecked Sendable`: every stored `var` is read and written only under `condition` (a
/// condition variable, which `Mutex` does not offer).
final class FrameFeedQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var frames: [[UInt8]] = []
    private var closed = false
    private var storedFailure: Error?
    private let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The first failure, if any (`fail`).
    var failure: Error? {
        condition.lock()
        defer { condition.unlock() }
        return storedFailure
    }

    /// Appends a frame, waiting while the queue is full; throws the failure if there is one.
    func push(_ frame: [UInt8]) throws {
        condition.lock()
        defer { condition.unlock() }
        while frames.count >= capacity && storedFailure == nil { condition.wait() }
        if let storedFailure { throw storedFailure }
        frames.append(frame)
        condition.broadcast()
    }

    /// The oldest frame, waiting while the queue is empty and open; nil once closed and empty,
    /// or failed.
    func pop() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while frames.isEmpty && !closed && storedFailure == nil { condition.wait() }
        guard storedFailure == nil, !frames.isEmpty else { return nil }
        let frame = frames.removeFirst()
        condition.broadcast()
        return frame
    }

    /// No more frames will come; the feeder drains what is queued and exits.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Stops both sides: queued frames are dropped; the first failure is kept.
    func fail(_ error: Error) {
        condition.lock()
        if storedFailure == nil { storedFailure = error }
        frames.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
