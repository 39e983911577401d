import Determinism
import Export
import Foundation

/// What one render may touch in its output folder: the locks it holds (`OutputLock`), and the
/// frames its predecessors in that folder recorded, which are the only files it may delete.
///
/// A full render leaves exactly one render's frames in `<out>/<scene>/`: the frames past its end
/// that an earlier render of the scene left behind go. "Left behind by an earlier render" is
/// narrow on purpose: a frame listed, with its hash, in a manifest or resume journal of this
/// scene in this folder (the full render's or a shard's), read under the lock before this render
/// writes anything, and whose bytes still hash to that entry. A file no render recorded, or one
/// changed since, is not Flipbook's to delete and stays. Frames this render writes, or takes over
/// from an interrupted run with `--resume`, are its own and are never past its end. A shard or
/// range shares the folder with the other shards and deletes nothing.
struct OutputClaim {
    let locks: [OutputLock]
    /// Frame → hash, of the frames earlier renders of this scene recorded in this folder.
    let recordedFrames: [Int: String]

    /// Takes the locks for `stem` (`<scene>` or `<scene>.frames-AAAAAA-BBBBBB`) in `directory`,
    /// then reads what earlier renders recorded (only a full render needs it).
    static func take(directory: String, sceneName: String, stem: String, windowed: Bool, wait: Bool) throws
        -> OutputClaim
    {
        let scenePath = (directory as NSString).appendingPathComponent(sceneName + ".lock")
        var locks = [try OutputLock.acquire(scenePath, mode: windowed ? .shared : .exclusive, wait: wait)]
        if windowed {
            locks.append(
                try OutputLock.acquire(
                    (directory as NSString).appendingPathComponent(stem + ".lock"),
                    mode: .exclusive, wait: wait))
        }
        return OutputClaim(locks: locks, recordedFrames: windowed ? [:] : recorded(in: directory, sceneName: sceneName))
    }

    func release() {
        for lock in locks.reversed() { lock.release() }
    }

    /// The frames listed by `<scene>[.frames-…].manifest.json` and `.manifest.partial` in `directory`.
    static func recorded(in directory: String, sceneName: String) -> [Int: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var frames: [Int: String] = [:]
        for name in names.sorted()
        where name == sceneName + ".manifest.json"
            || name.hasPrefix(sceneName + ".frames-") && name.hasSuffix(".manifest.json")
        {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let manifest = try? RenderManifest.read(path), manifest.scene.name == sceneName,
                manifest.frames.directory == sceneName, manifest.frames.hashOf == "png"
            else { continue }
            for entry in manifest.frames.hashes { frames[entry.frame] = entry.hash }
        }
        for name in names.sorted()
        where name == sceneName + ".manifest.partial"
            || name.hasPrefix(sceneName + ".frames-") && name.hasSuffix(".manifest.partial")
        {
            let path = (directory as NSString).appendingPathComponent(name)
            frames.merge(RenderJournal.readAnyHeader(path: path)) { manifest, _ in manifest }
        }
        return frames
    }

    /// Removes the recorded frames at `end` or later whose bytes still match their record.
    func removeStaleFrames(from end: Int, in sequence: PNGSequence) {
        for (frame, hash) in recordedFrames.sorted(by: { $0.key < $1.key }) where frame >= end {
            let path = sequence.path(forFrame: frame)
            guard let bytes = try? RegularFile.contents(path, maxBytes: .max - 1).get(), FNV1a64.hexHash(bytes) == hash
            else {
                continue
            }
            unlink(path)
        }
    }
}
