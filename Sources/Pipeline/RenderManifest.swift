import Export
import Foundation
import PNG
import Synchronization

/// The receipt of one render, `<out>/<scene>.manifest.json` (a selected render:
/// `<out>/<scene>.frames-000120-000240.manifest.json`), written atomically when the render ends.
///
/// It says what was rendered (the scene's hash, the frames, the colour mode), with what (the
/// Flipbook and ffmpeg versions and the exact ffmpeg commands), what came out (a hash per frame
/// and per video) and how long each stage took. `flipbook verify` checks files against it and
/// `--resume` trusts the frames whose bytes still match it.
///
/// The timings are wall-clock seconds and the only non-deterministic field; they never reach a
/// frame or a video. Keys are sorted, so two manifests of the same render differ only there.
///
/// A manifest is published with the frames, so it names no path of the rendering machine: files
/// are relative to the output folder (frames, videos) or the scene's folder (images, the scene's
/// fonts), a system font is named by family, weight and file name, ffmpeg by its file name.
/// The same render in another folder or on another machine writes the same manifest.
public struct RenderManifest: Codable, Equatable, Sendable {
    /// "flipbook-render-manifest".
    public var kind: String = RenderManifest.kindName
    /// Layout version of this file: 2 (no absolute paths: fonts by `source`, images by `file`,
    /// ffmpeg by name). Version 1 recorded the absolute paths of fonts and images; `verify`
    /// refuses those fields rather than open what they name.
    public var manifestVersion: Int = 2
    public var flipbookVersion: String
    public var scene: SceneInfo
    public var colour: ColourMode = .init()
    public var frames: FrameInfo
    public var videos: [VideoInfo]
    public var ffmpeg: FFmpegInfo?
    public var timings: Timings
    /// Display-list entries dropped because a transform or size was not finite (should stay
    /// empty: scene validation rejects non-finite input; this is the defensive second line).
    public var droppedNonFinite: [DroppedItem]
    /// Icon files the scene drew (`icon:`), in the order items list them, each with the FNV-1a 64
    /// hash of its bytes; absent when there are none.
    public var icons: [AssetFile]? = nil
    /// The font files the scene's text was drawn with, the scene's own first, each sorted by
    /// file; absent when the scene has no text. `verify` re-hashes them, so a font replaced since
    /// the render is reported.
    public var fonts: [FontInfo]? = nil
    /// Image files the scene drew (`image:`), in the order items list them: the file relative to
    /// the scene's folder and the FNV-1a 64 hash of its bytes; absent when there are none.
    /// `verify --scene-folder` re-hashes them, so an image replaced since the render is reported.
    public var images: [ImageInfo]? = nil
    /// Lottie files the scene played (`lottie:`), as `images`: the file relative to the scene's
    /// folder and its hash; absent when there are none. `verify --scene-folder` re-hashes them.
    public var lottie: [AssetFile]? = nil
    /// The rlottie that drew them ("rlottie 0.1.0-1", from its library's file name); absent
    /// without Lottie files.
    public var lottiePlayer: String? = nil
    /// For a joined video (`flipbook concat`): the segments it was joined from, in frame order.
    /// Nil for a render. Such a manifest lists no frames; `verify` checks its video.
    public var joinedFrom: [Segment]?

    /// One segment of a joined video.
    public struct Segment: Codable, Equatable, Sendable {
        /// The segment's video file and manifest: their file names (segments may be gathered
        /// from anywhere; where they were is not part of the receipt).
        public var file: String
        public var manifest: String
        /// FNV-1a 64 of the segment file's bytes.
        public var hash: String
        /// Its frames, `start ..< end` of the scene.
        public var start: Int
        public var end: Int
    }

    public static let kindName = "flipbook-render-manifest"

    public struct SceneInfo: Codable, Equatable, Sendable {
        public var name: String
        /// FNV-1a 64 (16 hex digits) of `hashedText`'s description of the resolved scene.
        public var hash: String
        /// What `hash` covers: "resolved scene (Swift String(reflecting:))": every value after
        /// defaults, so comments, key order and YAML vs JSON do not change it, and a scene built
        /// in Swift has one too.
        public var hashOf: String
        public var fps: Int
        public var width: Int
        public var height: Int
    }

    public struct ColourMode: Codable, Equatable, Sendable {
        public var space = "sRGB (no conversion: scene colours are stored as written)"
        public var bitsPerChannel = 8
        public var blending = "premultiplied alpha, source-over, in 8-bit sRGB"
        public var output = "straight (unpremultiplied) RGBA8; videos converted by ffmpeg to BT.709 limited range"
    }

    public struct FrameInfo: Codable, Equatable, Sendable {
        /// The scene's frame count (all frames, not just this render's).
        public var sceneFrameCount: Int
        /// First frame of this render.
        public var start: Int
        /// One past the last frame of this render.
        public var end: Int
        /// The `--shard` value ("2/8"), if any.
        public var shard: String?
        /// The `--frames` value, if any.
        public var requestedRange: String?
        /// Folder of the PNG frames, relative to the manifest; nil when no PNG was written.
        public var directory: String?
        /// "png": hashes are of the PNG file bytes; "rgba": of the raw straight RGBA8 pixels
        /// (no PNG was written).
        public var hashOf: String
        /// `zlib level/strategy/filter` of the PNG frames (they change the bytes).
        public var pngSettings: String
        /// One entry per frame, in order.
        public var hashes: [FrameHash]
    }

