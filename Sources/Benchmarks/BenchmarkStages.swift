import Dispatch
import Determinism
import Export
import Foundation
import PNG
import Raster

/// The stages `flipbook bench` times for each workload (issue 6). Each runs in its own child
/// process (`flipbook bench --one WORKLOAD --stage STAGE`), so that its peak memory
/// (`getrusage` ru_maxrss) is its own and one stage's buffers never inflate the next's figure.
public enum BenchmarkStage: String, CaseIterable, Sendable {
    /// Rasterizing to straight RGBA bytes in a reused `FrameCanvas` (damage tracking), one thread.
    case rasterOneJob = "raster-1"
    /// The same, frames split over all cores (each worker its own Rasterizer and canvas).
    case rasterAllJobs = "raster-all"
    /// All cores, every frame drawn over a fully cleared canvas (no damage tracking): what other
    /// renderers' benchmarks of this workload do, for a like-for-like comparison.
    case rasterAllJobsFull = "raster-all-full"
    /// Rasterize + PNG encode + write each frame to a file in a temporary folder, all cores.
    case png = "png-files"
    /// Rasterize (all cores, two frames ahead per worker) while a writer thread pipes raw RGBA
    /// into ffmpeg/libx264 in frame order.
    case x264Ultrafast = "x264-ultrafast"
    case x264Medium = "x264-medium"
    /// ffmpeg alone: the same raw frames, rendered into memory beforehand, piped to libx264.
    case ffmpegUltrafast = "ffmpeg-only-ultrafast"
    case ffmpegMedium = "ffmpeg-only-medium"

    var isRasterOnly: Bool { self == .rasterOneJob || self == .rasterAllJobs || self == .rasterAllJobsFull }

    var preset: String? {
        switch self {
        case .x264Ultrafast, .ffmpegUltrafast: "ultrafast"
        case .x264Medium, .ffmpegMedium: "medium"
        default: nil
        }
    }
}

/// What one stage measured.
public struct StageResult: Sendable {
    public var frames: Int
    public var seconds: Double
    /// Peak resident memory of the process that ran the stage, KiB (ru_maxrss).
    public var peakKiB: Int
    /// Peak resident memory of its largest child (ffmpeg), KiB; 0 without one.
    public var childPeakKiB: Int
    /// FNV-1a 64 of every frame's straight RGBA bytes, for the raster stages ("" otherwise).
    public var pixelHash: String
    /// CPU time (user + system) of the stage's own process over the timed part, and of ffmpeg
    /// (0 without one), seconds: with two cores, whether rendering can hide behind encoding is a
    /// question of CPU time, not of wall time.
    public var cpuSeconds: Double = 0
    public var childCPUSeconds: Double = 0

    public var framesPerSecond: Double { Double(frames) / seconds }

    /// One line a parent process parses back (`parse`).
    public var line: String {
        "frames=\(frames) seconds=\(seconds) peak_kib=\(peakKiB) child_peak_kib=\(childPeakKiB) "
            + "cpu=\(cpuSeconds) child_cpu=\(childCPUSeconds) hash=\(pixelHash.isEmpty ? "-" : pixelHash)"
    }

    public static func parse(_ text: String) -> StageResult? {
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("frames=") }) else { return nil }
        var fields: [String: String] = [:]
        for pair in line.split(separator: " ") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
        }
        guard let frames = fields["frames"].flatMap(Int.init), let seconds = fields["seconds"].flatMap(Double.init),
              let peak = fields["peak_kib"].flatMap(Int.init), let child = fields["child_peak_kib"].flatMap(Int.init)
        else { return nil }
        let hash = fields["hash"] ?? "-"
        return StageResult(frames: frames, seconds: seconds, peakKiB: peak, childPeakKiB: child,
                           pixelHash: hash == "-" ? "" : hash,
                           cpuSeconds: fields["cpu"].flatMap(Double.init) ?? 0,
                           childCPUSeconds: fields["child_cpu"].flatMap(Double.init) ?? 0)
    }
}

