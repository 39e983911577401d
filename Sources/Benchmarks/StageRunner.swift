import Determinism
import Dispatch
import Export
import Foundation
import PNG
import Raster

extension BenchmarkRunner {
    /// Runs one stage in this process and measures it. `jobs` threads for the parallel stages.
    ///
    /// Clocks: the raster and PNG stages time their loop. Both ffmpeg stages time from launching
    /// ffmpeg to its exit, so they pay the same start-up and flush and differ only in where the
    /// frames come from (rendered on the fly, or from memory filled before the launch).
    /// `options` (StageOptions.swift): the PNG writer of the `png-files` stage, the x264 stages'
    /// render workers' nice value, what both ffmpeg stages pipe (yuv420p is converted as
    /// `VideoWriter` converts for MP4: by the thread that writes, inside the timing for x264-*,
    /// before ffmpeg's launch for ffmpeg-only-*), and every rasterizer's banding.
    package static func runStage(
        _ stage: BenchmarkStage, workload: StandardWorkload, frames: Int,
        jobs: Int, options: StageOptions = StageOptions()
    ) throws -> StageResult {
        let videoInput = options.videoInput
        try workload.prepare()
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
            var rasterizer = Rasterizer(banding: options.banding)
            var canvas = FrameCanvas()
            for f in 0..<rendered { rasterizer.render(lists[f % frames], into: &canvas) }
        case .rasterAllJobs:
            parallelFrames(count: rendered, jobs: jobs, banding: options.banding) { rasterizer, canvas, f in
                rasterizer.render(lists[f % frames], into: &canvas)
            }
        case .rasterAllJobsFull:
            parallelFrames(count: rendered, jobs: jobs, banding: options.banding) { rasterizer, canvas, f in
                canvas.forgetFrame()  // nothing to restore: the whole canvas is cleared every frame
                rasterizer.render(lists[f % frames], into: &canvas)
            }
        case .png:
            try PNGFilesStage.run(lists: lists, jobs: jobs, options: options.png, banding: options.banding)
        case .x264Ultrafast, .x264Medium:
            (childPeak, childCPU) = try rasterIntoX264(lists: lists, stage: stage, jobs: jobs, options: options)
        case .ffmpegUltrafast, .ffmpegMedium:
            return try ffmpegAlone(lists: lists, stage: stage, frames: frames, videoInput: videoInput)
        }
        let elapsed = seconds(since: start)
        let cpu = CPUTime.ownSeconds() - cpuAtStart
        if stage == .rasterOneJob { hash = pixelHash(lists, banding: options.banding) }
        return StageResult(
            frames: rendered, seconds: elapsed, peakKiB: peakResidentKiB(),
            childPeakKiB: childPeak, pixelHash: hash, cpuSeconds: cpu, childCPUSeconds: childCPU)
    }

    /// Rasterizing on `jobs` workers straight into x264 through ffmpeg's stdin; ffmpeg's peak
    /// resident KiB and CPU seconds.
    static func rasterIntoX264(
        lists: [DisplayList], stage: BenchmarkStage, jobs: Int, options: StageOptions
    ) throws -> (Int, Double) {
        let videoInput = options.videoInput
        let ffmpeg = try FFmpegPipe(
            width: lists[0].width, height: lists[0].height, preset: stage.preset ?? "medium",
            frames: videoInput)
        let stream = PipelinedFrames(
            lists: lists, jobs: jobs, workerNice: options.workerNice, banding: options.banding)
        var yuv = YUVFrame(width: lists[0].width, height: lists[0].height, needed: videoInput == .yuv420p)
        try stream.run { rgba in
            if videoInput == .yuv420p {
                rgba.withUnsafeBytes { yuv.convert($0) }
                try ffmpeg.write(yuv.bytes)
            } else {
                try ffmpeg.write(rgba)
            }
        }
        return try ffmpeg.finish()
    }

    /// ffmpeg encoding frames rendered beforehand, timed from its launch.
    static func ffmpegAlone(
        lists: [DisplayList], stage: BenchmarkStage, frames: Int, videoInput: FFmpegCommand.FrameInput
    ) throws -> StageResult {
        let rendered = lists.map { list in
            let rgba = Rasterizer.renderStraightRGBA(list)
            guard videoInput == .yuv420p else { return rgba }
            var yuv = YUVFrame(width: list.width, height: list.height)
            rgba.withUnsafeBytes { yuv.convert($0) }
            return yuv.bytes
        }
        let cpuAtLaunch = CPUTime.ownSeconds()
        let launch = DispatchTime.now()
        let ffmpeg = try FFmpegPipe(
            width: lists[0].width, height: lists[0].height, preset: stage.preset ?? "medium",
            frames: videoInput)
        for rgba in rendered { try ffmpeg.write(rgba) }
        let (childPeak, childCPU) = try ffmpeg.finish()
        return StageResult(
            frames: frames, seconds: seconds(since: launch),
            peakKiB: peakResidentKiB(), childPeakKiB: childPeak, pixelHash: "",
            cpuSeconds: CPUTime.ownSeconds() - cpuAtLaunch, childCPUSeconds: childCPU)
    }

    /// FNV-1a 64 over every frame's pixels, rendered on one thread.
    static func pixelHash(_ lists: [DisplayList], banding: Rasterizer.Banding) -> String {
        var fnv = FNV1a64()
        var rasterizer = Rasterizer(banding: banding)
        var canvas = FrameCanvas()
        for list in lists {
            rasterizer.render(list, into: &canvas)
            fnv.combine(canvas.rgba)
        }
        return fnv.hex
    }

    /// How many times the raster-only stages play the workload's loop per timing.
    package static let rasterLoops = 5

    /// Frames 0 ..< count over `jobs` threads, frame f on worker f mod jobs, each worker with its
    /// own rasterizer (with `banding`) and canvas, reused frame after frame.
    static func parallelFrames(
        count: Int, jobs: Int, banding: Rasterizer.Banding,
        _ body: @escaping @Sendable (inout Rasterizer, inout FrameCanvas, Int) -> Void
    ) {
        DispatchQueue.concurrentPerform(iterations: jobs) { worker in
            var rasterizer = Rasterizer(banding: banding)
            var canvas = FrameCanvas()
            var f = worker
            while f < count {
                body(&rasterizer, &canvas, f)
                f += jobs
            }
        }
    }

    /// This process's peak resident set, KiB (Linux reports ru_maxrss in KiB).
    package static func peakResidentKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }
}
