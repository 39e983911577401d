import Foundation
import PNG

/// What happened to one frame index.
public struct FrameOutcome: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable {
        /// Identical pixels (equal hashes).
        case same
        /// Pixels changed, but not in the comparator's mode (perceptual mode: below the threshold
        /// or anti-aliasing only).
        case withinTolerance
        /// Differs in the comparator's mode (or by hash, when expected pixels are not stored).
        case different
        /// The frame exists only in the expected sequence (the actual one ended earlier).
        case onlyExpected
        /// The frame exists only in the actual sequence.
        case onlyActual
    }

    public var index: Int
    public var status: Status
    /// Pixel figures, when both frames' pixels were available and differed.
    public var pixels: PixelDifference?
    /// Images written for this frame, paths relative to the report folder.
    public var images: FrameImages?

    public var isFailure: Bool { status == .different || status == .onlyExpected || status == .onlyActual }
}

/// Report images of one differing frame, relative to the report folder. `expected`,
/// `difference` and `triptych` are nil when the expected pixels are not stored (goldens keep
/// hashes for most frames).
public struct FrameImages: Sendable, Equatable, Codable {
    public var expected: String?
    public var difference: String?
    public var actual: String?
    public var triptych: String?
}

/// The comparison of two frame sequences.
public struct SequenceDiff: Sendable, Equatable, Codable {
    public var expectedLabel: String
    public var actualLabel: String
    public var width: Int
    public var height: Int
    public var comparator: ImageComparator
    public var expectedFrameCount: Int
    public var actualFrameCount: Int
    /// One per index present on either side, in order.
    public var frames: [FrameOutcome]
    /// Ticks by which the actual sequence lags the expected one when that explains every
    /// difference (`actual[i + k] == expected[i]` on the whole overlap); negative when it runs
    /// ahead; nil when no shift within ±`TimeShift.searchRange` explains it.
    public var timeShift: Int?
    /// The heat strip PNG, relative to the report folder.
    public var heatStrip: String?
    /// Differing frames beyond `ArtifactOptions.maxImages` that got no images.
    public var imagesOmitted: Int

    public var failingFrames: [FrameOutcome] { frames.filter(\.isFailure) }
    public var firstDifferentFrame: Int? { frames.first(where: \.isFailure)?.index }
    public var differs: Bool { frames.contains(where: \.isFailure) }
}

/// Where the images of a comparison go.
public struct ArtifactOptions: Sendable {
    /// The report folder; images go under `directory/subfolder/`.
    public var directory: String
    /// Relative folder for this comparison's images, e.g. the scene name ("" for none).
    public var subfolder: String
    /// Differing frames that get expected / difference / actual / triptych images, from the
    /// first one on. Default 12: enough to follow a change, few enough to keep a report small.
    public var maxImages: Int
    /// How many bytes of images the comparison may write; nil: no limit. The first differing
    /// frame's images are always written; a later frame's only while its images, sized like the
    /// frame before it, still fit.
    public var maxBytes: Int?
    /// Whether each imaged frame also gets its triptych (expected, difference and actual side by
    /// side in one PNG, for a tool that posts one image); the HTML report does not show it.
    public var writesTriptych: Bool

    public init(
        directory: String, subfolder: String, maxImages: Int = 12, maxBytes: Int? = nil, writesTriptych: Bool = true
    ) {
        precondition(maxImages >= 0, "maxImages must not be negative")
        self.directory = directory
        self.subfolder = subfolder
        self.maxImages = maxImages
        self.maxBytes = maxBytes
        self.writesTriptych = writesTriptych
    }

    /// The bytes of the files a frame's images were written to (their paths are relative to
    /// `directory`).
    func size(of images: FrameImages) -> Int {
        [images.actual, images.expected, images.difference, images.triptych].compactMap { $0 }.reduce(0) {
            let absolute = (directory as NSString).appendingPathComponent($1)
            let attributes = try? FileManager.default.attributesOfItem(atPath: absolute)
            return $0 + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
        }
    }

    func path(_ name: String) -> (relative: String, absolute: String) {
        let relative = subfolder.isEmpty ? name : subfolder + "/" + name
        return (relative, (directory as NSString).appendingPathComponent(relative))
    }

    func write(_ image: DecodedImage, _ name: String) throws(ImageDiffError) -> String {
        let (relative, absolute) = path(name)
        let folder = (absolute as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let bytes = try PNG.encode(rgba: image.rgba, width: image.width, height: image.height)
            try PNG.writeAtomically(bytes, to: absolute)
        } catch {
            throw .writeFailed(path: absolute, reason: "\(error)")
        }
        return relative
    }
}

