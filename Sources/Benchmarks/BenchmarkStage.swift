import Foundation

/// The stages `flipbook bench` times for each workload. Each runs in its own child
/// process (`flipbook bench --one WORKLOAD --stage STAGE`), so that its peak memory
/// (`getrusage` ru_maxrss) is its own and one stage's buffers never inflate the next's figure.
package enum BenchmarkStage: String, CaseIterable, Sendable {
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
package struct StageResult: Sendable {
    package var frames: Int
    package var seconds: Double
    /// Peak resident memory of the process that ran the stage, KiB (ru_maxrss).
    package var peakKiB: Int
    /// Peak resident memory of its largest child (ffmpeg), KiB; 0 without one.
    package var childPeakKiB: Int
    /// FNV-1a 64 of every frame's straight RGBA bytes, for the raster stages ("" otherwise).
    package var pixelHash: String
    /// CPU time (user + system) of the stage's own process over the timed part, and of ffmpeg
    /// (0 without one), seconds: with two cores, whether rendering can hide behind encoding is a
    /// question of CPU time, not of wall time.
    package var cpuSeconds: Double = 0
    package var childCPUSeconds: Double = 0

    package var framesPerSecond: Double { Double(frames) / seconds }

    /// One line a parent process parses back (`parse`).
    package var line: String {
        "frames=\(frames) seconds=\(seconds) peak_kib=\(peakKiB) child_peak_kib=\(childPeakKiB) "
            + "cpu=\(cpuSeconds) child_cpu=\(childCPUSeconds) hash=\(pixelHash.isEmpty ? "-" : pixelHash)"
    }

    package static func parse(_ text: String) -> StageResult? {
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
        return StageResult(
            frames: frames, seconds: seconds, peakKiB: peak, childPeakKiB: child,
            pixelHash: hash == "-" ? "" : hash,
            cpuSeconds: fields["cpu"].flatMap(Double.init) ?? 0,
            childCPUSeconds: fields["child_cpu"].flatMap(Double.init) ?? 0)
    }
}

package enum BenchmarkStageError: Error, CustomStringConvertible {
    case ffmpegNotFound
    case ffmpegFailed(status: Int32, stderrTail: String)
    case childFailed(stage: String, status: Int32, output: String)
    /// Something a workload needs outside the code (a font), with the fix.
    case missingResource(String)

    package var description: String {
        switch self {
        case .ffmpegNotFound: "ffmpeg not found on PATH (needed for the x264 and ffmpeg-only stages)"
        case .ffmpegFailed(let status, let tail): "ffmpeg exited with status \(status): \(tail)"
        case .childFailed(let stage, let status, let output):
            "bench child for \(stage) exited with status \(status): \(output)"
        case .missingResource(let message): message
        }
    }
}
