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

    /// Stage 2 of a render: what `--resume` finds of an earlier render of `plan`'s frames.
    static func load(plan: RenderPlan, options: RenderOptions) -> ResumeState {
        var state = ResumeState()
        guard options.resume, options.writeManifest else { return state }
        let video = plan.video.map(\.rawValue)
        if let previous = try? RenderManifest.read(plan.manifestPath), previous.scene.hash == plan.sceneHash,
            previous.frames.hashOf == plan.hashOf, previous.frames.pngSettings == plan.pngSettings,
            previous.frames.start == plan.first
        {
            for entry in previous.frames.hashes { state.known[entry.frame] = entry.hash }
            state.videoUpToDate =
                !previous.videos.isEmpty
                && Set(previous.videos.map(\.format)) == Set(video)
                && previous.videos.allSatisfy { v in
                    let path = (options.outputDirectory as NSString).appendingPathComponent(v.file)
                    return FileManager.default.contents(atPath: path).map { FNV1a64.hexHash($0) == v.hash } ?? false
                }
        }
        state.known.merge(RenderJournal.read(path: plan.journalPath, header: plan.journalHeader)) { _, journal in
            journal
        }
        if plan.writeFrames {
            state.reusable = verifiedFrames(state.known, in: plan.framesDirectory, jobs: options.jobs)
        }
        return state
    }

    /// The frames of `known` whose PNG file exists and still hashes to the recorded value.
    static func verifiedFrames(_ known: [Int: String], in directory: String, jobs: Int) -> [Int: String] {
        let entries = known.sorted { $0.key < $1.key }
        let ok = ParallelMap.run(entries.count, jobs: jobs) { k in
            let path = (directory as NSString).appendingPathComponent(PNGSequence.fileName(forFrame: entries[k].key))
            return FileManager.default.contents(atPath: path).map { FNV1a64.hexHash($0) == entries[k].value } ?? false
        }
        var result: [Int: String] = [:]
        for (k, entry) in entries.enumerated() where ok[k] {
            result[entry.key] = entry.value
        }
        return result
    }
}
