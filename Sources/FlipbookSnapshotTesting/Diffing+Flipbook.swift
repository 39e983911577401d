import Foundation
import ImageDiff
import PNG
import SnapshotTesting

// How a stored snapshot and a new one are compared, and what a failure says.
//
// Images are compared by their decoded pixels, never by PNG bytes (two encoders may write the
// same pixels differently). A failure writes expected | difference | actual side by side into a
// PNG and names its path in the message: swift-snapshot-testing drops attachments on Linux, so a
// file is what a reader of a CI log can open. Traces are compared as Flipbook's `diff` compares
// them: which items diverge, from which tick, by how much.

extension Diffing where Value == Data {
    /// PNG images judged by `comparator` on their decoded pixels (exact by default).
    public static func flipbookImage(comparator: ImageComparator = .exact) -> Diffing {
        .diff(
            toData: { $0 }, fromData: { $0 },
            diffV2: { reference, snapshot in
                ImageSnapshotDiff.describe(reference: reference, snapshot: snapshot, comparator).map { ($0, []) }
            })
    }
}

extension Diffing where Value == String {
    /// Trace CSVs: equal text passes; otherwise the message lists the items and properties that
    /// diverge (Flipbook's trace diff), then the first differing lines.
    public static var flipbookTrace: Diffing {
        .diff(
            toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) },
            diffV2: { reference, snapshot in
                reference == snapshot ? nil : (TraceSnapshotDiff.describe(reference: reference, snapshot: snapshot), [])
            })
    }
}

enum ImageSnapshotDiff {
    /// nil when the images match; otherwise what differs, in one paragraph.
    static func describe(reference: Data, snapshot: Data, _ comparator: ImageComparator) -> String? {
        if reference == snapshot { return nil }
        for data in [snapshot, reference] where data.starts(with: Data(SnapshotRender.failurePrefix.utf8)) {
            return String(decoding: data, as: UTF8.self)
        }
        let expected: DecodedImage
        let actual: DecodedImage
        do {
            expected = try PNG.decode([UInt8](reference))
            actual = try PNG.decode([UInt8](snapshot))
        } catch {
            return "the stored snapshot or the new one is not a readable PNG: \(error)"
        }
        guard expected.width == actual.width, expected.height == actual.height else {
            return
                "the snapshot is \(actual.width)×\(actual.height) px, the stored one \(expected.width)×\(expected.height) px"
        }
        let (difference, mask) = comparator.compare(expected, actual)
        guard difference.differs else { return nil }
        var message =
            "\(difference.differingPixels) of \(expected.width * expected.height) pixels differ (\(percent(difference.differingFraction)), compared \(comparator.summary)); largest channel change \(difference.maxChannelDelta) of 255"
        if let box = changedBox(mask, width: expected.width) {
            message += ", inside x \(box.x0)…\(box.x1), y \(box.y0)…\(box.y1)"
        }
        if let path = writeTriptych(expected, DiffImages.difference(expected: expected, mask: mask), actual) {
            message += "\nexpected | difference | actual: \(path)"
        }
        return message
    }

    static func percent(_ fraction: Double) -> String {
        String(format: "%.2f %%", fraction * 100)
    }

    /// The smallest box holding every differing pixel of `mask` (non-zero bytes).
    static func changedBox(_ mask: [UInt8], width: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var box: (x0: Int, y0: Int, x1: Int, y1: Int)?
        for (i, m) in mask.enumerated() where m != 0 {
            let (x, y) = (i % width, i / width)
            box = box.map { (min($0.x0, x), min($0.y0, y), max($0.x1, x), max($0.y1, y)) } ?? (x, y, x, y)
        }
        return box
    }

    /// The three images side by side, in the temporary folder under a name made from the
    /// snapshot's pixels (a rerun of the same failure writes the same file).
    static func writeTriptych(_ images: DecodedImage...) -> String? {
        let image = DiffImages.triptych(images)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-snapshot-diffs")
        let name = String(format: "%016llx.png", FrameRecord.hash(images[2]))
        let path = folder.appendingPathComponent(name).path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let bytes = try PNG.encode(rgba: image.rgba, width: image.width, height: image.height)
            try PNG.writeAtomically(bytes, to: path, syncFolder: false)
            return path
        } catch {
            return nil
        }
    }
}

enum TraceSnapshotDiff {
    /// The trace diff's sentences, then the first differing line of each side.
    static func describe(reference: String, snapshot: String) -> String {
        var lines: [String] = []
        if let expected = try? TraceTable.parseCSV(reference, path: "stored trace"),
            let actual = try? TraceTable.parseCSV(snapshot, path: "new trace")
        {
            lines += TraceDiff.compare(expected: expected, actual: actual).sentences
        }
        let old = reference.split(separator: "\n", omittingEmptySubsequences: false)
        let new = snapshot.split(separator: "\n", omittingEmptySubsequences: false)
        if let k = zip(old, new).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
            ?? (old.count != new.count ? min(old.count, new.count) : nil)
        {
            lines.append("first differing line, \(k + 1):")
            lines.append("− " + (k < old.count ? String(old[k]) : "(none)"))
            lines.append("+ " + (k < new.count ? String(new[k]) : "(none)"))
        }
        return lines.joined(separator: "\n")
    }
}
