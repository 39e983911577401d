import Dispatch
import Export
import Foundation
import PNG
import Raster

/// The machine and the build, printed above the figures.
package enum MachineFacts {
    package static var report: String {
        var lines: [String] = []
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?" }
            ?? "unknown"
        lines.append(
            "machine: \(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
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
package enum BenchmarkSuite {
    /// `executable` is the flipbook binary; each child runs
    /// `executable bench --one WORKLOAD --stage STAGE --frames N --jobs J` and prints a
    /// `StageResult.line`.
    package static func run(
        executable: String, workloads: [StandardWorkload], stages: [BenchmarkStage],
        frames: Int, jobs: Int, repeats: Int = 1, options: StageOptions = StageOptions(),
        progress: (String) -> Void
    ) throws -> String {
        var lines = [
            "workload     stage                   frames    fps      ms/frame  peak MiB  ffmpeg MiB  CPU ms/frame: own  ffmpeg  pixel hash"
        ]
        var summaries: [String] = []
        for workload in workloads {
            var medians: [(BenchmarkStage, StageResult)] = []
            for stage in stages {
                let stageJobs = stage == .rasterOneJob ? 1 : jobs
                progress("\(workload.name) \(stage.rawValue)…")
                // Each repeat is a fresh child; the median run (by frames per second) is shown.
                var results: [StageResult] = []
                for _ in 0..<max(1, repeats) {
                    results.append(
                        try runChild(
                            executable: executable, workload: workload.name, stage: stage,
                            frames: frames, jobs: stageJobs, options: options))
                }
                let result = results.sorted { $0.framesPerSecond < $1.framesPerSecond }[results.count / 2]
                medians.append((stage, result))
                let name = workload.name.padding(toLength: 12, withPad: " ", startingAt: 0)
                let stageName =
                    (stage.rawValue + (stage == .rasterAllJobs || stage == .png ? " (\(stageJobs) jobs)" : ""))
                    .padding(toLength: 22, withPad: " ", startingAt: 0)
                lines.append(
                    "\(name) \(stageName)"
                        + String(
                            format: "  %6d  %8.1f  %8.3f  %8.1f  %10.1f  %17.3f  %6.3f  ",
                            result.frames, result.framesPerSecond, 1000 / result.framesPerSecond,
                            Double(result.peakKiB) / 1024, Double(result.childPeakKiB) / 1024,
                            1000 * result.cpuSeconds / Double(result.frames),
                            1000 * result.childCPUSeconds / Double(result.frames)) + result.pixelHash)
            }
            // The floors at one thread, and at the parallel stages' jobs when any of them ran.
            let floorJobs = [1] + (jobs > 1 && stages.contains { $0 != .rasterOneJob } ? [jobs] : [])
            summaries.append(
                summary(workload: workload.name, medians: medians, floors: floorJobs.map { floors(workload, jobs: $0) })
            )
        }
        return (lines + [""] + summaries).joined(separator: "\n")
    }

    /// One line per workload: frames/s of every stage run, ffmpeg's ratio when both x264 stages
    /// ran, the memset floor and, for the standard rectangles, the blend floor, each at one thread
    /// and then at every other number of jobs in `floors`. For example:
    /// `summary large-n256: raster-1 291 | raster-all 558 | png-files 62.3 | x264-ultrafast 76.8 (0.90 of ffmpeg alone) | memset floor 3010 fps, 2 jobs 5800 | blend floor 1200 fps, 2 jobs 2200`
    package static func summary(
        workload: String, medians: [(BenchmarkStage, StageResult)], floors: [BenchmarkFloors]
    ) -> String {
        func fps(_ value: Double) -> String {
            value >= 100 ? String(Int(value.rounded())) : String(format: "%.1f", value)
        }
        var parts: [String] = []
        for (stage, result) in medians {
            var part = "\(stage.rawValue) \(fps(result.framesPerSecond))"
            if stage == .x264Ultrafast || stage == .x264Medium,
                let alone = medians.first(where: {
                    $0.0 == (stage == .x264Ultrafast ? .ffmpegUltrafast : .ffmpegMedium)
                })
            {
                part += String(format: " (%.2f of ffmpeg alone)", result.framesPerSecond / alone.1.framesPerSecond)
            }
            parts.append(part)
        }
        // "N fps" at one thread, ", J jobs N" after it for the others.
        func floorPart(_ name: String, _ value: (BenchmarkFloors) -> Double?) -> String? {
            let figures = floors.compactMap { f in value(f).map { (f.jobs, $0) } }
            guard !figures.isEmpty else { return nil }
            return "\(name) "
                + figures.map { jobs, rate in jobs == 1 ? "\(fps(rate)) fps" : "\(jobs) jobs \(fps(rate))" }
                .joined(separator: ", ")
        }
        if let memset = floorPart("memset floor", \.memset) { parts.append(memset) }
        if let blend = floorPart("blend floor", \.blend) { parts.append(blend) }
        return "summary \(workload): " + parts.joined(separator: " | ")
    }

    /// `workload`'s floors at `jobs` threads.
    package static func floors(_ workload: StandardWorkload, jobs: Int) -> BenchmarkFloors {
        let size = workload.displayListSize
        return BenchmarkFloors(
            jobs: jobs, memset: memsetFloor(width: size.width, height: size.height, jobs: jobs),
            blend: blendFloor(workload, jobs: jobs))
    }

    /// Frames per second of the cheapest possible frame: filling a width × height RGBA buffer
    /// with the background colour (what every renderer pays at least once a frame). A ceiling no
    /// stage can pass, to read the others against; at `jobs` threads, each filling a buffer of its
    /// own, as the parallel stages give each worker whole frames (their shared limit is the
    /// memory's bandwidth).
    package static func memsetFloor(width: Int, height: Int, jobs: Int = 1) -> Double {
        floorRate(jobs: jobs, canvas: [UInt32](repeating: 0, count: width * height)) { buffer, frame in
            let value = UInt32(truncatingIfNeeded: 0xF7F2_F2FF &+ frame)
            buffer.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
            precondition(buffer[width * height / 2] == value, "the buffer was filled")
        }.framesPerSecond
    }

    /// Frames per second of a frame that is nothing but its translucent pixels: the canvas filled
    /// with the background, then each rectangle's colour blended over the box `blendFloorBoxes`
    /// gives it with the sweep's span blend (`RasterKernels.blend`). As many pixels blended as
    /// the frame's rectangles cover, with no edge, coverage or geometry: a ceiling for the
    /// rectangle core, as the memset floor is for every stage; at `jobs` threads as that one.
    /// Nil for workloads that are not the standard rectangles.
    package static func blendFloor(_ workload: StandardWorkload, jobs: Int = 1) -> Double? {
        guard workload.kind == .rects else { return nil }
        let list = workload.displayList(frame: 0)
        let boxes = blendFloorBoxes(of: list)
        return floorRate(jobs: jobs, canvas: Pixmap(width: list.width, height: list.height)) { pixmap, _ in
            pixmap.fill(list.background)
            for (box, colour) in boxes { RasterKernels.blend(colour, over: box, in: &pixmap) }
        }.framesPerSecond
    }

    /// The best of 5 rounds in which each of `jobs` threads draws 20 frames (numbered on from
    /// round to round) into a canvas of its own, made before the clock starts (`canvas` is
    /// evaluated once a thread): frames per second of wall time, all threads together, and the
    /// canvases as the last round left them.
    static func floorRate<Canvas>(
        jobs: Int, canvas: @autoclosure () -> Canvas, frame: @escaping @Sendable (inout Canvas, Int) -> Void
    ) -> (framesPerSecond: Double, canvases: [Canvas]) {
        let canvases = (0..<max(jobs, 1)).map { _ in FloorCanvas(canvas()) }
        var best = Double.infinity
        for round in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            DispatchQueue.concurrentPerform(iterations: canvases.count) { job in
                for f in 0..<20 { frame(&canvases[job].canvas, round * 20 + f) }
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return (Double(20 * canvases.count) / best, canvases.map(\.canvas))
    }

    /// Each rectangle of `list` (a rectangle workload's first frame) as the blend floor draws it:
    /// its w × h box, unturned, about its centre (whole pixels, clipped to the canvas), and its
    /// colour as the sweep blends its inside (premultiplied, faded by its opacity).
    package static func blendFloorBoxes(of list: DisplayList) -> [(box: IntRect, colour: PremultipliedRGBA8)] {
        let canvas = IntRect(x: 0, y: 0, width: list.width, height: list.height)!
        return list.rects.map { rect in
            let (w, h) = (rect.size.width.rounded(), rect.size.height.rounded())
            let x = (rect.transform.tx - w / 2).rounded(.down)
            let y = (rect.transform.ty - h / 2).rounded(.down)
            let box = IntRect(x: Int(x), y: Int(y), width: Int(w), height: Int(h))!.intersection(canvas)
            let paint = LayerPaint(fill: rect.fill, border: .clear, opacity: rect.opacity)
            return (box, paint.color(fillCoverage: 255, borderCoverage: 0))
        }
    }

    static func runChild(
        executable: String, workload: String, stage: BenchmarkStage, frames: Int,
        jobs: Int, options: StageOptions
    ) throws -> StageResult {
        let p = Process()
        let out = Pipe()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments =
            [
                "bench", "--one", workload, "--stage", stage.rawValue, "--frames", "\(frames)", "--jobs", "\(jobs)",
            ] + options.arguments
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard p.terminationStatus == 0, let result = StageResult.parse(text) else {
            throw BenchmarkStageError.childFailed(
                stage: "\(workload) \(stage.rawValue)", status: p.terminationStatus,
                output: String(text.suffix(400)))
        }
        return result
    }
}

/// A floor's figures at one number of threads, frames per second (`BenchmarkSuite.floors`).
package struct BenchmarkFloors: Equatable, Sendable {
    package var jobs: Int
    package var memset: Double
    /// Nil for workloads that are not the standard rectangles.
    package var blend: Double?
}

/// One thread's canvas in `BenchmarkSuite.floorRate`: each thread touches only its own.
private final class FloorCanvas<Canvas>: @unchecked Sendable {
    var canvas: Canvas
    init(_ canvas: Canvas) { self.canvas = canvas }
}