public enum BenchmarkStageError: Error, CustomStringConvertible {
    case ffmpegNotFound
    case ffmpegFailed(status: Int32, stderrTail: String)
    case childFailed(stage: String, status: Int32, output: String)

    public var description: String {
        switch self {
        case .ffmpegNotFound: "ffmpeg not found on PATH (needed for the x264 and ffmpeg-only stages)"
        case let .ffmpegFailed(status, tail): "ffmpeg exited with status \(status): \(tail)"
        case let .childFailed(stage, status, output): "bench child for \(stage) exited with status \(status): \(output)"
        }
    }
}

extension BenchmarkRunner {
    /// Runs one stage in this process and measures it. `jobs` threads for the parallel stages.
    ///
    /// Clocks: the raster and PNG stages time their loop. Both ffmpeg stages time from launching
    /// ffmpeg to its exit, so they pay the same start-up and flush and differ only in where the
    /// frames come from (rendered on the fly, or from memory filled before the launch).
    public static func runStage(_ stage: BenchmarkStage, workload: StandardWorkload, frames: Int,
                                jobs: Int) throws -> StageResult {
        let lists = (0..<frames).map { workload.displayList(frame: $0) }
        var hash = ""
        var childPeak = 0
        // The raster-only stages play the loop `rasterLoops` times: at thousands of frames per
        // second one 120-frame pass lasts ~30 ms, too short to time against thread start-up and
        // the first touch of each worker's buffers.
        let rendered = stage.isRasterOnly ? frames * Self.rasterLoops : frames
        var childCPU = 0.0
        let cpuAtStart = CPUTime.ownSeconds()
        let start = DispatchTime.now()
        switch stage {
        case .rasterOneJob:
            var rasterizer = Rasterizer()
            var canvas = FrameCanvas()
            for f in 0..<rendered { rasterizer.render(lists[f % frames], into: &canvas) }
        case .rasterAllJobs:
            parallelFrames(count: rendered, jobs: jobs) { rasterizer, canvas, f in
                rasterizer.render(lists[f % frames], into: &canvas)
            }
        case .rasterAllJobsFull:
            parallelFrames(count: rendered, jobs: jobs) { rasterizer, canvas, f in
                canvas.forgetFrame()   // nothing to restore: the whole canvas is cleared every frame
                rasterizer.render(lists[f % frames], into: &canvas)
            }
        case .png:
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("flipbook-bench-\(ProcessInfo.processInfo.processIdentifier)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let failures = Failures()
            parallelFrames(count: frames, jobs: jobs) { rasterizer, canvas, f in
                rasterizer.render(lists[f], into: &canvas)
                do {
                    let png = try PNG.encode(rgba: canvas.rgba, width: lists[f].width, height: lists[f].height)
                    try PNG.writeAtomically(png, to: folder + "/" + String(format: "frame_%05d.png", f))
                } catch { failures.record("\(error)") }
            }
            if let first = failures.first { throw BenchmarkStageError.ffmpegFailed(status: 0, stderrTail: first) }
        case .x264Ultrafast, .x264Medium:
            let ffmpeg = try FFmpegPipe(width: lists[0].width, height: lists[0].height, preset: stage.preset ?? "medium")
            let stream = PipelinedFrames(lists: lists, jobs: jobs)
            try stream.run { try ffmpeg.write($0) }
            (childPeak, childCPU) = try ffmpeg.finish()
        case .ffmpegUltrafast, .ffmpegMedium:
            let rendered = lists.map(Rasterizer.renderStraightRGBA)
            let cpuAtLaunch = CPUTime.ownSeconds()
            let launch = DispatchTime.now()
            let ffmpeg = try FFmpegPipe(width: lists[0].width, height: lists[0].height, preset: stage.preset ?? "medium")
            for rgba in rendered { try ffmpeg.write(rgba) }
            (childPeak, childCPU) = try ffmpeg.finish()
            return StageResult(frames: frames, seconds: seconds(since: launch),
                               peakKiB: peakResidentKiB(), childPeakKiB: childPeak, pixelHash: "",
                               cpuSeconds: CPUTime.ownSeconds() - cpuAtLaunch, childCPUSeconds: childCPU)
        }
        let elapsed = seconds(since: start)
        let cpu = CPUTime.ownSeconds() - cpuAtStart
        if stage == .rasterOneJob {
            var fnv = FNV1a64()
            var rasterizer = Rasterizer()
            var canvas = FrameCanvas()
            for list in lists {
                rasterizer.render(list, into: &canvas)
                fnv.combine(canvas.rgba)
            }
            hash = fnv.hex
        }
        return StageResult(frames: rendered, seconds: elapsed, peakKiB: peakResidentKiB(),
                           childPeakKiB: childPeak, pixelHash: hash, cpuSeconds: cpu, childCPUSeconds: childCPU)
    }

    /// How many times the raster-only stages play the workload's loop per timing.
    public static let rasterLoops = 5

    /// Frames 0 ..< count over `jobs` threads, frame f on worker f mod jobs, each worker with its
    /// own rasterizer and canvas (reused frame after frame).
    static func parallelFrames(count: Int, jobs: Int,
                               _ body: @escaping @Sendable (inout Rasterizer, inout FrameCanvas, Int) -> Void) {
        DispatchQueue.concurrentPerform(iterations: jobs) { worker in
            var rasterizer = Rasterizer()
            var canvas = FrameCanvas()
            var f = worker
            while f < count {
                body(&rasterizer, &canvas, f)
                f += jobs
            }
        }
    }

    /// This process's peak resident set, KiB (Linux reports ru_maxrss in KiB).
    public static func peakResidentKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }
}

