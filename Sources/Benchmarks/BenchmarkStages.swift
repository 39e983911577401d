import Dispatch
import Determinism
import Foundation
import PNG
import Raster

/// The stages `flipbook bench` times for each workload (issue 6). Each runs in its own child
/// process (`flipbook bench --one WORKLOAD --stage STAGE`), so that its peak memory
/// (`getrusage` ru_maxrss) is its own and one stage's buffers never inflate the next's figure.
public enum BenchmarkStage: String, CaseIterable, Sendable {
    /// Rasterizing to straight RGBA bytes (`Rasterizer.renderStraightRGBA(_:into:)`), one thread.
    case rasterOneJob = "raster-1"
    /// The same, frames split over all cores (each worker its own Rasterizer and buffer).
    case rasterAllJobs = "raster-all"
    /// Rasterize + PNG encode + write each frame to a file in a temporary folder, all cores.
    case png = "png-files"
    /// Rasterize (all cores, a bounded batch ahead) and pipe raw RGBA into ffmpeg/libx264.
    case x264Ultrafast = "x264-ultrafast"
    case x264Medium = "x264-medium"
    /// ffmpeg alone: the same raw frames, rendered into memory beforehand, piped to libx264.
    case ffmpegUltrafast = "ffmpeg-only-ultrafast"
    case ffmpegMedium = "ffmpeg-only-medium"

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

    public var framesPerSecond: Double { Double(frames) / seconds }

