import Determinism
import Foundation
import PNG

/// One frame of a sequence as a comparison sees it: its content hash, and where its pixels are
/// when they are available (goldens keep only some frames' pixels).
public struct FrameRecord: Sendable, Equatable {
    /// Frame index: the tick it shows.
    public var index: Int
    /// FNV-1a 64 of the decoded straight RGBA8 pixels: the PNG bytes may differ (zlib level,
    /// libpng version) while the pixels are equal, and pixels are what a regression is about.
    public var pixelHash: UInt64
    /// The PNG file, or nil when only the hash is known.
    public var path: String?

    public init(index: Int, pixelHash: UInt64, path: String?) {
        self.index = index
        self.pixelHash = pixelHash
        self.path = path
    }

    /// The hash of an image's pixels, as stored in `FrameRecord.pixelHash`.
    /// `Determinism.FNV1a64` over the buffer (its byte loop is compiled with -O even in debug
    /// builds, so a 640×1136 frame hashes in a few ms rather than ~60 ms).
    public static func hash(_ image: DecodedImage) -> UInt64 {
        image.rgba.withUnsafeBufferPointer { bytes in
            var hash = FNV1a64()
            hash.combine(buffer: bytes)
            return hash.value
        }
    }
}

/// A sequence of frames of one pixel size: a frame folder, one PNG, or a golden manifest.
public struct FrameSet: Sendable {
    /// Where it came from, for messages ("output/snap", "goldens/snap").
    public var label: String
    public var width: Int
    public var height: Int
    /// Sorted by index.
    public var frames: [FrameRecord]

    public init(label: String, width: Int, height: Int, frames: [FrameRecord]) {
        self.label = label
        self.width = width
        self.height = height
        self.frames = frames.sorted { $0.index < $1.index }
    }

    /// One PNG as a sequence of one frame (index 0).
    public static func image(_ path: String) throws(ImageDiffError) -> FrameSet {
        let image = try decode(path)
        return FrameSet(
            label: path, width: image.width, height: image.height,
            frames: [FrameRecord(index: 0, pixelHash: FrameRecord.hash(image), path: path)])
    }

    /// The PNGs of a folder. Files named `frame_NNNNN.png` (what `flipbook render` writes) take
    /// their index from the name; a folder of other PNGs is indexed in name order.
    public static func folder(_ path: String) throws(ImageDiffError) -> FrameSet {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
                .filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }.sorted()
        } catch {
            throw .missingFile(path: path)
        }
        guard !names.isEmpty else { throw .unsupportedInput(path: path, reason: "the folder holds no PNG frames") }
        let numbered = names.map(frameIndex)
        let useNumbers = numbered.allSatisfy { $0 != nil }
        var frames: [FrameRecord] = []
        var size: (Int, Int)?
        for (position, name) in names.enumerated() {
            let file = (path as NSString).appendingPathComponent(name)
            let image = try decode(file)
            if let (w, h) = size, w != image.width || h != image.height {
                let first = (path as NSString).appendingPathComponent(names[0])
                throw .sizeMismatch(
                    expected: first, expectedWidth: w, expectedHeight: h,
                    actual: file, actualWidth: image.width, actualHeight: image.height)
            }
            size = (image.width, image.height)
            frames.append(
                FrameRecord(
                    index: useNumbers ? numbered[position]! : position,
                    pixelHash: FrameRecord.hash(image), path: file))
        }
        return FrameSet(label: path, width: size?.0 ?? 0, height: size?.1 ?? 0, frames: frames)
    }

    /// 42 for "frame_00042.png", nil for any other name.
    public static func frameIndex(_ name: String) -> Int? {
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    /// "frame_00042.png": the name `flipbook render` gives frame 42.
    public static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Decodes one PNG, with the errors of this module (`missingFile`, `unreadableImage`).
    public static func decodeImage(_ path: String) throws(ImageDiffError) -> DecodedImage {
        try decode(path)
    }

    static func decode(_ path: String) throws(ImageDiffError) -> DecodedImage {
        guard FileManager.default.fileExists(atPath: path) else { throw .missingFile(path: path) }
        do {
            return try PNG.decode(contentsOf: path)
        } catch {
            throw .unreadableImage(path: path, message: error.description)
        }
    }
}