/// Renders frames on `jobs` worker threads while the caller's thread consumes them in frame order,
/// so rendering overlaps with writing (and with ffmpeg encoding what was written). Each worker owns
/// two canvases and renders into one while the other is being written: memory stays at 2·jobs
/// frames whatever the frame count, and a worker waits only when both of its canvases are queued.
final class PipelinedFrames: @unchecked Sendable {
    private let lists: [DisplayList]
    private let jobs: Int
    /// Slot 2·worker + (k mod 2) is the canvas of a worker's k-th frame. Fixed storage, so threads
    /// touching different slots never touch a shared array.
    private let canvases: UnsafeMutableBufferPointer<FrameCanvas>
    /// Per worker: canvases free to render into, and frames rendered and not yet consumed.
    private let free: [DispatchSemaphore]
    private let ready: [DispatchSemaphore]
    private let stopLock = NSLock()
    private var stopped = false

    init(lists: [DisplayList], jobs: Int) {
        self.lists = lists
        self.jobs = max(1, min(jobs, lists.count))
        canvases = .allocate(capacity: 2 * self.jobs)
        canvases.initialize(repeating: FrameCanvas())
        // Created at 0 and signalled twice rather than created at 2: libdispatch traps when a
        // semaphore is freed below its initial value, which a stopped run can leave behind.
        free = (0..<self.jobs).map { _ in
            let semaphore = DispatchSemaphore(value: 0)
            semaphore.signal()
            semaphore.signal()
            return semaphore
        }
        ready = (0..<self.jobs).map { _ in DispatchSemaphore(value: 0) }
    }

    deinit {
        canvases.deinitialize()
        canvases.deallocate()
    }

    private var isStopped: Bool { stopLock.lock(); defer { stopLock.unlock() }; return stopped }

