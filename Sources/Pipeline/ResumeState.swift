import Determinism
import Dispatch
import Export
import Foundation

/// What `--resume` may take over from an earlier, interrupted render of the same frames: the
/// frames its manifest or journal recorded whose files still hash to the record, and whether
/// its videos are already complete.
struct ResumeState {
    /// Frame → hash recorded by the earlier render (manifest, then journal).
    var known: [Int: String] = [:]
    /// The subset of `known` whose PNG file exists and still matches.
    var reusable: [Int: String] = [:]
    /// The earlier render's videos exist, match their hashes and are the formats asked for.
    var videoUpToDate = false

    static func load(options: RenderOptions, manifestPath: String, journalPath: String, journalHeader: String,
                     sceneHash: String, first: Int, hashOf: String, pngSettings: String,
                     video: [String], framesDirectory: String, writeFrames: Bool) -> ResumeState {
        var state = ResumeState()
        guard options.resume, options.writeManifest else { return state }
        if let previous = try? RenderManifest.read(manifestPath), previous.scene.hash == sceneHash,
           previous.frames.hashOf == hashOf, previous.frames.pngSettings == pngSettings, previous.frames.start == first {
            for entry in previous.frames.hashes { state.known[entry.frame] = entry.hash }
            state.videoUpToDate = !previous.videos.isEmpty
                && Set(previous.videos.map(\.format)) == Set(video)
                && previous.videos.allSatisfy { v in
                    let path = (options.outputDirectory as NSString).appendingPathComponent(v.file)
                    return FileManager.default.contents(atPath: path).map { FNV1a64.hexHash($0) == v.hash } ?? false
                }
        }
        state.known.merge(RenderJournal.read(path: journalPath, header: journalHeader)) { _, journal in journal }
        if writeFrames { state.reusable = verifiedFrames(state.known, in: framesDirectory, jobs: options.jobs) }
        return state
    }

    /// The frames of `known` whose PNG file exists and still hashes to the recorded value.
    static func verifiedFrames(_ known: [Int: String], in directory: String, jobs: Int) -> [Int: String] {
        let entries = known.sorted { $0.key < $1.key }
        let slots = ResultSlots<Bool>(count: entries.count)
        let workers = max(1, min(jobs, entries.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var k = worker
            while k < entries.count {
                let path = (directory as NSString).appendingPathComponent(PNGSequence.fileName(forFrame: entries[k].key))
                let bytes = FileManager.default.contents(atPath: path)
                slots.set(k, .success(bytes.map { FNV1a64.hexHash($0) == entries[k].value } ?? false))
                k += workers
            }
        }
        let ok = (try? slots.collect()) ?? []
        var result: [Int: String] = [:]
        for (k, entry) in entries.enumerated() where ok.indices.contains(k) && ok[k] == true { result[entry.key] = entry.value }
        return result
    }
}
