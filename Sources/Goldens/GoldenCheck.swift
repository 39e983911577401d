import Foundation
import ImageDiff
import Pipeline
import SceneLoading
import SceneModel

/// How a golden check runs. Every field's default is what `flipbook check` uses without flags.
public struct CheckOptions: Sendable {
    /// Folder of goldens, one subfolder per scene name.
    public var goldens: String
    /// What may be (re)recorded; nil compares only. Refused when `onCI`.
    public var record: RecordMode?
    /// Where scenes are rendered; nil: a fresh temporary folder, from which the rendered frames
    /// and traces are removed once compared (the report, small, stays for its link).
    public var outputDirectory: String?
    /// Where the report goes; nil: `<outputDirectory>/report`.
    public var reportDirectory: String?
    /// Default `.exact`: renders are deterministic, so an approved frame comes back byte for
    /// byte; any tolerance must be chosen, with its reason.
    public var comparator: ImageComparator
    /// Which frames keep their PNG when recording. Default `.evenlySpaced(8)`.
    public var storedFrames: StoredFrames
    /// Differing frames that get report images. Default 12.
    public var maxImages: Int
    /// Render threads (never changes a byte).
    public var jobs: Int
    /// True on CI (`ContinuousIntegration.isActive` of the process environment by default):
    /// recording is refused.
    public var onCI: Bool
    /// The scene files, in the order of the scenes checked, for the report (junit.xml names them).
    public var sceneFiles: [String]? = nil
    /// The bytes a differing scene's report may take (`MotionReport.defaultBudget`, about 5 MB):
    /// its still images of differing frames take at most a third (the first differing frame's
    /// always; no triptychs, which the HTML report does not show), and its motion view keeps
    /// differing frames in full and the others as thumbnails within the rest; nil keeps every
    /// image `maxImages` allows, triptychs included, and every frame in full.
    public var reportBudget: Int? = MotionReport.defaultBudget

    public init(
        goldens: String, record: RecordMode? = nil, outputDirectory: String? = nil,
        reportDirectory: String? = nil, comparator: ImageComparator = .exact,
        storedFrames: StoredFrames = .default, maxImages: Int = 12, jobs: Int = RenderOptions.defaultJobs,
        onCI: Bool = ContinuousIntegration.isActive(ProcessInfo.processInfo.environment)
    ) {
        self.goldens = goldens
        self.record = record
        self.outputDirectory = outputDirectory
        self.reportDirectory = reportDirectory
        self.comparator = comparator
        self.storedFrames = storedFrames
        self.maxImages = maxImages
        self.jobs = jobs
        self.onCI = onCI
    }
}

/// A finished check of one or more scenes.
public struct CheckRun: Sendable {
    public var bundle: ReportBundle
    public var files: ReportFiles
    public var renderDirectory: String
    /// False when the run wrote to a temporary folder of its own (no `outputDirectory` nor
    /// `reportDirectory`) and every scene passed: the folder, report included, is removed, so a
    /// passing check leaves nothing in the temporary directory. `files` then names what was.
    public var reportKept = true

    /// 0 when every scene matched, 1 when any differed, had no goldens or was recorded
    /// (recording never passes a test; on the command line it exits 0, see `Check`).
    public var passed: Bool { bundle.reports.allSatisfy(\.passed) }
}

/// Thrown by `GoldenCheck.assertMatches` when a scene does not match its goldens (or they were
/// just recorded): the findings and where the report is, and what to run next.
public struct GoldenMismatch: Error, CustomStringConvertible, Sendable {
    public var report: ComparisonReport
    /// The HTML report; `report.json` and `junit.xml` sit beside it.
    public var reportPath: String

    public var description: String {
        var lines = ["\(report.name): \(report.verdict.rawValue)"]
        lines += report.sentences.map { "  " + $0 }
        lines.append("  report: \(reportPath)")
        switch report.verdict {
        case .recorded:
            lines.append("  goldens recorded; review them, then run again without `record:` (recording never passes)")
        case .missingGolden: lines.append("  to record: pass `record: .missing`, then run again without it")
        case .different:
            lines.append("  if the change is intended, approve it with `record: .failed` and run again without it")
        default: break
        }
        return lines.joined(separator: "\n")
    }
}

