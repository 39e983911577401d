import Foundation

/// `flipbook diff`'s library half: compares two paths of the same kind.
///
/// - two PNG files: one frame each;
/// - two frame folders (PNGs directly inside): frame by frame, plus the traces beside them when
///   both have one (`out/snap/` → `out/snap.trace.csv`, `out/snap.trace.txt`);
/// - two render folders (what `flipbook render --out` writes): every scene found on either side,
///   by `<scene>.trace.csv` or a `<scene>/` folder of frames.
public enum PathComparison {
    /// Throws `missingFile` for a path that does not exist, `unsupportedInput` for a PNG against
    /// a folder, `sizeMismatch` for frames of different sizes: the "trouble" of exit status 2.
    public static func compare(
        expected: String, actual: String, comparator: ImageComparator = .exact,
        reportDirectory: String? = nil, maxImages: Int = 12
    ) throws(ImageDiffError) -> ReportBundle {
        let e = try kind(expected)
        let a = try kind(actual)
        func artifacts(_ subfolder: String) -> ArtifactOptions? {
            reportDirectory.map { ArtifactOptions(directory: $0, subfolder: subfolder, maxImages: maxImages) }
        }
        var reports: [ComparisonReport] = []
        switch (e, a) {
        case (.image, .image):
            let name = (actual as NSString).lastPathComponent
            let frames = try SequenceComparison.compare(
                expected: FrameSet.image(expected), actual: FrameSet.image(actual),
                comparator: comparator, artifacts: artifacts(""))
            reports.append(
                ComparisonReport(
                    name: name, verdict: ComparisonReport.verdict(frames: frames, trace: nil),
                    expectedLabel: expected, actualLabel: actual, frames: frames))
        case (.frameFolder, .frameFolder):
            reports.append(
                try compareScene(
                    name: (trimmed(actual) as NSString).lastPathComponent,
                    expectedFrames: expected, actualFrames: actual,
                    expectedTrace: trimmed(expected), actualTrace: trimmed(actual),
                    comparator: comparator, artifacts: artifacts("")))
        case (.renderFolder, .renderFolder), (.renderFolder, .frameFolder), (.frameFolder, .renderFolder):
            let names = Set(sceneNames(expected)).union(sceneNames(actual)).sorted()
            guard !names.isEmpty else {
                throw .unsupportedInput(path: expected, reason: "holds no frames and no traces to compare")
            }
            for name in names {
                let ef = (expected as NSString).appendingPathComponent(name)
                let af = (actual as NSString).appendingPathComponent(name)
                reports.append(
                    try compareScene(
                        name: name, expectedFrames: ef, actualFrames: af,
                        expectedTrace: ef, actualTrace: af,
                        comparator: comparator, artifacts: artifacts(name)))
            }
        default:
            throw .unsupportedInput(
                path: actual,
                reason:
                    "is not the same kind of thing as '\(expected)'; compare two PNGs, two frame folders or two render folders"
            )
        }
        let bundle = ReportBundle(title: "flipbook diff", reports: reports)
        if let reportDirectory { _ = try ReportWriter.write(bundle, to: reportDirectory) }
        return bundle
    }

    /// One scene: frames when both folders exist, traces (`<base>.trace.csv`) when both exist.
    static func compareScene(
        name: String, expectedFrames: String, actualFrames: String,
        expectedTrace: String, actualTrace: String,
        comparator: ImageComparator, artifacts: ArtifactOptions?
    ) throws(ImageDiffError) -> ComparisonReport {
        var report = ComparisonReport(
            name: name, verdict: .same, expectedLabel: expectedFrames, actualLabel: actualFrames)
        let hasE = isFolder(expectedFrames)
        let hasA = isFolder(actualFrames)
        if hasE && hasA {
            report.frames = try SequenceComparison.compare(
                expected: FrameSet.folder(expectedFrames),
                actual: FrameSet.folder(actualFrames),
                comparator: comparator, artifacts: artifacts)
        } else if hasE != hasA {
            report.notes.append("frames only in \(hasE ? "the expected" : "the actual") render")
        }
        let ec = expectedTrace + ".trace.csv"
        let ac = actualTrace + ".trace.csv"
        let hasEC = exists(ec)
        let hasAC = exists(ac)
        if hasEC && hasAC {
            report.trace = TraceDiff.compare(
                expected: try TraceTable.load(csvPath: ec, textPath: expectedTrace + ".trace.txt"),
                actual: try TraceTable.load(csvPath: ac, textPath: actualTrace + ".trace.txt"))
        } else if hasEC != hasAC {
            report.notes.append("a trace only in \(hasEC ? "the expected" : "the actual") render")
        }
        report.verdict =
            report.notes.isEmpty ? ComparisonReport.verdict(frames: report.frames, trace: report.trace) : .different
        return report
    }

    enum Kind { case image, frameFolder, renderFolder }

    static func kind(_ path: String) throws(ImageDiffError) -> Kind {
        var folder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &folder) else { throw .missingFile(path: path) }
        guard folder.boolValue else { return .image }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.contains { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") } ? .frameFolder : .renderFolder
    }

    /// Scenes of a render folder: `<name>.trace.csv` files and subfolders holding PNGs.
    static func sceneNames(_ path: String) -> [String] {
        guard (try? kind(path)) == .renderFolder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.compactMap { name in
            if name.hasSuffix(".trace.csv") { return String(name.dropLast(".trace.csv".count)) }
            let full = (path as NSString).appendingPathComponent(name)
            if isFolder(full), (try? kind(full)) == .frameFolder { return name }
            return nil
        }
    }

    static func trimmed(_ path: String) -> String {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }

    static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
}