    public struct FrameHash: Codable, Equatable, Sendable {
        public var frame: Int
        /// FNV-1a 64, 16 hex digits.
        public var hash: String
    }

    public struct VideoInfo: Codable, Equatable, Sendable {
        public var format: String
        /// File name, relative to the manifest.
        public var file: String
        /// FNV-1a 64 of the file's bytes.
        public var hash: String
        /// Video frames `firstVideoFrame ..< endVideoFrame` of the full video (plus held frames
        /// when this render ends the scene).
        public var firstVideoFrame: Int
        public var endVideoFrame: Int
        public var fps: Int
        /// The ffmpeg command that wrote it, shell-quoted, naming the executable `ffmpeg` and the
        /// output by `file` (ffmpeg wrote a hidden temporary name beside it, then it was renamed).
        public var command: String
        /// Everything besides the scene that decides the video's bytes, for `concat` to check that
        /// segments were encoded alike: the ffmpeg version, the command's arguments without the
        /// executable and the output path (codec, `-qp`, `-preset`, GOP, size, rate), and the
        /// render's `motionBlur` and `hold`. Nil in manifests written before it existed.
        public var settings: String?
    }

    public struct FFmpegInfo: Codable, Equatable, Sendable {
        /// The executable's file name ("ffmpeg"), not the folder it was found in.
        public var executable: String
        public var version: String
    }

    public struct Timings: Codable, Equatable, Sendable {
        /// Replaying the simulation and building display lists (one thread).
        public var simulateSeconds: Double = 0
        /// Rasterizing, summed over worker threads.
        public var rasterSeconds: Double = 0
        /// PNG encoding and hashing (or decoding and checking reused frames), summed over workers.
        public var encodeSeconds: Double = 0
        /// Writing PNG files (fsync included) and the journal, on the publisher's thread
        /// (`FramePublisher`), overlapping the other stages.
        public var writeSeconds: Double = 0
        /// Feeding ffmpeg and waiting for it to finish.
        public var videoSeconds: Double = 0
        /// The whole render.
        public var totalSeconds: Double = 0
        /// Frames taken from an earlier, interrupted render (`--resume`) instead of rendered.
        public var framesReused: Int = 0
    }

    public struct AssetFile: Codable, Equatable, Sendable {
        /// As the scene wrote it, relative to the scene's folder.
        public var file: String
        /// FNV-1a 64 of the file's bytes, 16 hex digits.
        public var hash: String
    }

    public struct FontInfo: Codable, Equatable, Sendable {
        /// "scene": one of the scene's `fonts:`, `file` relative to the scene's folder. "system":
        /// a font of the distribution (`FontRegistry`), `file` its file name. Nil only in a
        /// version 1 manifest.
        public var source: String?
        public var file: String?
        /// FreeType's family name and the OS/2 weight: how `verify` finds a system font again.
        public var family: String?
        public var weight: Int?
        /// FNV-1a 64 of the font file's bytes, 16 hex digits.
        public var hash: String
        /// Version 1 only: the absolute path on the rendering machine. Never written now, never opened.
        public var path: String?

        public init(source: String, file: String, family: String, weight: Int, hash: String) {
            self.source = source
            self.file = file
            self.family = family
            self.weight = weight
            self.hash = hash
        }

        public static let scene = "scene"
        public static let system = "system"
    }

    public struct ImageInfo: Codable, Equatable, Sendable {
        /// As the scene wrote it, relative to the scene's folder (`.` and `x/..` steps removed).
        public var file: String
        /// FNV-1a 64 of the file's bytes, 16 hex digits.
        public var hash: String
        /// Version 1 only: the absolute path on the rendering machine. Never written now, never opened.
        public var path: String?

        public init(file: String, hash: String) {
            self.file = file
            self.hash = hash
        }
    }

    public struct DroppedItem: Codable, Equatable, Sendable {
        public var frame: Int
        public var drawIndex: Int
    }

    /// Pretty-printed, sorted keys, trailing newline.
    public func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(self)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    public static func read(_ path: String) throws -> RenderManifest {
        let data: Data
        switch RegularFile.contents(path, maxBytes: RegularFile.maxRecordBytes) {
        case .success(let bytes): data = bytes
        case .failure(let refusal): throw ManifestError.unreadable(path: path, reason: refusal.reason)
        }
        do {
            let manifest = try JSONDecoder().decode(RenderManifest.self, from: data)
            guard manifest.kind == kindName else {
                throw ManifestError.notAManifest(path: path, reason: "kind is '\(manifest.kind)'")
            }
            return manifest
        } catch let error as ManifestError {
            throw error
        } catch {
            throw ManifestError.notAManifest(path: path, reason: "\(error)")
        }
    }

