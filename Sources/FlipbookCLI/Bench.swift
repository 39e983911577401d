import ArgumentParser
import Benchmarks
import Export
import Foundation
import PNG
import Raster

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time the standard workload (docs/benchmarks.md): rasterizing and PNG encoding.",
        discussion: "Build in release mode first (`swift build -c release`); debug figures mean nothing.")

    @Option(
        name: .long,
        help:
            "Workloads to run: small-n16, small-n256, large-n16, large-n256 (default: these four), icons (200 icons of 24-48 px at 1080p), content (a 1080×1920 app screen of rects, text and icons), materials (a 1170×2532 screen of three backdrop blurs, σ 90 px, over scrolling cards), perspective (a 1170×2532 cover flow of seven photo cards turned in 3-D); content-without-shadows (content without its shadows, as Blend2D draws it for the side by side) only when named."
    )
    var workload: [String] = []

    @Option(name: .long, help: "Frames per workload (the loop has 120).")
    var frames: Int = 120

    @Option(
        name: .long,
        help: "Also write each workload's frame 0 as <DIR>/<workload>.png, to compare pixels with other renderers.")
    var saveFrames: String?

    @Option(
        name: .long,
        help:
            "Only save frame N (0-119, repeatable) of each workload as <DIR>/<workload>-frame<N>.png, where DIR is --save-frames (default: bench-frames); nothing is timed."
    )
    var saveFrame: [Int] = []

    @Option(
        name: .long,
        help:
            "Instead, write each workload's --frames display lists as JSON into <DIR>/<workload>/ (with its images, and Flipbook's own rendering of every 30th frame as PNG), for the native drivers in Tests/Tools; content, materials and perspective only; nothing is timed."
    )
    var exportDisplayLists: String?

    @Option(
        name: .long,
        help:
            "The png-files stage's PNG writer: libdeflate (the default, PNGOptions.default) or zlib (libpng + zlib level 4, the writer before libdeflate)."
    )
    var pngWriter: String = "libdeflate"

    @Option(
        name: .long,
        help:
            "Nice value (0-19) the x264 stages' render workers lower themselves to, so ffmpeg gets a core first when both want one (default 0: unchanged)."
    )
    var workerNice: Int32 = 0

    @Option(
        name: .long,
        help:
            "What the x264 and ffmpeg-only stages pipe to ffmpeg: yuv420p (the default: converted by Flipbook, as a render's MP4 writer does) or rgba (ffmpeg converts, the way before)."
    )
    var videoInput: String = "yuv420p"

    @Option(
        name: .long,
        help:
            "When frames of plain layers are drawn band by band: automatic (the default: canvases over 2 MiB whose layers add up to the canvas's area), always or never. The bytes are the same; only the speed differs."
    )
    var banding: String = "automatic"

    @Option(
        name: .long,
        help:
            "Run the raster kernels at most at this level: avx512, avx2, sse2 or scalar (default: the CPU's highest), to time a lower level on a CPU that has a higher one. The bytes are the same at every level."
    )
    var kernelLevel: String?

    /// The stage flags as one value (validated in `validate()`).
    var stageOptions: StageOptions {
        var options = StageOptions()
        options.pngWriter = PNGCompressor(rawValue: pngWriter) ?? .libdeflate
        options.workerNice = workerNice
        options.videoInput = videoInput == "rgba" ? .rgba : .yuv420p
        options.banding = Rasterizer.Banding(rawValue: banding) ?? .automatic
        options.kernelLevel = kernelLevel.flatMap(RasterKernels.Level.init(rawValue:))
        return options
    }

    @Flag(
        name: .long,
        help:
            "Instead, count the instructions of one frame of every workload (and, without --workload, of loading the scene-costs components scene) under valgrind --tool=callgrind and print them as a budget file (the text of Tests/BenchmarksTests/callgrind-budget.txt)."
    )
    var instructions = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Internal: run the counted raster and PNG parts of WORKLOAD,WORKLOAD,… once each (what --instructions runs under callgrind).",
            visibility: .hidden))
    var counted: String?

    @Option(
        name: .customLong("repeat"),
        help:
            "Run each stage this many times (each in a fresh child process) and show the median run; with --text, the rounds of each mode."
    )
    var repeats: Int = 3

    @Option(name: .long, help: "Threads for the parallel stages (default: all cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(
        name: .long,
        help: "Stages to run: \(BenchmarkStage.allCases.map(\.rawValue).joined(separator: ", ")) (default: all).")
    var stage: [String] = []

    @Option(
        name: .long,
        help:
            "Run one workload's stages in this process and print a machine-readable line (what the full bench runs in child processes, so each stage's peak memory is its own)."
    )
    var one: String?

    @Flag(name: .long, help: "Only the old in-process table (raster ms/frame, PNG ms/frame, pixel hash).")
    var quick = false

    @Flag(
        name: .long,
        help:
            "Instead, compare zlib level × strategy × PNG filter on two 640×1136 frames (how the PNG defaults were chosen)."
    )
    var png = false

    @Flag(
        name: .long,
        help:
            "Instead, time the text workload (40 labels × 50 glyphs at 1080p; moving, still and uncached) on one thread and print glyphs/s."
    )
    var text = false

    @Flag(
        name: .long,
        help:
            "Instead, time Flipbook's blurs (the gaussianBlur filter and the backdrop material) on a 1170×2532 frame at σ 3, 10, 30 and 90 px against Pillow's GaussianBlur on the same size, one thread each."
    )
    var blur = false

    @Flag(
        name: .long,
        help:
            "Instead, time what grows with a scene rather than its pixels, as CPU time per layer and per trace row on one thread: loading a 11,110- and a 111,110-layer expansion (what validate runs, and the scene hash), and the trace of 10,000 items over 60 ticks."
    )
    var sceneCosts = false

    @Flag(
        name: .long,
        help:
            "Instead, time loading SVG files on one thread: the 200 largest icons of Heroicons (if `make test-deps` installed them) and of resvg's cases in Tests/ResvgSuite, and a 1 MB design export read whole and as layers; then a frame of 48 SVG icons against the same frame from shape: items. Run from the repository's root."
    )
    var svgLoad = false

    @Option(
        name: .customLong("text-mode"),
        help: "With --text, only these modes (repeatable): moving, still or uncached (default: all three).")
    var textMode: [String] = []

    func validate() throws {
        let known = StandardWorkload.named.map(\.name)
        for name in workload where !known.contains(name) {
            throw ValidationError("unknown workload '\(name)'; expected one of: \(known.joined(separator: ", "))")
        }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard repeats >= 1 else { throw ValidationError("--repeat must be at least 1") }
        for mode in textMode where !TextWorkload.modes.contains(mode) {
            throw ValidationError(
                "unknown --text-mode '\(mode)'; expected one of: \(TextWorkload.modes.joined(separator: ", "))")
        }
        let stages = BenchmarkStage.allCases.map(\.rawValue)
        for name in stage where !stages.contains(name) {
            throw ValidationError("unknown stage '\(name)'; expected one of: \(stages.joined(separator: ", "))")
        }
        if let one, !known.contains(one) {
            throw ValidationError("unknown workload '\(one)'; expected one of: \(known.joined(separator: ", "))")
        }
        guard PNGCompressor(rawValue: pngWriter) != nil else {
            throw ValidationError("--png-writer must be libdeflate or zlib, got '\(pngWriter)'")
        }
        guard ["yuv420p", "rgba"].contains(videoInput) else {
            throw ValidationError("--video-input must be yuv420p or rgba, got '\(videoInput)'")
        }
        guard Rasterizer.Banding(rawValue: banding) != nil else {
            let names = Rasterizer.Banding.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--banding must be one of \(names), got '\(banding)'")
        }
        if let kernelLevel, RasterKernels.Level(rawValue: kernelLevel) == nil {
            let names = RasterKernels.Level.allCases.reversed().map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--kernel-level must be one of \(names), got '\(kernelLevel)'")
        }
        if kernelLevel != nil && instructions {
            throw ValidationError(
                "--kernel-level does not apply to --instructions: the budget counts the AVX2 level "
                    + "(valgrind has no AVX-512)")
        }
        guard (0...19).contains(workerNice) else {
            throw ValidationError("--worker-nice must be within 0...19, got \(workerNice)")
        }
        for frame in saveFrame where !(0..<StandardWorkload.framesPerRun).contains(frame) {
            throw ValidationError(
                "--save-frame \(frame) is outside the loop's frames 0...\(StandardWorkload.framesPerRun - 1)")
        }
        if let counted {
            for name in counted.split(separator: ",", omittingEmptySubsequences: false)
            where !known.contains(String(name)) && !InstructionCounts.loadingWorkloads.contains(String(name)) {
                throw ValidationError(
                    "--counted expects workload names separated by commas, got '\(name)' in '\(counted)'")
            }
        }
    }

    func run() throws {
        RasterKernels.cap(at: stageOptions.kernelLevel)
        if let counted {
            let names = counted.split(separator: ",").map(String.init)
            let workloads = names.compactMap { name in StandardWorkload.named.first { $0.name == name } }
            print(
                try InstructionCounts.runCounted(
                    workloads: workloads, loading: names.contains { InstructionCounts.loadingWorkloads.contains($0) }))
            return
        }
        if instructions { return try runInstructionBudget() }
        if !saveFrame.isEmpty { return try saveChosenFrames() }
        if let exportDisplayLists { return try exportChosenDisplayLists(into: exportDisplayLists) }
        if text {
            let modes = textMode.isEmpty ? TextWorkload.modes : TextWorkload.modes.filter { textMode.contains($0) }
            let rows = try modes.map { try TextWorkload.run(mode: $0, frames: frames, rounds: repeats) }
            print(TextWorkload.table(rows))
            return
        }
        if sceneCosts {
            let directory = FileManager.default.temporaryDirectory.path
            try SceneCostsWorkload.report(repeats: repeats, directory: directory) { line in
                print(line)
                fflush(nil)  // each line as it is measured, also into a pipe
            }
            return
        }
        if svgLoad {
            let root = FileManager.default.currentDirectoryPath
            guard FileManager.default.fileExists(atPath: root + "/scenes/screens/home.svg") else {
                throw ValidationError(
                    "--svg-load reads the repository's files (scenes/screens/home.svg, Tests/ResvgSuite); run it from the repository's root"
                )
            }
            print(SVGLoadWorkload.table(try SVGLoadWorkload.run(root: root, repeats: repeats), repeats: repeats))
            fflush(nil)
            print(SVGFrameWorkload.table(try SVGFrameWorkload.run(root: root, repeats: repeats), repeats: repeats))
            return
        }
        if blur {
            print(BlurBenchmark.table(try BlurBenchmark.run(rounds: max(repeats, 3))))
            return
        }
        if png {
            let rows = try PNGBenchmark.run(frames: PNGBenchmarkFrames.all(), iterations: 5)
            print(PNGBenchmark.report(rows, iterations: 5))
            return
        }
        let stages =
            stage.isEmpty ? BenchmarkStage.allCases : BenchmarkStage.allCases.filter { stage.contains($0.rawValue) }
        if let one, let w = StandardWorkload.named.first(where: { $0.name == one }) {
            for s in stages {
                print(
                    try BenchmarkRunner.runStage(s, workload: w, frames: frames, jobs: jobs, options: stageOptions).line
                )
            }
            return
        }
        let chosen =
            workload.isEmpty ? StandardWorkload.all : StandardWorkload.named.filter { workload.contains($0.name) }
        if !quick {
            // The stages first, while this process is small: children inherit its peak RSS.
            try runSuite(workloads: chosen, stages: stages)
            if saveFrames == nil { return }
        }
        var rows: [BenchmarkRunner.Row] = []
        for w in chosen {
            rows.append(try BenchmarkRunner.run(w, frames: frames))
            if let saveFrames {
                try FileManager.default.createDirectory(atPath: saveFrames, withIntermediateDirectories: true)
                try w.prepare()
                let list = w.displayList(frame: 0)
                let png = try PNG.encode(
                    rgba: Rasterizer.render(list).straightRGBA(), width: list.width, height: list.height)
                try PNG.writeAtomically(png, to: saveFrames + "/" + w.name + ".png")
            }
        }
        print(BenchmarkRunner.table(rows))
    }

    /// `--instructions`: each workload's callgrind instruction counts against the budget.
    private func runInstructionBudget() throws {
        guard let valgrind = Self.which("valgrind") else {
            throw ValidationError("valgrind is not on PATH (Debian: apt-get install valgrind)")
        }
        let chosen =
            workload.isEmpty ? StandardWorkload.every : StandardWorkload.named.filter { workload.contains($0.name) }
        // Loading is counted with the whole budget (no --workload), which it belongs to.
        let loading = workload.isEmpty
        Self.progress("counting \(chosen.count) workloads\(loading ? " and loading" : "") under callgrind…")
        let budget = try InstructionCounts.budget(
            executable: Self.executable, valgrind: valgrind, workloads: chosen, loading: loading)
        print(budget.text, terminator: "")
    }

    /// `--save-frame`: the chosen frames of each workload as PNG files.
    private func saveChosenFrames() throws {
        let folder = saveFrames ?? "bench-frames"
        let chosen =
            workload.isEmpty ? StandardWorkload.every : StandardWorkload.named.filter { workload.contains($0.name) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for w in chosen {
            try w.prepare()
            for frame in saveFrame {
                let list = w.displayList(frame: frame)
                let png = try PNG.encode(
                    rgba: Rasterizer.render(list).straightRGBA(), width: list.width, height: list.height)
                let path = folder + "/\(w.name)-frame\(frame).png"
                try PNG.writeAtomically(png, to: path)
                print(path)
            }
        }
    }

    /// `--export-display-lists`: the chosen workloads' frames for the native drivers.
    private func exportChosenDisplayLists(into folder: String) throws {
        let exportable = DisplayListExport.workloads
        let chosen = workload.isEmpty ? exportable : exportable.filter { workload.contains($0.name) }
        guard !chosen.isEmpty else {
            let names = exportable.map(\.name)
            throw ValidationError(
                "--export-display-lists writes the \(names.dropLast().joined(separator: ", ")) and \(names.last ?? "") workloads only"
            )
        }
        for w in chosen {
            try w.prepare()
            Self.progress("writing \(frames) display lists of \(w.name)…")
            let target = folder + "/" + w.name
            try DisplayListExport.write(w, frames: frames, into: target)
            print(target)
        }
    }

    /// The stage timings, each stage in a child process, with the machine's facts and the method.
    private func runSuite(workloads: [StandardWorkload], stages: [BenchmarkStage]) throws {
        print(MachineFacts.report)
        let executable = Self.executable
        let command =
            "flipbook bench" + (workload.isEmpty ? "" : " --workload " + workload.joined(separator: " --workload "))
            + " --frames \(frames) --jobs \(jobs) --repeat \(repeats) "
            + stageOptions.arguments.joined(separator: " ")
        let loops = BenchmarkRunner.rasterLoops
        print("command: \(command)")
        print(
            "method:  each stage in its own child process (flipbook bench --one W --stage S), median of \(repeats) runs;"
        )
        print(
            "         raster-only stages play the \(frames)-frame loop \(loops) times per run; raster-all, png and x264"
        )
        print("         stages draw with damage tracking, raster-all-full clears the whole canvas every frame;")
        print(
            "         CPU ms/frame is user + system time of the stage's own process (its timed part) and of ffmpeg")
        print(
            try BenchmarkSuite.run(
                executable: executable, workloads: workloads, stages: stages, frames: frames,
                jobs: jobs, repeats: repeats, options: stageOptions,
                progress: Self.progress))
    }

    /// A stage starting, on stderr when it is a terminal; nothing in logs and pipes, which get
    /// the results alone.
    static func progress(_ line: String) {
        guard isatty(STDERR_FILENO) == 1 else { return }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// This flipbook binary, for the child processes.
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
