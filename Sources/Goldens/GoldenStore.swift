import Foundation
import ImageDiff
import PNG

/// Which frames keep their PNG in the goldens; every frame keeps its pixel hash.
public enum StoredFrames: Sendable, Equatable {
    /// `count` frames evenly spaced from the first to the last (both included). Default 8.
    case evenlySpaced(Int)
    /// Every frame: full pixel diffs for every frame, at ~8 KiB per 640×1136 frame.
    case all

    public static let `default` = StoredFrames.evenlySpaced(8)

    /// The stored indices among `frameCount` frames, ascending.
    public func indices(frameCount: Int) -> [Int] {
        switch self {
        case .all: return Array(0..<frameCount)
        case .evenlySpaced(let count):
            guard frameCount > 0, count > 0 else { return [] }
            if count >= frameCount { return Array(0..<frameCount) }
            if count == 1 { return [0] }
            let last = Double(frameCount - 1)
            let steps = Double(count - 1)
            let picks: [Int] = (0..<count).map { (i: Int) -> Int in
                let position: Double = Double(i) * last / steps
                return Int(position.rounded())
            }
            return Array(Set(picks)).sorted()
        }
    }
}

/// The approved output of one scene: `<goldens>/<scene>/`.
///
/// ```
/// frames.txt        manifest: size, and per frame the FNV-1a 64 of its decoded pixels, "png" when stored
/// trace.csv         the render's trace CSV, byte for byte
/// events.txt        the trace's events, "68 animator paused", one a line
/// scene.txt         the resolved scene, one `path = value` a line (SceneListing)
/// frame_00000.png … the stored frames (StoredFrames), byte for byte as rendered
/// ```
public struct GoldenStore: Sendable {
    public var directory: String

    public init(directory: String) { self.directory = directory }

    public static let manifestName = "frames.txt"
    var manifestPath: String { path(Self.manifestName) }
    var tracePath: String { path("trace.csv") }
    var eventsPath: String { path("events.txt") }
    var scenePath: String { path("scene.txt") }

    /// The resolved scene the goldens were recorded from, one `path = value` a line; nil for
    /// goldens recorded without it.
    public func storedScene() -> [String]? {
        guard let text = try? String(contentsOfFile: scenePath, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").map(String.init)
    }

    func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    public var exists: Bool { FileManager.default.fileExists(atPath: manifestPath) }

    /// The expected frames (hash for all, path for stored ones) and trace.
    public func load() throws -> (frames: FrameSet, trace: TraceTable?) {
        guard let text = try? String(contentsOfFile: manifestPath, encoding: .utf8) else {
            throw GoldensError.io(path: manifestPath, operation: "read", reason: "missing or not UTF-8")
        }
        var width = 0
        var height = 0
        var frames: [FrameRecord] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty
        {
            let fields = line.split(separator: " ").map(String.init)
            func bad(_ reason: String) -> GoldensError {
                .malformedManifest(path: manifestPath, line: n + 1, reason: reason)
            }
            switch fields.first {
            case "flipbook-goldens":
                guard fields.count == 2, fields[1] == "1" else {
                    throw bad("unsupported goldens version '\(line)'; expected 'flipbook-goldens 1'")
                }
            case "scene": break
            case "size":
                guard fields.count == 3, let w = Int(fields[1]), let h = Int(fields[2]) else {
                    throw bad("expected 'size WIDTH HEIGHT'")
                }
                (width, height) = (w, h)
            case "frame":
                guard fields.count >= 3, let index = Int(fields[1]), let hash = UInt64(fields[2], radix: 16) else {
                    throw bad("expected 'frame INDEX HASH [png]'")
                }
                let stored = fields.count == 4 && fields[3] == "png"
                frames.append(
                    FrameRecord(index: index, pixelHash: hash, path: stored ? path(FrameSet.frameName(index)) : nil))
            default:
                throw bad("unknown line '\(line)'")
            }
        }
        var trace: TraceTable?
        if FileManager.default.fileExists(atPath: tracePath) {
            trace = try TraceTable.load(csvPath: tracePath, textPath: nil)
            if let events = try? String(contentsOfFile: eventsPath, encoding: .utf8) {
                trace?.events = TraceEvent.parse(serialized: events)
            }
        }
        return (FrameSet(label: directory, width: width, height: height, frames: frames), trace)
    }

    /// Replaces the goldens with a render's frames and trace. Removes only the files this type
    /// writes, so notes kept beside the goldens survive.
    public func record(
        sceneName: String, frames: FrameSet, traceCSVPath: String?, events: [TraceEvent],
        stored: StoredFrames, scene: [String]? = nil
    ) throws -> Int {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for name in try manager.contentsOfDirectory(atPath: directory)
            where FrameSet.frameIndex(name) != nil
                || [Self.manifestName, "trace.csv", "events.txt", "scene.txt"].contains(name)
            {
                try manager.removeItem(atPath: path(name))
            }
        } catch {
            throw GoldensError.io(
                path: directory, operation: "prepare the goldens folder", reason: error.localizedDescription)
        }
        let keep = Set(stored.indices(frameCount: frames.frames.count).map { frames.frames[$0].index })
        var manifest = "flipbook-goldens 1\nscene \(sceneName)\nsize \(frames.width) \(frames.height)\n"
        for frame in frames.frames {
            let hex = String(frame.pixelHash, radix: 16)
            manifest += "frame \(frame.index) \(String(repeating: "0", count: 16 - hex.count) + hex)"
            if keep.contains(frame.index), let source = frame.path {
                try copy(source, to: path(FrameSet.frameName(frame.index)))
                manifest += " png"
            }
            manifest += "\n"
        }
        try write(manifest, to: manifestPath)
        if let traceCSVPath { try copy(traceCSVPath, to: tracePath) }
        try write(TraceEvent.serialize(events), to: eventsPath)
        if let scene { try write(scene.map { $0 + "\n" }.joined(), to: scenePath) }
        return keep.count
    }

    func copy(_ source: String, to target: String) throws {
        do {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
            try PNG.writeAtomically([UInt8](bytes), to: target)
        } catch {
            throw GoldensError.io(path: target, operation: "copy '\(source)' to", reason: "\(error)")
        }
    }

    func write(_ text: String, to target: String) throws {
        do {
            try PNG.writeAtomically(Array(text.utf8), to: target)
        } catch {
            throw GoldensError.io(path: target, operation: "write", reason: error.description)
        }
    }
}
