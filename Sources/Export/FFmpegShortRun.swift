import Foundation

/// Runs a short ffmpeg command to its end (the preflight probes `-version`, `-encoders`,
/// `-filters`) under the same watchdog as an encode (`FFmpegWatchdog`), and returns what it
/// printed on stdout.
///
/// Without the watchdog a wedged ffmpeg (a broken install, a wrapper waiting on a lock, a stopped
/// process) hangs the caller forever, which on CI is a job that never ends. Both pipes are drained
/// on their own threads, so a probe that prints a lot never blocks on a full pipe while the
/// caller's thread keeps watch.
enum FFmpegShortRun {
    static func run(_ executable: String, _ arguments: [String], stallSeconds: Double) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw ExportError.ffmpegUnusable(
                executable: executable, command: arguments, status: -1, stderrTail: "  \(error)")
        }
        let stdout = StderrCollector()
        let stderr = StderrCollector()
        stdout.start(reading: out.fileHandleForReading)
        stderr.start(reading: err.fileHandleForReading)
        let watchdog = FFmpegWatchdog(pid: process.processIdentifier, output: nil, stallSeconds: stallSeconds)
        while exited.wait(timeout: .now() + .milliseconds(Int(FFmpegWatchdog.pollMilliseconds))) == .timedOut {
            guard watchdog.hasStalled() else { continue }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // A child the stalled ffmpeg left behind may still hold the pipes: do not wait on it.
            _ = stdout.wait(timeoutMilliseconds: 1000)
            _ = stderr.wait(timeoutMilliseconds: 1000)
            throw ExportError.ffmpegProbeStalled(
                executable: executable, command: arguments, seconds: stallSeconds, stderrTail: stderr.tail())
        }
        process.waitUntilExit()
        stdout.wait()
        stderr.wait()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw ExportError.ffmpegUnusable(
                executable: executable, command: arguments,
                status: process.terminationStatus, stderrTail: stderr.tail())
        }
        return stdout.text()
    }
}
