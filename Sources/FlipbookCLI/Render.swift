import ArgumentParser
import Export
import Figures
import Foundation
import PNG
import Pipeline
import Player
import SceneLoading
import SceneModel

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render scenes to PNG frames and video.",
        discussion: """
            Writes <out>/<scene>/frame_00000.png …, <out>/<scene>.<format> for each video format and \
            <out>/<scene>.trace.txt/.csv for each scene. Every scene is validated before anything is written. \
            The last line sums up: scenes, files written, their size, and a video to open.
            """)

    @Argument(help: "Scene files (.yaml, .yml, .json) or folders of them. Default: every scene in scenes/.")
    var scenes: [String] = []

    @Option(name: .long, help: "Output folder.")
    var out: String = "output"

    @OptionGroup(title: "Video")
    var videoArguments: VideoArguments

    @Flag(name: .long, help: "Do not write PNG frames (video only).")
    var noFrames = false

    @Option(
        name: .long,
        help:
            "Frame format: png (default; with videos, trace and manifest) or svg (one vector file per frame, <out>/<scene>/frame_00000.svg …, nothing else)."
    )
    var format: FrameFormat = .png

    @Option(
        name: .long,
        help:
            "Show scripted touches (drags, taps, scrubs) as translucent circles: on or off. Default: the scene's touches.show, else on for every scene that scripts a touch."
    )
    var touches: TouchesSwitch?

    @Flag(name: .long, help: "Do not write <scene>.trace.txt and <scene>.trace.csv.")
    var noTrace = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Set a scene control for this render (repeatable): --set damping=0.3 --set tint=#34C759. See controls: in the scene format.",
            valueName: "name=value"))
    var set: [String] = []

    @Option(
        name: .long,
        help:
            "Trace rows for every layer (all, the default) or for top-level items only (top-level), to keep the trace of a deeply nested scene small."
    )
    var traceLayers: TraceLayers = .all

    @Flag(name: .long, help: "Do not write the player page <out>/<scene>/index.html.")
    var noPlayer = false

    @Option(
        name: .long,
        help:
            "Compression level of the PNG frames (libdeflate), 0 (stored, largest) to 9 (slowest, smallest); default \(PNGOptions.default.level), measured by `flipbook bench --png`."
    )
    var pngLevel: Int?

    @Option(name: .long, help: "Worker threads for rasterizing and encoding (never changes the output).")
    var jobs: Int = RenderOptions.defaultJobs

    @Flag(name: .long, help: "Print the exact ffmpeg commands.")
    var verbose = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Render only frames START..<END (0-based, end exclusive; or START...END). Outputs are named <scene>.frames-START-END.*; with a video, START and END must be whole seconds.",
            valueName: "range"))
    var frames: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Render part K of N (1-based: 1/4 … 4/4) of the frames: contiguous, nearly equal parts (whole seconds when a video is written). Join the segment videos with `flipbook concat`.",
            valueName: "K/N"))
    var shard: String?

    @Flag(
        name: .long,
        help:
            "Continue an interrupted render: re-render only the frames that are missing or fail the hash its journal recorded."
    )
    var resume = false

    @Flag(
        name: .long,
        help:
            "When another render is writing the same scene into the same --out folder, wait for it to finish instead of failing at once."
    )
    var waitLock = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "End an ffmpeg that makes no progress (reads no frame, uses no CPU, writes nothing) for this many seconds; default 300.",
            valueName: "seconds"))
    var ffmpegTimeout: Double = VideoWriter.defaultStallSeconds

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Most trace rows (items × frames) to write; a scene over it is refused before anything is written unless --no-trace. Default 20000000 (about 4 GB of trace files).",
            valueName: "N"))
    var maxTraceRows: Int = TraceBudget.defaultMaxRows

    @OptionGroup(title: "Limits")
    var limitArguments: LimitArguments

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        guard ffmpegTimeout.isFinite, ffmpegTimeout > 0 else {
            throw ValidationError("--ffmpeg-timeout must be a positive number of seconds, got \(ffmpegTimeout)")
        }
        guard maxTraceRows >= 0 else {
            throw ValidationError("--max-trace-rows must be at least 0, got \(maxTraceRows)")
        }
        if frames != nil, shard != nil { throw ValidationError("--frames and --shard cannot be combined; use one") }
        do {
            _ = try frames.map(FrameSelection.parseRange)
            _ = try shard.map(FrameSelection.parseShard)
        } catch let error as FrameSelectionError {
            throw ValidationError(error.description)
        }
        _ = try ControlArguments.parse(set)
        if let pngLevel, !PNGOptions.levels.contains(pngLevel) {
            throw ValidationError(
                "--png-level must be within \(PNGOptions.levels.lowerBound)...\(PNGOptions.levels.upperBound), got \(pngLevel)"
            )
        }
    }

    func run() throws {
        let files = try SceneArguments.resolve(scenes)
        // Load and validate every scene before writing anything.
        let overrides = try ControlArguments.parse(set)
        let loaded = try files.map { file in
            let (scene, warnings) = try SceneLoader.loadWithWarnings(
                path: file, limits: limitArguments.limits, overrides: overrides)
            for warning in warnings { printWarning(warning.description) }
            var adjusted = videoArguments.adjust(scene)
            if let touches { adjusted.touches.show = touches == .on }
            return adjusted
        }
        try SceneArguments.checkDistinctNames(loaded, files: files)
        for (scene, file) in zip(loaded, files) {
            for warning in try SceneSimulation(scene: scene, file: file).textWarnings {
                printWarning("\(file): \(warning)")
            }
        }

        if format == .svg {
            for (scene, file) in zip(loaded, files) {
                let selection = try frames.map(FrameSelection.parseRange) ?? shard.map(FrameSelection.parseShard)
                let count = try SVGFrameSequence.render(scene, file: file, outputDirectory: out, frames: selection)
                print(
                    "\(scene.name): \(counted(count, "SVG frame")) → \((out as NSString).appendingPathComponent(scene.name))/"
                )
            }
            return
        }

        TemporaryFiles.shared.removeOnInterrupt()
        let progress = ProgressLine()
        let options = try renderOptions(progress: progress)
        // Like validation, the trace budget is checked for every scene before anything is written.
        for scene in loaded { try TraceBudget.check(scene, options: options) }
        var videos: [String] = []
        for scene in loaded {
            if !scene.canvas.hasOpaqueBackground {
                let formats = options.video ?? scene.output.video
                if let warning = VideoFormat.alphaWarning(sceneName: scene.name, formats: formats) {
                    printWarning(warning)
                }
            }
            var result: RenderResult
            do {
                result = try SceneRenderer.render(scene, options: options)
            } catch {
                progress.finish()
                throw DiskFull.withResumeHint(error)
            }
            progress.finish()
            if !noPlayer { result.playerPath = try PlayerPage.write(for: scene, result: result) }
            print(summary(result))
            videos += result.videoPaths
        }
        print(OutputSummary(folder: out).line(scenes: loaded.map(\.name), firstVideo: videos.first))
    }

    /// The options every scene of this command renders with.
    func renderOptions(progress: ProgressLine) throws -> RenderOptions {
        var options = RenderOptions(outputDirectory: out, jobs: jobs)
        options.flipbookVersion = Flipbook.version
        options.limits = limitArguments.limits
        options.resume = resume
        options.waitForLock = waitLock
        options.ffmpegStallSeconds = ffmpegTimeout
        options.maxTraceRows = maxTraceRows
        options.frames = try frames.map(FrameSelection.parseRange) ?? shard.map(FrameSelection.parseShard)
        if noFrames { options.writeFrames = false }
        if noTrace { options.writeTrace = false }
        options.traceChildLayers = traceLayers == .all
        if let pngLevel {
            options.png = try PNGOptions.default.with(level: pngLevel)
        }
        try videoArguments.apply(to: &options)
        if progress.isEnabled { options.progress = { progress.show($0) } }
        if verbose {
            options.onFFmpegCommand = { commands in
                for command in commands { FileHandle.standardError.write(Data((command + "\n").utf8)) }
            }
        }
        return options
    }

    func summary(_ r: RenderResult) -> String {
        var line = "\(r.sceneName): \(counted(r.frameCount, "frame"))"
        if r.firstFrame != 0 || r.framesReused > 0 { line += " (\(r.firstFrame)..<\(r.firstFrame + r.frameCount))" }
        if r.framesReused > 0 { line += ", \(r.framesReused) reused" }
        if let tick = r.pauseTick {
            line += " (animator paused after tick \(tick)"
            if let unwatched = r.velocityBasedPauseTick { line += "; without its watchers after tick \(unwatched)" }
            line += ")"
        }
        var outputs: [String] = []
        if let dir = r.framesDirectory { outputs.append(dir + "/") }
        if let page = r.playerPath { outputs.append(page) }
        outputs += r.videoPaths
        if let trace = r.tracePath { outputs.append(trace) }
        if !outputs.isEmpty { line += " → " + outputs.joined(separator: ", ") }
        return line
    }
}

enum TraceLayers: String, ExpressibleByArgument, CaseIterable {
    case all
    case topLevel = "top-level"
}

enum FrameFormat: String, ExpressibleByArgument, CaseIterable {
    case png, svg
}

/// `--touches on|off`.
enum TouchesSwitch: String, ExpressibleByArgument, CaseIterable {
    case on, off
}

/// A render stopped by a full disk (or quota) keeps every frame it finished and its journal, so
/// the way on is to free space and resume, not to start over: the message says so.
enum DiskFull {
    /// errno texts of ENOSPC and EDQUOT, as `strerror` writes them and ffmpeg prints them.
    static let reasons = ["No space left on device", "Disk quota exceeded"]

    static func withResumeHint(_ error: Error) -> Error {
        let message = error.flipbookMessage
        guard reasons.contains(where: message.contains) else { return error }
        return CLIError(
            message + " (free some space, then run the same command with --resume: "
                + "the frames already written are checked and kept)")
    }
}