    /// Calls `consume` with every frame's straight RGBA bytes, in order. If `consume` throws, the
    /// workers stop and the error is rethrown once they have.
    func run(_ consume: ([UInt8]) throws -> Void) throws {
        let finished = DispatchSemaphore(value: 0)
        for worker in 0..<jobs {
            // Threads of their own (see PeakMemoryMonitor): workers block on `free` by design.
            Thread.detachNewThread { [self] in
                defer { finished.signal() }
                var rasterizer = Rasterizer()
                var k = 0
                var f = worker
                while f < lists.count {
                    free[worker].wait()
                    if isStopped { return }
                    // A slot is touched by its worker until `ready` hands it over, and by the
                    // consumer until `free` hands it back: never by both at once.
                    rasterizer.render(lists[f], into: &canvases[2 * worker + (k & 1)])
                    ready[worker].signal()
                    k += 1
                    f += jobs
                }
            }
        }
        var failure: Error?
        for f in 0..<lists.count {
            let worker = f % jobs, k = f / jobs
            ready[worker].wait()
            do {
                try consume(canvases[2 * worker + (k & 1)].rgba)
            } catch {
                failure = error
                break
            }
            free[worker].signal()
        }
        if failure != nil {
            stopLock.lock(); stopped = true; stopLock.unlock()
            for semaphore in free { semaphore.signal(); semaphore.signal() }
        }
        for _ in 0..<jobs { finished.wait() }
        if let failure { throw failure }
    }
}

/// Pointers handed to concurrentPerform workers that write disjoint elements.
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func record(_ message: String) { lock.lock(); messages.append(message); lock.unlock() }
    var first: String? { lock.lock(); defer { lock.unlock() }; return messages.first }
}

/// ffmpeg reading raw RGBA frames on stdin and encoding them with libx264 to nowhere
/// (`-f null -`): the encoder's full work without disk writes.
final class FFmpegPipe {
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private var stderrData = Data()
    private let stderrDone = DispatchSemaphore(value: 0)
    private let peak = PeakMemoryMonitor()
    private let childCPUAtLaunch = CPUTime.childrenSeconds()

