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
            let (width, height) = (workload.displayListSize.width, workload.displayListSize.height)
            summaries.append(
                summary(
                    workload: workload.name, medians: medians,
                    memsetFloor: memsetFloor(width: width, height: height), blendFloor: blendFloor(workload)))
        }
        return (lines + [""] + summaries).joined(separator: "\n")
    }

    /// One line per workload: frames/s of every stage run, ffmpeg's ratio when both x264 stages
    /// ran, the memset floor and, for the standard rectangles, the blend floor. For example:
    /// `summary large-n256: raster-1 291 | raster-all 558 | png-files 62.3 | x264-ultrafast 76.8 (0.90 of ffmpeg alone) | memset floor 3010 fps | blend floor 1200 fps`
    package static func summary(
        workload: String, medians: [(BenchmarkStage, StageResult)], memsetFloor: Double, blendFloor: Double? = nil
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
        parts.append("memset floor \(fps(memsetFloor)) fps")
        if let blendFloor { parts.append("blend floor \(fps(blendFloor)) fps") }
        return "summary \(workload): " + parts.joined(separator: " | ")
    }

    /// Frames per second of the cheapest possible frame: one thread filling a width × height RGBA
    /// buffer with the background colour (what every renderer pays at least once a frame), the
    /// fastest of 5 rounds of 20 frames. A ceiling no stage can pass, to read the others against.
    package static func memsetFloor(width: Int, height: Int) -> Double {
        var buffer = [UInt32](repeating: 0, count: width * height)
        var best = Double.infinity
        for round in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            for frame in 0..<20 {
                let value = UInt32(truncatingIfNeeded: 0xF7F2_F2FF &+ round &+ frame)
                buffer.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / 20)
        }
        precondition(buffer[width * height / 2] != 0, "the buffer was filled")
        return 1 / best
    }

    /// Frames per second of a frame that is nothing but its translucent pixels: one thread
    /// filling the canvas with the background, then blending each rectangle's colour over the
    /// box `blendFloorBoxes` gives it with the sweep's span blend (`RasterKernels.blend`), the
    /// fastest of 5 rounds of 20 frames. As many pixels blended as the frame's rectangles cover,
    /// with no edge, coverage or geometry: a ceiling for the rectangle core, as the memset floor
    /// is for every stage. Nil for workloads that are not the standard rectangles.
    package static func blendFloor(_ workload: StandardWorkload) -> Double? {
        guard workload.kind == .rects else { return nil }
        let list = workload.displayList(frame: 0)
        let boxes = blendFloorBoxes(of: list)
        var pixmap = Pixmap(width: list.width, height: list.height)
        var best = Double.infinity
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<20 {
                pixmap.fill(list.background)
                for (box, colour) in boxes { RasterKernels.blend(colour, over: box, in: &pixmap) }
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / 20)
        }
        return 1 / best
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
