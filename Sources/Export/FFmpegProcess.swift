import FileSystem
import Foundation
import Synchronization

/// One running ffmpeg that reads raw frames on stdin and writes one file.
///
/// Rules:
/// - ffmpeg writes to a hidden temporary name beside the output (`.name.tmp-PID`); only a
///   complete, successful encode is renamed to the final name, so a failed or interrupted export
///   never leaves a partial file under the name a user (or a later step) trusts. The temporary
///   name is registered with `TemporaryFiles`, so Ctrl-C removes it too.
/// - stderr is drained on its own thread (a full pipe would deadlock ffmpeg) and its tail is
///   quoted in errors, because ffmpeg's own message is usually the one that explains the fix.
/// - A watchdog ends an ffmpeg that makes no progress for `stallSeconds` (`FFmpegWatchdog`):
///   one that stops reading its input, or never exits after it, would otherwise hang the
///   render forever. It is killed, its partial file removed, and `ffmpegStalled` thrown.
/// - Sendable: `VideoWriter`'s feeder thread writes to it while the caller's thread may end it
///   (`abandon`), so its two flags live behind a `Mutex`.
final class FFmpegProcess: Sendable {
    let outputPath: String
    let temporaryPath: String
    /// The full command line, executable first.
    let arguments: [String]

    private let process = Process()
    private let stdinPipe = Pipe()
    private let stderrPipe = Pipe()
    private let stderrCollector = StderrCollector()
    /// `inputClosed`, `ended`: each of `closeInput`, `commit` and `abandon` acts once.
    private let flags = Mutex((inputClosed: false, ended: false))
    private let exited = DispatchSemaphore(value: 0)
    private let watchdog: FFmpegWatchdog

    /// Starts `executable` with the arguments `makeArguments(temporaryPath)`. `stallSeconds`:
    /// how long ffmpeg may make no progress before it is ended (`FFmpegWatchdog`).
    init(
        executable: String, outputPath: String, stallSeconds: Double = FFmpegWatchdog.defaultStallSeconds,
        makeArguments: (String) -> [String]
    ) throws {
        self.outputPath = outputPath
        let url = URL(fileURLWithPath: outputPath)
        temporaryPath =
            url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        arguments = [executable] + makeArguments(temporaryPath)

        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(arguments.dropFirst())
        process.standardInput = stdinPipe
        process.standardError = stderrPipe
        process.standardOutput = FileHandle.nullDevice
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        // A dead ffmpeg must surface as EPIPE from write(2), not kill us with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        do {
            try process.run()
        } catch {
            throw ExportError.io(path: executable, operation: "start", reason: "\(error)")
        }
        TemporaryFiles.shared.register(temporaryPath)
        let fd = stdinPipe.fileHandleForWriting.fileDescriptor
        widenPipe(fd)
        // Non-blocking, so a write to an ffmpeg that stopped reading returns to the watchdog.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        watchdog = FFmpegWatchdog(pid: process.processIdentifier, output: temporaryPath, stallSeconds: stallSeconds)
        stderrCollector.start(reading: stderrPipe.fileHandleForReading)
    }

    /// Writes all of `bytes`; on a closed pipe (ffmpeg died) stops ffmpeg, removes the partial
    /// file and throws `ffmpegPipeClosed` with ffmpeg's stderr; when ffmpeg neither reads nor
    /// works for `stallSeconds`, kills it and throws `ffmpegStalled`.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let fd = stdinPipe.fileHandleForWriting.fileDescriptor
        var offset = 0
        watchdog.noteProgress()
        while offset < bytes.count {
            let n = Foundation.write(fd, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    if poll(&poller, 1, FFmpegWatchdog.pollMilliseconds) == 0, watchdog.hasStalled() { throw stalled() }
                    continue
                }
                abandon()
                throw ExportError.ffmpegPipeClosed(output: outputPath, stderrTail: stderrCollector.tail())
            }
            watchdog.noteProgress()
            offset += n
        }
    }

    /// Kills the stalled ffmpeg, removes its partial file, and returns the error to throw.
    private func stalled() -> ExportError {
        kill(process.processIdentifier, SIGKILL)
        abandon()
        return .ffmpegStalled(output: outputPath, seconds: watchdog.stallSeconds, stderrTail: stderrCollector.tail())
    }

    /// Ends the input, so ffmpeg flushes its encoder and muxer. Several processes can be closed
    /// first and waited for afterwards, so they finish in parallel.
    func closeInput() {
        let first = flags.withLock { flags in
            defer { flags.inputClosed = true }
            return !flags.inputClosed
        }
        guard first else { return }
        try? stdinPipe.fileHandleForWriting.close()
    }

    /// Waits for ffmpeg; returns the error to report if it failed (the partial file is removed).
    func waitForExit() -> ExportError? {
        closeInput()
        watchdog.noteProgress()
        while exited.wait(timeout: .now() + .milliseconds(Int(FFmpegWatchdog.pollMilliseconds))) == .timedOut {
            if watchdog.hasStalled() { return stalled() }
        }
        exited.signal()
        process.waitUntilExit()
        stderrCollector.wait()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            removeTemporary()
            return .ffmpegFailed(
                output: outputPath, status: process.terminationStatus,
                stderrTail: stderrCollector.tail())
        }
        return nil
    }

    /// Moves the finished file to its final name (after a successful `waitForExit`).
    func commit() throws {
        guard endOnce() else { return }
        do {
            try DurableFile.publish(temporary: temporaryPath, to: outputPath)
        } catch {
            removeTemporary()
            throw ExportError.io(path: outputPath, operation: "move the finished video to", reason: "\(error)")
        }
        TemporaryFiles.shared.unregister(temporaryPath)
    }

    /// Stops ffmpeg and removes its partial output. Safe to call at any time, more than once.
    func abandon() {
        guard endOnce() else { return }
        closeInput()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        stderrCollector.wait()
        removeTemporary()
    }

    /// True for the first caller only (of `commit` and `abandon`).
    private func endOnce() -> Bool {
        flags.withLock { flags in
            defer { flags.ended = true }
            return !flags.ended
        }
    }

    private func removeTemporary() {
        unlink(temporaryPath)
        TemporaryFiles.shared.unregister(temporaryPath)
    }

    deinit { abandon() }
}