public enum SequenceComparison {
    /// Compares two sequences frame by frame (by hash first, pixels only where hashes differ),
    /// finds a pure time shift, and with `artifacts` writes the heat strip and per-frame images.
    /// Throws `sizeMismatch` when the pixel sizes differ, `unreadableImage` for a bad PNG.
    public static func compare(
        expected: FrameSet, actual: FrameSet, comparator: ImageComparator = .exact,
        artifacts: ArtifactOptions? = nil
    ) throws(ImageDiffError) -> SequenceDiff {
        if !expected.frames.isEmpty, !actual.frames.isEmpty,
            expected.width != actual.width || expected.height != actual.height
        {
            throw .sizeMismatch(
                expected: expected.label, expectedWidth: expected.width, expectedHeight: expected.height,
                actual: actual.label, actualWidth: actual.width, actualHeight: actual.height)
        }
        let byIndexE = Dictionary(expected.frames.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        let byIndexA = Dictionary(actual.frames.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        let indices = Set(byIndexE.keys).union(byIndexA.keys).sorted()

        var outcomes: [FrameOutcome] = []
        var imagesLeft = artifacts?.maxImages ?? 0
        var omitted = 0
        // The bytes of images written, and of the last frame's, which sizes the next (`maxBytes`).
        var (bytesWritten, lastSetBytes) = (0, 0)
        for index in indices {
            var outcome = FrameOutcome(index: index, status: .same)
            switch (byIndexE[index], byIndexA[index]) {
            case (let e?, let a?):
                guard e.pixelHash != a.pixelHash else { break }
                outcome.status = .different
                var expectedImage: DecodedImage?
                var actualImage: DecodedImage?
                var mask: [UInt8]?
                if let ep = e.path, let ap = a.path {
                    let ei = try FrameSet.decode(ep)
                    let ai = try FrameSet.decode(ap)
                    let (pixels, m) = comparator.compare(ei, ai)
                    outcome.pixels = pixels
                    outcome.status = pixels.differs ? .different : .withinTolerance
                    (expectedImage, actualImage, mask) = (ei, ai, m)
                } else if let ap = a.path {
                    actualImage = try FrameSet.decode(ap)
                }
                // Frames with both sides' pixels get the full set of images while the budget lasts;
                // a hash-only frame gets its actual image only when it is the first difference.
                let firstDifference = !outcomes.contains(where: \.isFailure)
                if outcome.status == .different, let artifacts, expectedImage != nil || firstDifference {
                    let fits = firstDifference || artifacts.maxBytes.map { bytesWritten + lastSetBytes <= $0 } ?? true
                    if imagesLeft > 0, fits {
                        imagesLeft -= 1
                        let images = try writeImages(
                            index: index, expected: expectedImage, actual: actualImage,
                            mask: mask, to: artifacts)
                        outcome.images = images
                        lastSetBytes = artifacts.size(of: images)
                        bytesWritten += lastSetBytes
                    } else {
                        omitted += 1
                    }
                }
            case (_?, nil): outcome.status = .onlyExpected
            case (nil, _?): outcome.status = .onlyActual
            case (nil, nil): preconditionFailure("index \(index) comes from one of the two sets")
            }
            outcomes.append(outcome)
        }

        var diff = SequenceDiff(
            expectedLabel: expected.label, actualLabel: actual.label,
            width: expected.frames.isEmpty ? actual.width : expected.width,
            height: expected.frames.isEmpty ? actual.height : expected.height,
            comparator: comparator, expectedFrameCount: expected.frames.count,
            actualFrameCount: actual.frames.count, frames: outcomes, timeShift: nil,
            heatStrip: nil, imagesOmitted: omitted)
        if diff.differs {
            let e = expected.frames.map(\.pixelHash)
            let a = actual.frames.map(\.pixelHash)
            diff.timeShift = TimeShift.detect(expectedCount: e.count, actualCount: a.count) { e[$0] == a[$1] }
        }
        if let artifacts, !outcomes.isEmpty {
            diff.heatStrip = try artifacts.write(DiffImages.heatStrip(outcomes), "heat-strip.png")
        }
        return diff
    }

    static func writeImages(
        index: Int, expected: DecodedImage?, actual: DecodedImage?, mask: [UInt8]?,
        to artifacts: ArtifactOptions
    ) throws(ImageDiffError) -> FrameImages {
        let stem = String(FrameSet.frameName(index).dropLast(4))
        var images = FrameImages()
        if let actual { images.actual = try artifacts.write(actual, stem + ".actual.png") }
        if let expected, let actual, let mask {
            let difference = DiffImages.difference(expected: expected, mask: mask)
            images.expected = try artifacts.write(expected, stem + ".expected.png")
            images.difference = try artifacts.write(difference, stem + ".diff.png")
            if artifacts.writesTriptych {
                images.triptych = try artifacts.write(
                    DiffImages.triptych([expected, difference, actual]), stem + ".triptych.png")
            }
        }
        return images
    }
}

/// Detection of a pure time shift: the same motion, started some ticks earlier or later.
public enum TimeShift {
    /// Shifts tried, in ticks either way. Default 10 (1/6 s at 60 fps): a delay longer than that
    /// is a different animation, not a late one.
    public static let searchRange = 10

    /// The smallest |k| ≥ 1 (positive first) for which the actual sequence is the expected one
    /// moved k ticks: every actual index t shows expected index t − k, where t − k < 0 must show
    /// the expected first frame (the start held while waiting) and t − k past the expected end its
    /// last frame (held at rest). Expected indices the actual never reaches are not checked (a
    /// fixed-length scene cuts the delayed motion short). At least 2 indices and half of the
    /// shorter sequence must line up. nil when no k within ±`range` does. `k > 0`: actual is late.
    public static func detect(
        expectedCount: Int, actualCount: Int, range: Int = searchRange,
        matches: (_ expected: Int, _ actual: Int) -> Bool
    ) -> Int? {
        guard range >= 1, expectedCount > 0, actualCount > 0 else { return nil }
        let needed = max(2, (min(expectedCount, actualCount) + 1) / 2)
        for magnitude in 1...range {
            for k in [magnitude, -magnitude] {
                let aligned = (0..<actualCount).filter { (0..<expectedCount).contains($0 - k) }.count
                guard aligned >= needed else { continue }
                let explained = (0..<actualCount).allSatisfy { t in
                    matches(min(max(t - k, 0), expectedCount - 1), t)
                }
                if explained { return k }
            }
        }
        return nil
    }

    /// "actual matches expected 1 tick later" / "3 ticks earlier".
    public static func describe(_ k: Int) -> String {
        let n = abs(k)
        return "actual matches expected \(n) tick\(n == 1 ? "" : "s") \(k > 0 ? "later" : "earlier")"
    }
}