    /// One line a parent process parses back (`parse`).
    public var line: String {
        "frames=\(frames) seconds=\(seconds) peak_kib=\(peakKiB) child_peak_kib=\(childPeakKiB) hash=\(pixelHash.isEmpty ? "-" : pixelHash)"
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
                           pixelHash: hash == "-" ? "" : hash)
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
    public static func runStage(_ stage: BenchmarkStage, workload: StandardWorkload, frames: Int,
                                jobs: Int) throws -> StageResult {
        let lists = (0..<frames).map { workload.displayList(frame: $0) }
        var hash = ""
        var childPeak = 0
        let start = DispatchTime.now()
        switch stage {
        case .rasterOneJob:
            var rasterizer = Rasterizer()
            var rgba: [UInt8] = []
            for list in lists { rasterizer.renderStraightRGBA(list, into: &rgba) }
        case .rasterAllJobs:
            parallelFrames(count: frames, jobs: jobs) { rasterizer, rgba, f in
                rasterizer.renderStraightRGBA(lists[f], into: &rgba)
            }
        case .png:
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("flipbook-bench-\(ProcessInfo.processInfo.processIdentifier)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let failures = Failures()
            parallelFrames(count: frames, jobs: jobs) { rasterizer, rgba, f in
                rasterizer.renderStraightRGBA(lists[f], into: &rgba)
                do {
                    let png = try PNG.encode(rgba: rgba, width: lists[f].width, height: lists[f].height)
                    try PNG.writeAtomically(png, to: folder + "/" + String(format: "frame_%05d.png", f))
                } catch { failures.record("\(error)") }
            }
            if let first = failures.first { throw BenchmarkStageError.ffmpegFailed(status: 0, stderrTail: first) }
        case .x264Ultrafast, .x264Medium:
            let ffmpeg = try FFmpegPipe(width: lists[0].width, height: lists[0].height, preset: stage.preset ?? "medium")
            // Render a batch of `jobs` frames in parallel, then write them in order: memory stays
            // at `jobs` frames whatever the frame count.
            var batch = [[UInt8]](repeating: [], count: jobs)
            var rasterizers = [Rasterizer](repeating: Rasterizer(), count: jobs)
            var first = 0
            while first < frames {
                let n = min(jobs, frames - first)
                batch.withUnsafeMutableBufferPointer { batch in
                    rasterizers.withUnsafeMutableBufferPointer { rasterizers in
                        let b = UncheckedSendable(batch), r = UncheckedSendable(rasterizers)
                        DispatchQueue.concurrentPerform(iterations: n) { i in
                            r.value[i].renderStraightRGBA(lists[first + i], into: &b.value[i])
                        }
                    }
                }
                for i in 0..<n { try ffmpeg.write(batch[i]) }
                first += n
            }
            childPeak = try ffmpeg.finish()
        case .ffmpegUltrafast, .ffmpegMedium:
            // ffmpeg starts first, while this process is small: Linux carries a process's peak
            // RSS over into the children it spawns, which would charge them the frames below.
            let ffmpeg = try FFmpegPipe(width: lists[0].width, height: lists[0].height, preset: stage.preset ?? "medium")
            let rendered = lists.map(Rasterizer.renderStraightRGBA)
            let encodeStart = DispatchTime.now()
            for rgba in rendered { try ffmpeg.write(rgba) }
            childPeak = try ffmpeg.finish()
            return StageResult(frames: frames, seconds: seconds(since: encodeStart),
                               peakKiB: peakResidentKiB(), childPeakKiB: childPeak, pixelHash: "")
        }
        let elapsed = seconds(since: start)
        if stage == .rasterOneJob {
            var fnv = FNV1a64()
            var rasterizer = Rasterizer()
            var rgba: [UInt8] = []
            for list in lists {
                rasterizer.renderStraightRGBA(list, into: &rgba)
                fnv.combine(rgba)
            }
            hash = fnv.hex
        }
        return StageResult(frames: frames, seconds: elapsed, peakKiB: peakResidentKiB(),
                           childPeakKiB: childPeak, pixelHash: hash)
    }

    /// Frames 0 ..< count over `jobs` threads, frame f on worker f mod jobs, each worker with its
    /// own rasterizer and byte buffer (reused frame after frame).
    static func parallelFrames(count: Int, jobs: Int,
                               _ body: @escaping @Sendable (inout Rasterizer, inout [UInt8], Int) -> Void) {
        DispatchQueue.concurrentPerform(iterations: jobs) { worker in
            var rasterizer = Rasterizer()
            var rgba: [UInt8] = []
            var f = worker
            while f < count {
                body(&rasterizer, &rgba, f)
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
        let handle = errors.fileHandleForReading
        DispatchQueue.global().async { [self] in
            stderrData = handle.readDataToEndOfFile()
            stderrDone.signal()
        }
    }

    func write(_ rgba: [UInt8]) throws {
        try rgba.withUnsafeBytes { try input.fileHandleForWriting.write(contentsOf: $0) }
    }

    /// Closes stdin, waits, and returns ffmpeg's peak resident set in KiB.
    func finish() throws -> Int {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        stderrDone.wait()
        guard process.terminationStatus == 0 else {
            let tail = String(decoding: stderrData.suffix(400), as: UTF8.self)
            throw BenchmarkStageError.ffmpegFailed(status: process.terminationStatus, stderrTail: tail)
        }
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return usage.ru_maxrss
    }

    /// The first executable `ffmpeg` on PATH. (Export has a locator too; Benchmarks does not
    /// depend on Export so that the bench builds while Export is being changed.)
    static func locate() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = String(dir) + "/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

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

/// The machine and the build, printed above the figures.
public enum MachineFacts {
    public static var report: String {
        var lines: [String] = []
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?" } ?? "unknown"
        lines.append("machine: \(model ?? "unknown"), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
                     + "\(ProcessInfo.processInfo.physicalMemory >> 20) MiB RAM")
        lines.append("build:   \(swiftVersion), \(buildConfiguration)")
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
                           frames: Int, jobs: Int, progress: (String) -> Void) throws -> String {
        var lines = [
            "workload     stage                   frames    fps      ms/frame  peak MiB  ffmpeg MiB  pixel hash",
        ]
        for workload in workloads {
            for stage in stages {
                let stageJobs = stage == .rasterOneJob ? 1 : jobs
                progress("\(workload.name) \(stage.rawValue)…")
                let result = try runChild(executable: executable, workload: workload.name, stage: stage,
                                          frames: frames, jobs: stageJobs)
                let name = workload.name.padding(toLength: 12, withPad: " ", startingAt: 0)
                let stageName = (stage.rawValue + (stage == .rasterAllJobs || stage == .png ? " (\(stageJobs) jobs)" : ""))
                    .padding(toLength: 22, withPad: " ", startingAt: 0)
                lines.append("\(name) \(stageName)" + String(format: "  %6d  %8.1f  %8.3f  %8.1f  %10.1f  ",
                    result.frames, result.framesPerSecond, 1000 / result.framesPerSecond,
                    Double(result.peakKiB) / 1024, Double(result.childPeakKiB) / 1024) + result.pixelHash)
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
