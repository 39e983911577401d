import Foundation

/// One running ffmpeg that reads raw frames on stdin and writes one file.
///
/// Rules:
/// - ffmpeg writes to a hidden temporary name beside the output (`.name.tmp-PID`); only a
///   complete, successful encode is renamed to the final name, so a failed or interrupted export
///   never leaves a partial file under the name a user (or a later step) trusts. The temporary
///   name is registered with `TemporaryFiles`, so Ctrl-C removes it too.
/// - stderr is drained on its own thread (a full pipe would deadlock ffmpeg) and its tail is
///   quoted in errors, because ffmpeg's own message is usually the one that explains the fix.
final class FFmpegProcess {
    let outputPath: String
    let temporaryPath: String
    /// The full command line, executable first.
    let arguments: [String]

    private let process = Process()
    private let stdinPipe = Pipe()
    private let stderrPipe = Pipe()
    private let stderrCollector = StderrCollector()
    private var inputClosed = false
    private var ended = false

    /// Starts `executable` with the arguments `makeArguments(temporaryPath)`.
    init(executable: String, outputPath: String, makeArguments: (String) -> [String]) throws {
        self.outputPath = outputPath
        let url = URL(fileURLWithPath: outputPath)
        temporaryPath = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        arguments = [executable] + makeArguments(temporaryPath)

        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(arguments.dropFirst())
        process.standardInput = stdinPipe
        process.standardError = stderrPipe
        process.standardOutput = FileHandle.nullDevice
        // A dead ffmpeg must surface as EPIPE from write(2), not kill us with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        do {
            try process.run()
        } catch {
            throw ExportError.io(path: executable, operation: "start", reason: "\(error)")
        }
        TemporaryFiles.shared.register(temporaryPath)
        widenPipe(stdinPipe.fileHandleForWriting.fileDescriptor)
        stderrCollector.start(reading: stderrPipe.fileHandleForReading)
    }

    /// Writes all of `bytes`; on a closed pipe (ffmpeg died) stops ffmpeg, removes the partial
    /// file and throws `ffmpegPipeClosed` with ffmpeg's stderr.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let fd = stdinPipe.fileHandleForWriting.fileDescriptor
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                abandon()
                throw ExportError.ffmpegPipeClosed(output: outputPath, stderrTail: stderrCollector.tail())
            }
            offset += n
        }
    }

    /// Ends the input, so ffmpeg flushes its encoder and muxer. Several processes can be closed
    /// first and waited for afterwards, so they finish in parallel.
    func closeInput() {
        guard !inputClosed else { return }
        inputClosed = true
        try? stdinPipe.fileHandleForWriting.close()
    }

    /// Waits for ffmpeg; returns the error to report if it failed (the partial file is removed).
    func waitForExit() -> ExportError? {
        closeInput()
        process.waitUntilExit()
        stderrCollector.wait()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            removeTemporary()
            return .ffmpegFailed(output: outputPath, status: process.terminationStatus,
                                 stderrTail: stderrCollector.tail())
        }
        return nil
    }

    /// Moves the finished file to its final name (after a successful `waitForExit`).
    func commit() throws {
        guard !ended else { return }
        ended = true
        guard rename(temporaryPath, outputPath) == 0 else {
            let reason = String(cString: strerror(errno))
            removeTemporary()
            throw ExportError.io(path: outputPath, operation: "move the finished video to", reason: reason)
        }
        TemporaryFiles.shared.unregister(temporaryPath)
    }

    /// Stops ffmpeg and removes its partial output. Safe to call at any time, more than once.
    func abandon() {
        guard !ended else { return }
        ended = true
        closeInput()
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
final class StderrCollector: @unchecked Sendable {
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

/// Raises a pipe's capacity from Linux's 64 KiB to 1 MiB (the unprivileged maximum), so a 1080p
/// frame crosses to ffmpeg in 8 writes instead of 127, with as many fewer context switches.
/// Best effort: where the call is refused the pipe just stays small.
public func widenPipe(_ fd: Int32) {
    let setPipeSize: Int32 = 1031   // F_SETPIPE_SZ (linux/fcntl.h); Glibc does not export it to Swift.
    _ = fcntl(fd, setPipeSize, 1 << 20)
}
