import ArgumentParser
import Benchmarks
import Foundation
import PNG
import Raster

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time the standard workload (../shared/bench/WORKLOAD.md): rasterizing and PNG encoding.",
        discussion: "Build in release mode first (`swift build -c release`); debug figures mean nothing.")

    @Option(name: .long, help: "Workloads to run: small-n16, small-n256, large-n16, large-n256 (default: all).")
    var workload: [String] = []

    @Option(name: .long, help: "Frames per workload (the loop has 120).")
    var frames: Int = 120

    @Option(name: .long, help: "Also write each workload's frame 0 as <DIR>/<workload>.png, to compare pixels with other renderers.")
    var saveFrames: String?

    @Flag(name: .long, help: "Instead, compare zlib level × strategy × PNG filter on two 640×1136 frames (how the PNG defaults were chosen).")
    var png = false

    func validate() throws {
        let known = StandardWorkload.all.map(\.name)
        for name in workload where !known.contains(name) {
            throw ValidationError("unknown workload '\(name)'; expected one of: \(known.joined(separator: ", "))")
        }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1") }
    }

    func run() throws {
        if png {
            let rows = try PNGBenchmark.run(frames: PNGBenchmarkFrames.all(), iterations: 5)
            print(PNGBenchmark.report(rows, iterations: 5))
            return
        }
        let chosen = workload.isEmpty ? StandardWorkload.all : StandardWorkload.all.filter { workload.contains($0.name) }
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
