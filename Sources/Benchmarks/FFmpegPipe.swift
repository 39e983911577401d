import Dispatch
import Export
import Foundation
import Synchronization

/// ffmpeg reading raw frames (RGBA, or yuv420p as the product's MP4 writer sends them) on stdin
/// and encoding them with libx264 to nowhere (`-f null -`): the encoder's full work without disk
/// writes. Sendable: its stderr is read on a thread of its own, so what that thread fills in
/// lives behind a `Mutex`.
final class FFmpegPipe: Sendable {
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private let stderrData = Mutex(Data())
    private let stderrDone = DispatchSemaphore(value: 0)
    private let peak = PeakMemoryMonitor()
    private let childCPUAtLaunch = CPUTime.childrenSeconds()

    /// `frames`: what is written to it, RGBA (ffmpeg converts to yuv420p) or yuv420p.
    init(width: Int, height: Int, preset: String, frames: FFmpegCommand.FrameInput) throws {
        guard let ffmpeg = FFmpegPipe.locate() else { throw BenchmarkStageError.ffmpegNotFound }
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", frames == .yuv420p ? "yuv420p" : "rgba",
            "-s", "\(width)x\(height)", "-r", "60", "-i", "-",
            "-c:v", "libx264", "-preset", preset, "-pix_fmt", "yuv420p", "-f", "null", "-",
        ]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        peak.start(pid: process.processIdentifier)
        // The same 1 MiB pipe the product's FFmpegProcess uses; both ffmpeg stages get it.
        widenPipe(input.fileHandleForWriting.fileDescriptor)
        let handle = errors.fileHandleForReading
        Thread.detachNewThread { [self] in
            let all = handle.readDataToEndOfFile()
            stderrData.withLock { $0 = all }
            stderrDone.signal()
        }
    }

    func write(_ rgba: [UInt8]) throws {
        let fd = input.fileHandleForWriting.fileDescriptor
        try rgba.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw BenchmarkStageError.ffmpegFailed(
                        status: -1, stderrTail: "write to ffmpeg failed: errno \(errno)")
                }
                offset += n
            }
        }
    }

    /// Closes stdin, waits, and returns ffmpeg's peak resident set (KiB) and CPU time (seconds).
    func finish() throws -> (peakKiB: Int, cpuSeconds: Double) {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        stderrDone.wait()
        let peakKiB = peak.stop()
        guard process.terminationStatus == 0 else {
            let tail = stderrData.withLock { String(decoding: $0.suffix(400), as: UTF8.self) }
            throw BenchmarkStageError.ffmpegFailed(status: process.terminationStatus, stderrTail: tail)
        }
        // Waited-for children's CPU time is exact in RUSAGE_CHILDREN (unlike their peak memory,
        // see PeakMemoryMonitor); ffmpeg is the only child a stage starts.
        return (peakKiB, CPUTime.childrenSeconds() - childCPUAtLaunch)
    }

    /// The ffmpeg the product itself would use (Export's locator), nil when there is none.
    static func locate() -> String? { try? FFmpegLocator.ffmpeg() }

    static func versionLine() -> String {
        guard let ffmpeg = locate() else { return "not found" }
        let p = Process()
        let out = Pipe()
        p.executableURL = URL(fileURLWithPath: ffmpeg)
        p.arguments = ["-hide_banner", "-version"]
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return "not runnable" }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "?"
    }
}

/// User + system CPU time from getrusage.
enum CPUTime {
    static func ownSeconds() -> Double { seconds(RUSAGE_SELF) }
    static func childrenSeconds() -> Double { seconds(RUSAGE_CHILDREN) }

    private static func seconds(_ who: __rusage_who) -> Double {
        var usage = rusage()
        getrusage(who.rawValue, &usage)
        func value(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return value(usage.ru_utime) + value(usage.ru_stime)
    }
}

/// Samples a child's peak resident set (VmHWM in /proc/PID/status) every 10 ms until stopped.
///
/// Why not `getrusage(RUSAGE_CHILDREN)`: Linux carries the parent's peak over into a child it
/// spawns (exec saves the old address space's high-water mark), so a bench process holding
/// 1 GB of pre-rendered frames would see ffmpeg charged 1 GB. VmHWM is the new program's own.
final class PeakMemoryMonitor: Sendable {
    private let state = Mutex((running: false, maximum: 0))
    private let done = DispatchSemaphore(value: 0)

    func start(pid: Int32) {
        state.withLock { $0.running = true }
        // A thread of its own, not a Dispatch worker: a worker blocked in sleep or read starves
        // Dispatch's pool on a 2-core machine, and work queued behind it waits ~1 s for a new one.
        Thread.detachNewThread { [self] in
            while true {
                let kib = Self.highWaterKiB(pid: pid)
                let stillRunning = state.withLock { state in
                    state.maximum = max(state.maximum, kib)
                    return state.running
                }
                if !stillRunning { break }
                usleep(10_000)
            }
            done.signal()
        }
    }

    /// Stops sampling and returns the largest VmHWM seen, KiB.
    func stop() -> Int {
        state.withLock { $0.running = false }
        done.wait()
        return state.withLock { $0.maximum }
    }

    static func highWaterKiB(pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