    init(width: Int, height: Int, preset: String) throws {
        guard let ffmpeg = FFmpegPipe.locate() else { throw BenchmarkStageError.ffmpegNotFound }
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgba",
                             "-s", "\(width)x\(height)", "-r", "60", "-i", "-",
                             "-c:v", "libx264", "-preset", preset, "-pix_fmt", "yuv420p", "-f", "null", "-"]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        peak.start(pid: process.processIdentifier)
        // The same 1 MiB pipe the product's FFmpegProcess uses; both ffmpeg stages get it.
        widenPipe(input.fileHandleForWriting.fileDescriptor)
        let handle = errors.fileHandleForReading
        Thread.detachNewThread { [self] in
            stderrData = handle.readDataToEndOfFile()
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
                    throw BenchmarkStageError.ffmpegFailed(status: -1, stderrTail: "write to ffmpeg failed: errno \(errno)")
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
            let tail = String(decoding: stderrData.suffix(400), as: UTF8.self)
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
        let p = Process(), out = Pipe()
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
final class PeakMemoryMonitor: @unchecked Sendable {
    private let lock = NSLock()
    private var running = false
    private var maximum = 0
    private let done = DispatchSemaphore(value: 0)

    func start(pid: Int32) {
        lock.lock(); running = true; lock.unlock()
        // A thread of its own, not a Dispatch worker: a worker blocked in sleep or read starves
        // Dispatch's pool on a 2-core machine, and work queued behind it waits ~1 s for a new one.
        Thread.detachNewThread { [self] in
            while true {
                let kib = Self.highWaterKiB(pid: pid)
                lock.lock()
                maximum = max(maximum, kib)
                let stillRunning = running
                lock.unlock()
                if !stillRunning { break }
                usleep(10_000)
            }
            done.signal()
        }
    }

    /// Stops sampling and returns the largest VmHWM seen, KiB.
    func stop() -> Int {
        lock.lock(); running = false; lock.unlock()
        done.wait()
        lock.lock(); defer { lock.unlock() }
        return maximum
    }

    static func highWaterKiB(pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

/// The machine and the build, printed above the figures.
public enum MachineFacts {
    public static var report: String {
        var lines: [String] = []
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?" } ?? "unknown"
        lines.append("machine: \(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
                     + "\(ProcessInfo.processInfo.physicalMemory >> 20) MiB RAM")
        lines.append("build:   \(swiftVersion), \(buildConfiguration)")
        // The kernels are picked at run time from the CPU: figures from machines that pick
        // differently are not like for like.
        lines.append("kernels: \(RasterKernels.selection)")
        lines.append("ffmpeg:  \(FFmpegPipe.versionLine())")
        return lines.joined(separator: "\n")
    }

    static var swiftVersion: String {
        #if compiler(>=6.3)
        "Swift ≥ 6.3"
        #elseif compiler(>=6.2)
        "Swift 6.2"
        #elseif compiler(>=6.1)
        "Swift 6.1"
        #else
        "Swift 6.0"
        #endif
    }

    static var buildConfiguration: String {
        #if DEBUG
        "DEBUG build (figures mean nothing: build with -c release)"
        #else
        "release build"
        #endif
    }
}

/// Runs every stage of every workload in child processes and formats the table.
public enum BenchmarkSuite {
    /// `executable` is the flipbook binary; each child runs
    /// `executable bench --one WORKLOAD --stage STAGE --frames N --jobs J` and prints a
    /// `StageResult.line`.
    public static func run(executable: String, workloads: [StandardWorkload], stages: [BenchmarkStage],
                           frames: Int, jobs: Int, repeats: Int = 1, progress: (String) -> Void) throws -> String {
        var lines = [
            "workload     stage                   frames    fps      ms/frame  peak MiB  ffmpeg MiB  CPU ms/frame: own  ffmpeg  pixel hash",
        ]
        for workload in workloads {
            for stage in stages {
                let stageJobs = stage == .rasterOneJob ? 1 : jobs
                progress("\(workload.name) \(stage.rawValue)…")
                // Each repeat is a fresh child; the median run (by frames per second) is shown.
                var results: [StageResult] = []
                for _ in 0..<max(1, repeats) {
                    results.append(try runChild(executable: executable, workload: workload.name, stage: stage,
                                                frames: frames, jobs: stageJobs))
                }
                let result = results.sorted { $0.framesPerSecond < $1.framesPerSecond }[results.count / 2]
                let name = workload.name.padding(toLength: 12, withPad: " ", startingAt: 0)
                let stageName = (stage.rawValue + (stage == .rasterAllJobs || stage == .png ? " (\(stageJobs) jobs)" : ""))
                    .padding(toLength: 22, withPad: " ", startingAt: 0)
                lines.append("\(name) \(stageName)" + String(format: "  %6d  %8.1f  %8.3f  %8.1f  %10.1f  %17.3f  %6.3f  ",
                    result.frames, result.framesPerSecond, 1000 / result.framesPerSecond,
                    Double(result.peakKiB) / 1024, Double(result.childPeakKiB) / 1024,
                    1000 * result.cpuSeconds / Double(result.frames),
                    1000 * result.childCPUSeconds / Double(result.frames)) + result.pixelHash)
            }
        }
        return lines.joined(separator: "\n")
    }

    static func runChild(executable: String, workload: String, stage: BenchmarkStage, frames: Int,
                         jobs: Int) throws -> StageResult {
        let p = Process(), out = Pipe()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = ["bench", "--one", workload, "--stage", stage.rawValue, "--frames", "\(frames)", "--jobs", "\(jobs)"]
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard p.terminationStatus == 0, let result = StageResult.parse(text) else {
            throw BenchmarkStageError.childFailed(stage: "\(workload) \(stage.rawValue)", status: p.terminationStatus,
                                                  output: String(text.suffix(400)))
        }
        return result
    }
}