/// Render-and-compare against approved goldens: the library behind `flipbook check` and the API
/// for users' own test suites.
public enum GoldenCheck {
    /// Renders each scene (frames and trace, no video) and compares it with `<goldens>/<name>/`,
    /// recording as `options.record` allows; writes the report. Throws `GoldensError.recordingOnCI`
    /// before rendering anything when recording is asked for on CI; `SceneError` for an invalid
    /// scene; `ExportError`, `PNGError`, `GoldensError` for files it cannot read or write.
    public static func run(scenes: [Scene], options: CheckOptions) throws -> CheckRun {
        if options.record != nil, options.onCI {
            throw GoldensError.recordingOnCI(ciValue: ProcessInfo.processInfo.environment["CI"] ?? "set")
        }
        let out = try options.outputDirectory ?? temporaryDirectory()
        let reportDirectory = options.reportDirectory ?? (out as NSString).appendingPathComponent("report")
        var reports: [ComparisonReport] = []
        for (n, scene) in scenes.enumerated() {
            let start = ContinuousClock.now
            var report: ComparisonReport
            do {
                report = try check(scene, out: out, reportDirectory: reportDirectory, options: options)
            } catch let error as ImageDiffError {
                report = trouble(scene, error.description, out: out, options: options)
            } catch let error as GoldensError {
                // Unreadable or malformed goldens of one scene are that scene's error: the other
                // scenes are still compared and every report is still written.
                report = trouble(scene, error.description, out: out, options: options)
            }
            let elapsed = ContinuousClock.now - start
            report.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            if let files = options.sceneFiles, n < files.count { report.sceneFile = files[n] }
            reports.append(report)
        }
        let bundle = ReportBundle(title: "flipbook check", reports: reports)
        let files = try ReportWriter.write(bundle, to: reportDirectory)
        var run = CheckRun(bundle: bundle, files: files, renderDirectory: out)
        if options.outputDirectory == nil {
            // The temporary folder holds the renders, and the report unless it went elsewhere.
            if options.reportDirectory != nil || run.passed {
                try? FileManager.default.removeItem(atPath: out)
                run.reportKept = options.reportDirectory != nil
            } else {
                removeRenders(of: scenes, in: out)
            }
        }
        return run
    }

    /// Asserts that `scene` matches its goldens; returns the report when it does. Throws
    /// `GoldenMismatch` (with the report path) when it differs, has no goldens, or was recorded
    /// now: recording never passes. On CI, `record` is refused (`GoldensError.recordingOnCI`).
    @discardableResult
    public static func assertMatches(
        scene: Scene, goldens: String, record: RecordMode? = nil,
        options: CheckOptions? = nil
    ) throws -> ComparisonReport {
        var options = options ?? CheckOptions(goldens: goldens)
        options.goldens = goldens
        options.record = record
        let run = try run(scenes: [scene], options: options)
        let report = run.bundle.reports[0]
        guard report.passed else { throw GoldenMismatch(report: report, reportPath: run.files.html) }
        return report
    }

    /// `assertMatches(scene:…)` for a scene file (YAML or JSON).
    @discardableResult
    public static func assertMatches(
        sceneFile: String, goldens: String, record: RecordMode? = nil,
        options: CheckOptions? = nil
    ) throws -> ComparisonReport {
        try assertMatches(scene: SceneLoader.load(path: sceneFile), goldens: goldens, record: record, options: options)
    }