/// Reads a pipe to its end on a background thread and keeps everything: ffmpeg's stderr for the
/// error tail, a probe's stdout for its answer.
final class StderrCollector: Sendable {
    private let data = Mutex(Data())
    private let done = DispatchSemaphore(value: 0)
    private let started = Mutex(false)

    func start(reading handle: FileHandle) {
        started.withLock { $0 = true }
        Thread.detachNewThread { [self] in
            let all = handle.readDataToEndOfFile()
            data.withLock { $0 = all }
            done.signal()
        }
    }

    func wait() {
        guard started.withLock({ $0 }) else { return }
        done.wait()
        done.signal()
    }

    /// Waits at most `timeoutMilliseconds` for the end of the pipe; false if it did not come.
    func wait(timeoutMilliseconds: Int) -> Bool {
        guard started.withLock({ $0 }) else { return true }
        guard done.wait(timeout: .now() + .milliseconds(timeoutMilliseconds)) == .success else { return false }
        done.signal()
        return true
    }

    /// Everything read so far, as UTF-8 text.
    func text() -> String { data.withLock { String(decoding: $0, as: UTF8.self) } }

    /// The last `lines` lines of ffmpeg's stderr.
    func tail(lines: Int = 12) -> String {
        let text = data.withLock { String(decoding: $0, as: UTF8.self) }
        return text.split(separator: "\n", omittingEmptySubsequences: true)
            .suffix(lines).map { "  ffmpeg: " + $0 }.joined(separator: "\n")
    }
}

/// Raises a pipe's capacity from Linux's 64 KiB to 1 MiB (the unprivileged maximum), so a 1080p
/// frame crosses to ffmpeg in 8 writes instead of 127, with as many fewer context switches.
/// Best effort: where the call is refused the pipe just stays small.
public func widenPipe(_ fd: Int32) {
    let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ (linux/fcntl.h); Glibc does not export it to Swift.
    _ = fcntl(fd, setPipeSize, 1 << 20)
}