    /// `<scene>[.frames-AAAAAA-BBBBBB]` : the stem of the manifest, journal and segment videos.
    public static func stem(scene: String, window: Range<Int>?) -> String {
        scene + (window.map(FrameSelection.fileInfix) ?? "")
    }
}

/// A manifest or journal that cannot be used.
public enum ManifestError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case notAManifest(path: String, reason: String)
    case noManifest(directory: String)
    /// A manifest names a file outside its own folder (`field` is where, `value` what).
    case outsideFolder(path: String, field: String, value: String, reason: String)
    /// A version 1 manifest records an absolute path of the machine that rendered it (`field`).
    case machinePath(path: String, field: String, value: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .notAManifest(let path, let reason): return "\(path) is not a Flipbook render manifest: \(reason)"
        case .noManifest(let directory):
            return "\(directory) holds no *.manifest.json; render into it first (every render writes one)"
        case .outsideFolder(let path, let field, let value, let reason):
            let folder =
                field.hasPrefix("fonts[") || field.hasPrefix("images[") ? "the scene's folder" : "its own folder"
            return
                "\(path): \(field) '\(value)' is refused: \(reason); a manifest may only name files inside \(folder) (nothing was hashed)"
        case .machinePath(let path, let field, let value):
            return
                "\(path): \(field) '\(value)' is an absolute path of the machine that rendered it (a manifest written by an older flipbook); verify does not open paths a manifest gives outside its folders (nothing was hashed): render the scene again with this flipbook for a manifest that names files relative to the output and scene folders"
        }
    }
}

/// The resume journal, `<stem>.manifest.partial`: a header line naming what is being rendered,
/// then one line `frame hash` per frame, appended after each batch once the batch's frames are
/// renamed into place. Each batch is one `write(2)` to an `O_APPEND` descriptor; a render killed
/// mid-append can leave at most a torn last line, which `read` ignores. Removed when the
/// manifest is written. Sendable: `FramePublisher`'s thread appends, the render's thread opens
/// and finishes it, so the descriptor lives behind a `Mutex`.
final class RenderJournal: Sendable {
    let path: String
    private let descriptor = Mutex<Int32>(-1)

    init(path: String) { self.path = path }

    /// The header identifying what a journal's frames belong to: the scene, the window and every
    /// setting that changes a frame's bytes.
    static func header(sceneHash: String, window: Range<Int>, hashOf: String, pngSettings: String) -> String {
        "flipbook-journal 1 scene=\(sceneHash) frames=\(window.lowerBound)..<\(window.upperBound) hashOf=\(hashOf) png=\(pngSettings)"
    }

    /// The frame hashes recorded under `header`; empty when the file is missing or its header differs.
    static func read(path: String, header: String) -> [Int: String] {
        guard let data = try? RegularFile.contents(path, maxBytes: RegularFile.maxRecordBytes).get() else { return [:] }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first.map(String.init) == header else { return [:] }
        lines.removeFirst()
        // A torn last line has no newline after it: the split's last element is then non-empty.
        if let last = lines.last, !last.isEmpty { lines.removeLast() }
        var hashes: [Int: String] = [:]
        for line in lines {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let frame = Int(fields[0]), fields[1].count == 16 else { continue }
            hashes[frame] = String(fields[1])
        }
        return hashes
    }

    /// The frame hashes of a journal whatever its header says (what some earlier render wrote).
    static func readAnyHeader(path: String) -> [Int: String] {
        guard let data = try? RegularFile.contents(path, maxBytes: RegularFile.maxRecordBytes).get(),
            let header = String(decoding: data, as: UTF8.self).split(separator: "\n").first
        else { return [:] }
        return read(path: path, header: String(header))
    }

    /// Opens for appending; `fresh` starts a new file with `header`, else appends to the existing
    /// one (whose header the caller checked).
    func open(header: String, fresh: Bool) throws {
        if fresh {
            try AtomicFile.write(header + "\n", to: path)
        }
        let opened = Foundation.open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        descriptor.withLock { $0 = opened }
        guard opened >= 0 else {
            throw ExportError.io(
                path: path, operation: "open the resume journal", reason: String(cString: strerror(errno)))
        }
    }

    func append(_ entries: [(frame: Int, hash: String)]) throws {
        guard !entries.isEmpty else { return }
        let bytes = Array(entries.map { "\($0.frame) \($0.hash)\n" }.joined().utf8)
        // Held for the whole write, so a `close` from another thread cannot pull the descriptor away.
        try descriptor.withLock { descriptor in
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    return Foundation.write(descriptor, base + offset, buffer.count - offset)
                }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw ExportError.io(
                        path: path, operation: "append to the resume journal",
                        reason: String(cString: strerror(errno)))
                }
                offset += n
            }
        }
    }

    /// Closes and deletes the journal (the manifest now holds everything).
    func finish() {
        close()
        unlink(path)
    }

    func close() {
        descriptor.withLock { descriptor in
            if descriptor >= 0 {
                _ = Foundation.close(descriptor)
                descriptor = -1
            }
        }
    }

    deinit { close() }
}
