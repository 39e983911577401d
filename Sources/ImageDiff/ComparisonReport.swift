import Foundation

/// The outcome of comparing one thing (a scene, a frame folder, a PNG pair): the data behind
/// every report format. Holds no timestamps or absolute machine state, so a report of the same
/// comparison is the same file.
public struct ComparisonReport: Sendable, Equatable, Codable {
    public enum Verdict: String, Sendable, Codable {
        /// Nothing differs in the comparator's mode.
        case same
        /// Frames, trace or events differ.
        case different
        /// Goldens were written by this run (`--record`); never counts as a pass.
        case recorded
        /// No goldens to compare with, and recording was not asked for (or not allowed).
        case missingGolden
        /// The comparison could not be made (unreadable file, size mismatch).
        case error
    }

    public var name: String
    public var verdict: Verdict
    public var expectedLabel: String
    public var actualLabel: String
    public var frames: SequenceDiff?
    public var trace: TraceDiff?
    /// Extra lines for people: what was recorded, what to run next, the error text.
    public var notes: [String]
    /// The scene file compared, when there is one (`flipbook check` names it in junit.xml).
    public var sceneFile: String?
    /// Wall-clock seconds the comparison took (render and compare), for junit.xml's `time`; the
    /// one value in a report that is not reproducible, like a render manifest's timings.
    public var seconds: Double?
    /// The page playing expected and actual in step (relative to the report folder), when written.
    public var motionPage: String?
    /// What changed in the resolved scene since the goldens were recorded (`SceneChanges`), when
    /// the goldens keep the scene; empty when it did not change.
    public var sceneChanges: [String]?

    public init(
        name: String, verdict: Verdict, expectedLabel: String, actualLabel: String,
        frames: SequenceDiff? = nil, trace: TraceDiff? = nil, notes: [String] = []
    ) {
        self.name = name
        self.verdict = verdict
        self.expectedLabel = expectedLabel
        self.actualLabel = actualLabel
        self.frames = frames
        self.trace = trace
        self.notes = notes
    }

    /// The verdict from the parts: different when frames or trace differ.
    public static func verdict(frames: SequenceDiff?, trace: TraceDiff?) -> Verdict {
        (frames?.differs ?? false) || (trace?.differs ?? false) ? .different : .same
    }

    public var passed: Bool { verdict == .same }

    /// The findings, most explanatory first: what changed in the scene, the time shift, then the
    /// semantic diff, then pixels.
    public var sentences: [String] {
        var out: [String] = []
        if verdict == .different, let sceneChanges { out += sceneChanges.map { "scene: " + $0 } }
        if let trace, trace.differs { out += trace.sentences }
        if let frames, frames.differs {
            if let shift = frames.timeShift, trace?.timeShift != shift {
                out.append("time shift: \(TimeShift.describe(shift)) (every frame)")
            }
            out.append(Self.frameSentence(frames))
        }
        return out + notes
    }

    static func frameSentence(_ frames: SequenceDiff) -> String {
        let failing = frames.failingFrames
        var text = "frames: \(failing.count) of \(max(frames.expectedFrameCount, frames.actualFrameCount)) differ"
        if frames.expectedFrameCount != frames.actualFrameCount {
            text += " (expected \(frames.expectedFrameCount) frames, got \(frames.actualFrameCount))"
        }
        guard let first = failing.first else { return text }
        text += "; first differing frame \(first.index)"
        switch (first.status, first.pixels) {
        case (.onlyExpected, _): text += " (missing from the actual frames)"
        case (.onlyActual, _): text += " (not in the expected frames)"
        case (_, let p?):
            text +=
                " (\(p.differingPixels) pixels, max channel delta \(p.maxChannelDelta), perceptual distance "
                + String(format: "%.3f", p.maxPerceptualDistance) + ")"
        default: text += " (by pixel hash; the expected pixels of this frame are not stored)"
        }
        return text
    }
}

/// Several comparisons reported together (one `flipbook diff` or `check` run).
public struct ReportBundle: Sendable, Equatable, Codable {
    /// "flipbook check" or "flipbook diff".
    public var title: String
    public var reports: [ComparisonReport]

    public init(title: String, reports: [ComparisonReport]) {
        self.title = title
        self.reports = reports
    }

    public var failures: Int { reports.filter { $0.verdict == .different || $0.verdict == .missingGolden }.count }
    public var errors: Int { reports.filter { $0.verdict == .error }.count }
    public var recorded: Int { reports.filter { $0.verdict == .recorded }.count }
}

/// Paths of the files `ReportWriter.write` produced.
public struct ReportFiles: Sendable, Equatable {
    public var html: String
    public var json: String
    public var junit: String
}

/// Writes a bundle as `index.html` (people), `report.json` (tools) and `junit.xml` (CI systems)
/// into one folder, beside the images the comparisons wrote there.
public enum ReportWriter {
    public static func write(_ bundle: ReportBundle, to directory: String) throws(ImageDiffError) -> ReportFiles {
        let files = ReportFiles(
            html: (directory as NSString).appendingPathComponent("index.html"),
            json: (directory as NSString).appendingPathComponent("report.json"),
            junit: (directory as NSString).appendingPathComponent("junit.xml"))
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: directory, reason: error.localizedDescription)
        }
        try save(HTMLReport.render(bundle), to: files.html)
        try save(json(bundle), to: files.json)
        try save(JUnitReport.render(bundle, reportLink: files.html), to: files.junit)
        return files
    }

    /// Pretty, key-sorted JSON of the bundle (the `Codable` types of this module are its schema).
    public static func json(_ bundle: ReportBundle) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(bundle) else { preconditionFailure("report types encode to JSON") }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func save(_ text: String, to path: String) throws(ImageDiffError) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .writeFailed(path: path, reason: error.localizedDescription)
        }
    }
}