    static func check(_ scene: Scene, out: String, reportDirectory: String, options: CheckOptions) throws
        -> ComparisonReport
    {
        var renderOptions = RenderOptions(outputDirectory: out)
        renderOptions.writeFrames = true
        renderOptions.video = []  // no video: goldens compare frames and traces
        renderOptions.writeTrace = true
        renderOptions.jobs = options.jobs
        _ = try SceneRenderer.render(scene, options: renderOptions)
        let base = (out as NSString).appendingPathComponent(scene.name)
        let actualFrames = try FrameSet.folder(base)
        let actualTrace = try TraceTable.load(csvPath: base + ".trace.csv", textPath: base + ".trace.txt")
        let store = GoldenStore(directory: (options.goldens as NSString).appendingPathComponent(scene.name))
        let listing = SceneListing.lines(scene)

        let record = { (report: inout ComparisonReport, why: String) throws in
            let stored = try store.record(
                sceneName: scene.name, frames: actualFrames, traceCSVPath: base + ".trace.csv",
                events: actualTrace.events, stored: options.storedFrames, scene: listing)
            report.verdict = .recorded
            report.notes.append(
                "\(why): \(actualFrames.frames.count) frame hashes, \(stored) PNGs, trace and events written to \(store.directory)"
            )
        }

        var report = ComparisonReport(
            name: scene.name, verdict: .same, expectedLabel: store.directory, actualLabel: base)
        guard store.exists else {
            if options.record == .missing || options.record == .failed || options.record == .all {
                try record(&report, "recorded (no goldens before)")
            } else {
                report.verdict = .missingGolden
                report.notes.append(
                    "no goldens in \(store.directory); record them with --record missing (Swift: record: .missing)")
            }
            return report
        }

        let (expectedFrames, expectedTrace) = try store.load()
        // `--record all` replaces the goldens whatever they hold, damaged ones included.
        if options.record != .all { try checkStoredFrames(expectedFrames) }
        if expectedFrames.width != actualFrames.width || expectedFrames.height != actualFrames.height {
            // A changed canvas is a regression to report and approve, not trouble.
            report.notes.append(
                "the frame size changed from \(expectedFrames.width)×\(expectedFrames.height) to \(actualFrames.width)×\(actualFrames.height); frames not compared"
            )
            report.verdict = .different
        } else {
            report.frames = try SequenceComparison.compare(
                expected: expectedFrames, actual: actualFrames, comparator: options.comparator,
                artifacts: ArtifactOptions(
                    directory: reportDirectory, subfolder: scene.name, maxImages: options.maxImages,
                    maxBytes: options.reportBudget.map { $0 / 3 }, writesTriptych: options.reportBudget == nil))
        }
        if let expectedTrace {
            report.trace = TraceDiff.compare(expected: expectedTrace, actual: actualTrace)
        }
        if let storedScene = store.storedScene() {
            report.sceneChanges = SceneChanges.describe(expected: storedScene, actual: listing)
        }
        if report.verdict == .same {
            report.verdict = ComparisonReport.verdict(frames: report.frames, trace: report.trace)
        }
        if report.verdict == .different, let frames = report.frames {
            report.motionPage = try MotionReport.write(
                scene: scene, goldens: store.directory, renderBase: base,
                expectedFrameCount: frames.expectedFrameCount,
                differing: frames.frames.filter(\.isFailure).map(\.index),
                reportDirectory: reportDirectory, budget: options.reportBudget, jobs: options.jobs)
        }

        if options.record == .all || (options.record == .failed && report.verdict == .different) {
            try record(
                &report, report.verdict == .different ? "approved: the goldens now hold this render" : "re-recorded")
        }
        return report
    }

    /// The report of a scene whose comparison could not be made: verdict `.error`, the reason
    /// as its note (JUnit `<error>`, exit status 2 on the command line).
    static func trouble(_ scene: Scene, _ reason: String, out: String, options: CheckOptions) -> ComparisonReport {
        ComparisonReport(
            name: scene.name, verdict: .error,
            expectedLabel: (options.goldens as NSString).appendingPathComponent(scene.name),
            actualLabel: (out as NSString).appendingPathComponent(scene.name), notes: [reason])
    }

    /// Decodes every stored golden PNG and holds its pixels to the hash `frames.txt` gives it, so
    /// a damaged golden is an error even while the rendered hashes still match the manifest
    /// (which alone would never open the PNG). Throws `ImageDiffError`.
    static func checkStoredFrames(_ frames: FrameSet) throws {
        for frame in frames.frames {
            guard let path = frame.path else { continue }
            let image = try FrameSet.decodeImage(path)
            let actual = FrameRecord.hash(image)
            if actual != frame.pixelHash {
                let hex = { (v: UInt64) in
                    String(repeating: "0", count: 16 - String(v, radix: 16).count) + String(v, radix: 16)
                }
                throw ImageDiffError.unreadableImage(
                    path: path,
                    message: "its pixels hash to \(hex(actual)) but frames.txt records \(hex(frame.pixelHash)) "
                        + "for frame \(frame.index); the golden is damaged (restore it from version control, or re-record with --record all)"
                )
            }
        }
    }

    /// Removes what rendering wrote into a temporary folder (`<scene>/`, `<scene>.*`): the frames
    /// were compared and the report holds what it shows.
    static func removeRenders(of scenes: [Scene], in folder: String) {
        let names = Set(scenes.map(\.name))
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            let stem = entry.split(separator: ".", maxSplits: 1).first.map(String.init) ?? entry
            guard names.contains(entry) || names.contains(stem) else { continue }
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(entry))
        }
    }

    static func temporaryDirectory() throws -> String {
        let path = (NSTemporaryDirectory() as NSString)
            .appendingPathComponent("flipbook-check-\(getpid())-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw GoldensError.io(path: path, operation: "create the render folder", reason: error.localizedDescription)
        }
        return path
    }
}
