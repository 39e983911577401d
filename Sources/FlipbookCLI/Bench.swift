import ArgumentParser
import Benchmarks
import Foundation
import PNG
import Raster

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time the standard workload (../shared/bench/WORKLOAD.md): rasterizing and PNG encoding.",
        discussion: "Build in release mode first (`swift build -c release`); debug figures mean nothing.")

    @Option(name: .long, help: "Workloads to run: small-n16, small-n256, large-n16, large-n256 (default: these four), icons (200 icons of 24-48 px at 1080p).")
    var workload: [String] = []

    @Option(name: .long, help: "Frames per workload (the loop has 120).")
    var frames: Int = 120

    @Option(name: .long, help: "Also write each workload's frame 0 as <DIR>/<workload>.png, to compare pixels with other renderers.")
    var saveFrames: String?

    @Option(name: .customLong("repeat"), help: "Run each stage this many times (each in a fresh child process) and show the median run.")
    var repeats: Int = 3

    @Option(name: .long, help: "Threads for the parallel stages (default: all cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .long, help: "Stages to run: \(BenchmarkStage.allCases.map(\.rawValue).joined(separator: ", ")) (default: all).")
    var stage: [String] = []

    @Option(name: .long, help: "Run one workload's stages in this process and print a machine-readable line (what the full bench runs in child processes, so each stage's peak memory is its own).")
    var one: String?

    @Flag(name: .long, help: "Only the old in-process table (raster ms/frame, PNG ms/frame, pixel hash).")
    var quick = false

    @Flag(name: .long, help: "Instead, compare zlib level × strategy × PNG filter on two 640×1136 frames (how the PNG defaults were chosen).")
    var png = false

    @Flag(name: .long, help: "Instead, time the text workload (40 labels × 50 glyphs at 1080p; moving, still and uncached) on one thread and print glyphs/s.")
    var text = false

    func validate() throws {
        let known = StandardWorkload.every.map(\.name)
        for name in workload where !known.contains(name) {
            throw ValidationError("unknown workload '\(name)'; expected one of: \(known.joined(separator: ", "))")
        }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard repeats >= 1 else { throw ValidationError("--repeat must be at least 1") }
        let stages = BenchmarkStage.allCases.map(\.rawValue)
        for name in stage where !stages.contains(name) {
            throw ValidationError("unknown stage '\(name)'; expected one of: \(stages.joined(separator: ", "))")
        }
        if let one, !known.contains(one) {
            throw ValidationError("unknown workload '\(one)'; expected one of: \(known.joined(separator: ", "))")
        }
    }

    func run() throws {
        if text {
            let rows = try ["moving", "still", "uncached"].map { try TextWorkload.run(mode: $0, frames: frames) }
            print(TextWorkload.table(rows))
            return
        }
        if png {
            let rows = try PNGBenchmark.run(frames: PNGBenchmarkFrames.all(), iterations: 5)
            print(PNGBenchmark.report(rows, iterations: 5))
            return
        }
        let stages = stage.isEmpty ? BenchmarkStage.allCases : BenchmarkStage.allCases.filter { stage.contains($0.rawValue) }
        if let one, let w = StandardWorkload.every.first(where: { $0.name == one }) {
            for s in stages {
                print(try BenchmarkRunner.runStage(s, workload: w, frames: frames, jobs: jobs).line)
            }
            return
        }
        let chosen = workload.isEmpty ? StandardWorkload.all : StandardWorkload.every.filter { workload.contains($0.name) }
        if !quick {
            // The stages first, while this process is small: children inherit its peak RSS.
            print(MachineFacts.report)
            let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
            let command = "flipbook bench" + (workload.isEmpty ? "" : " --workload " + workload.joined(separator: " --workload "))
                + " --frames \(frames) --jobs \(jobs) --repeat \(repeats)"
            let loops = BenchmarkRunner.rasterLoops
            print("command: \(command)")
            print("method:  each stage in its own child process (flipbook bench --one W --stage S), median of \(repeats) runs;")
            print("         raster-only stages play the \(frames)-frame loop \(loops) times per run; raster-all, png and x264")
            print("         stages draw with damage tracking, raster-all-full clears the whole canvas every frame;")
            print("         CPU ms/frame is user + system time of the stage's own process (its timed part) and of ffmpeg")
            print(try BenchmarkSuite.run(executable: executable, workloads: chosen, stages: stages, frames: frames,
                                         jobs: jobs, repeats: repeats, progress: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }))
            if saveFrames == nil { return }
        }
        var rows: [BenchmarkRunner.Row] = []
        for w in chosen {
            rows.append(try BenchmarkRunner.run(w, frames: frames))
            if let saveFrames {
                try FileManager.default.createDirectory(atPath: saveFrames, withIntermediateDirectories: true)
                let list = w.displayList(frame: 0)
                let png = try PNG.encode(rgba: Rasterizer.render(list).straightRGBA(), width: list.width, height: list.height)
                try PNG.writeAtomically(png, to: saveFrames + "/" + w.name + ".png")
            }
        }
        print(BenchmarkRunner.table(rows))
    }
}
