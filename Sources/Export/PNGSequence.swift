import FileSystem
import Foundation

/// A folder of numbered PNG frames: `frame_00000.png`, `frame_00001.png`, …
///
/// Each frame is written under a temporary name and renamed when complete (`DurableFile.write`),
/// so a reader never sees a truncated frame. Frames left over from an earlier, longer render of
/// the same scene are removed at the end, so the folder always holds exactly one render.
public struct PNGSequence: Sendable {
    public let directory: String

    /// Creates the folder (and its parents) if needed.
    public init(directory: String) throws {
        self.directory = directory
        do {
            try TemporaryFiles.shared.createDirectory(atPath: directory)
        } catch {
            throw ExportError.io(
                path: directory, operation: "create the folder", reason: "\(error.localizedDescription)")
        }
    }

    public static func fileName(forFrame index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    public func path(forFrame index: Int) -> String {
        (directory as NSString).appendingPathComponent(PNGSequence.fileName(forFrame: index))
    }

    /// Writes one frame durably (`DurableFile.write`), except for the folder's own flush:
    /// call `syncFolder()` after a batch, before recording its frames anywhere.
    public func write(encoded png: [UInt8], frame index: Int) throws {
        try DurableFile.write(png, to: path(forFrame: index), syncFolder: false)
    }

    /// Makes the renames of the frames written so far durable (one `fsync` of the folder).
    public func syncFolder() throws {
        try DurableFile.syncFolder(directory)
    }

    /// Removes `frame_NNNNN.png` files whose index is `count` or more.
    public func removeFrames(from count: Int) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix("frame_") && name.hasSuffix(".png") {
            let number = name.dropFirst("frame_".count).dropLast(".png".count)
            if let index = Int(number), index >= count {
                unlink((directory as NSString).appendingPathComponent(name))
            }
        }
    }
}
