import ArgumentParser
import Foundation
import Goldens
import ImageDiff
import Markup
import Pipeline
import SceneLoading
import SceneModel

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render scenes and compare them with approved goldens (frames and traces).",
        discussion: """
            Goldens live in DIR/<scene>/: frames.txt (a pixel hash per frame), trace.csv, events.txt \
            and a few PNG frames. Recording is explicit (--record) and refused when CI is set. \
            Exit status: 0 all match (or recorded as asked), 1 a scene differs or has no goldens, \
            2 trouble (a bad scene file, a --goldens folder that does not exist, --record on CI, or a scene whose goldens are \
            unreadable or damaged: that scene is an error in the reports, the others are still compared, and every report is written). \
            Without --out the render goes to a temporary folder from which the frames are removed once compared; the report stays when a scene differs, is missing or could not be compared (with --report always), and a passing check leaves nothing behind.
            """)

    @Argument(help: "Scene files (.yaml, .yml, .json) or folders of them. Default: every scene in scenes/.")
    var scenes: [String] = []

    @Option(name: .long, help: "Folder of goldens, one subfolder per scene.")
    var goldens: String

    @Option(
        name: .long, help: "Record goldens: missing (scenes without any), failed (also approve differing scenes), all.")
    var record: RecordMode?

    @Option(name: .long, help: "Render into this folder (default: a new temporary folder).")
    var out: String?

    @Option(name: .long, help: "Write the report here (default: <out>/report).")
    var report: String?

    @Option(
        name: .long,
        help: "When recording: how many evenly spaced frames keep their PNG (every frame keeps its hash), or 'all'.")
    var goldenFrames: String = "8"

    @Option(
        name: .long,
        help: """
            How big a differing scene's report may get, in MB, or 'all'. Its motion view keeps the differing frames in full \
            and the others as thumbnails that fit; 'all' keeps every frame in full.
            """)
    var reportSize: String = "5"

    @OptionGroup var comparison: ComparisonArguments

    @Option(name: .long, help: "Worker threads for rendering (never changes the output).")
    var jobs: Int = RenderOptions.defaultJobs

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        guard reportBudget != nil else {
            throw ValidationError("--report-size must be a number of MB (at least 0.1) or 'all', got '\(reportSize)'")
        }
        guard storedFrames != nil else {
            throw ValidationError("--golden-frames must be a count (0 or more) or 'all', got '\(goldenFrames)'")
        }
    }

    /// nil: not a size; `.some(nil)`: every frame in full.
    var reportBudget: Int?? {
        if reportSize == "all" { return .some(nil) }
        guard let mb = Double(reportSize), mb.isFinite, mb >= 0.1, mb <= 1_000_000 else { return nil }
        return .some(Int(mb * 1_000_000))
    }

    var storedFrames: StoredFrames? {
        if goldenFrames == "all" { return .all }
        return Int(goldenFrames).flatMap { $0 >= 0 ? .evenlySpaced($0) : nil }
    }

    func run() throws {
        let onCI = ContinuousIntegration.isActive(ProcessInfo.processInfo.environment)
        let checkRun: CheckRun
        do {
            // Without --record a missing goldens folder is a mistyped path, not "no goldens yet":
            // trouble (2), before rendering anything.
            if record == nil { try Self.checkGoldensFolder(goldens) }
            let files = try SceneArguments.resolve(scenes)
            let loaded = try files.map { try SceneLoader.load(path: $0) }
            try SceneArguments.checkDistinctNames(loaded, files: files)
            var options = CheckOptions(
                goldens: goldens, record: record, outputDirectory: out, reportDirectory: report,
                comparator: comparison.comparator, storedFrames: storedFrames ?? .default,
                maxImages: comparison.maxImages, jobs: jobs, onCI: onCI)
            options.sceneFiles = files
            options.reportBudget = reportBudget ?? nil
            checkRun = try GoldenCheck.run(scenes: loaded, options: options)
        } catch {
            printError(error.flipbookMessage)
            throw ExitCode(2)
        }
        printReport(checkRun.bundle)
        if checkRun.reportKept {
            print("report: \(checkRun.files.html)")
        } else {
            print("report: none kept, every scene matches (--report DIR keeps one)")
        }
        if checkRun.bundle.errors > 0 {
            // Reports are written first: a damaged golden of one scene never hides the others.
            printError("\(counted(checkRun.bundle.errors, "scene")) could not be compared; see the report")
            throw ExitCode(2)
        }
        if let hint = Self.approveHint(checkRun.bundle, scenes: scenes, goldens: goldens) {
            print(hint)
            throw ExitCode(1)
        }
        // Recording on the command line is an explicit approval by a person (refused on CI), so
        // it exits 0; the Swift API, used inside test suites, fails on recording instead.
    }
}

extension Check {
    /// The command that records what this run found missing or different, in the same words as
    /// the lines above it: `--record missing` when goldens are only missing, `--record failed`
    /// (which records the missing ones too) when something differs. Nil when nothing failed.
    static func approveHint(_ bundle: ReportBundle, scenes: [String], goldens: String) -> String? {
        let different = bundle.reports.contains { $0.verdict == .different }
        let missing = bundle.reports.contains { $0.verdict == .missingGolden }
        guard different || missing else { return nil }
        let command = (["flipbook", "check"] + scenes + ["--goldens", goldens]).joined(separator: " ")
        if !different { return "to record the missing goldens: \(command) --record missing" }
        return "to approve these changes after reading the report: \(command) --record failed"
            + (missing ? " (it records the missing goldens too)" : "")
    }

    /// Throws when `goldens` is not a folder, suggesting a similarly named one.
    static func checkGoldensFolder(_ goldens: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: goldens, isDirectory: &isFolder) {
            if isFolder.boolValue { return }
            throw CLIError("--goldens \(goldens): is a file; expected the folder of goldens, one subfolder per scene")
        }
        let parent = (goldens as NSString).deletingLastPathComponent
        let name = (goldens as NSString).lastPathComponent
        let siblings = ((try? FileManager.default.contentsOfDirectory(atPath: parent.isEmpty ? "." : parent)) ?? [])
            .sorted()
        let close =
            siblings.first { $0.lowercased() == name.lowercased() }
            ?? siblings.min { editDistance($0, name) < editDistance($1, name) }.flatMap {
                editDistance($0, name) <= 2 ? $0 : nil
            }
        var message = "--goldens \(goldens): no such folder"
        if let close {
            message +=
                " (did you mean '\(parent.isEmpty ? close : (parent as NSString).appendingPathComponent(close))'?)"
        }
        message += "; record goldens into a new folder with --record missing"
        throw CLIError(message)
    }
}

extension RecordMode: ExpressibleByArgument {}
