import Determinism
import Foundation

/// Checks rendered files against their manifests (`flipbook verify`).
///
/// A folder is checked against every `*.manifest.json` in it (a full render has one; a sharded
/// render one per shard). Each frame's PNG must exist and hash to its entry, each video likewise.
/// When the manifests are segments of one scene, they must also cover its frames 0 ..< count
/// without gap or overlap, so a missing shard is reported rather than silently passing. A joined
/// video's manifest (`<video>.manifest.json`, from `flipbook concat`) is checked like any other:
/// its video must hash to the recorded value. The scene's fonts and images are checked too:
/// system fonts always, the scene's own files when the scene's folder is given.
public enum ManifestVerifier {
    public struct Report: Sendable, Equatable {
        /// The manifests checked.
        public var manifests: [String] = []
        /// Frames and videos checked and found equal.
        public var matched = 0
        /// One line per problem: "snap/frame_00012.png: missing", "snap.mp4: hash … expected …".
        public var problems: [String] = []
        /// Files the manifests list that were not checked (the scene's own fonts and images when
        /// no scene folder was given), one line per manifest; not problems.
        public var unchecked: [String] = []
        public var isClean: Bool { problems.isEmpty }
    }

    /// `path`: a manifest file, or a folder holding manifests. `sceneFolder`: the folder of the
    /// scene file, where the scene's own fonts and images are re-hashed; without it they are
    /// listed in `unchecked`. Throws `ManifestError` when no manifest can be read or one names a
    /// file outside its folders (an absolute path, `..`, a version 1 manifest's machine paths),
    /// before anything is hashed (exit status 2 in the CLI); file mismatches, and files a symlink
    /// leads out of their folder (refused, not read), go into the report.
    public static func verify(_ path: String, sceneFolder: String? = nil) throws -> Report {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ManifestError.unreadable(path: path, reason: "no such file or folder")
        }
        let manifestPaths: [String]
        if isFolder.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            manifestPaths = names.filter { $0.hasSuffix(".manifest.json") && !$0.hasPrefix(".") }.sorted()
                .map { (path as NSString).appendingPathComponent($0) }
            guard !manifestPaths.isEmpty else { throw ManifestError.noManifest(directory: path) }
        } else {
            manifestPaths = [path]
        }
        var report = Report()
        var byScene: [(name: String, manifest: RenderManifest)] = []
        var manifests: [(path: String, manifest: RenderManifest)] = []
        for manifestPath in manifestPaths {
            let manifest = try RenderManifest.read(manifestPath)
            try confine(manifest, manifestPath: manifestPath)
            try confineAssets(manifest, manifestPath: manifestPath)
            manifests.append((manifestPath, manifest))
        }
        for (manifestPath, manifest) in manifests {
            report.manifests.append(manifestPath)
            byScene.append((manifest.scene.name, manifest))
            check(manifest, manifestPath: manifestPath, into: &report)
            checkAssets(manifest, sceneFolder: sceneFolder, into: &report)
        }
        // A joined video's manifest (`flipbook concat`) covers its segments' frames again: it is
        // checked for its video only, not counted in the tiling.
        if isFolder.boolValue { checkCoverage(byScene.map(\.manifest).filter { $0.joinedFrom == nil }, into: &report) }
        return report
    }

    /// A manifest is untrusted input: every name it gives must stay inside its folder, checked on
    /// the text of all manifests before any file is opened, then per file on the resolved path
    /// (symlinks) in `compare`.
    private static func confine(_ manifest: RenderManifest, manifestPath: String) throws {
        if let directory = manifest.frames.directory {
            try confine(directory, field: "frames.directory", manifestPath: manifestPath)
        }
        for (i, video) in manifest.videos.enumerated() {
            try confine(video.file, field: "videos[\(i)].file", manifestPath: manifestPath)
        }
    }

    private static func check(_ manifest: RenderManifest, manifestPath: String, into report: inout Report) {
        let folder = (manifestPath as NSString).deletingLastPathComponent
        let root = realPath(folder.isEmpty ? "." : folder) ?? folder
        if let directory = manifest.frames.directory, manifest.frames.hashOf == "png" {
            for entry in manifest.frames.hashes {
                let name = (directory as NSString).appendingPathComponent(frameName(entry.frame))
                compare(
                    file: (folder as NSString).appendingPathComponent(name), shownAs: name,
                    expected: entry.hash, root: root, into: &report)
            }
            let expected = manifest.frames.end - manifest.frames.start
            if manifest.frames.hashes.count != expected {
                report.problems.append(
                    "\(manifest.scene.name): the manifest lists \(manifest.frames.hashes.count) frame hashes for frames \(manifest.frames.start)..<\(manifest.frames.end)"
                )
            }
        }
        for video in manifest.videos {
            compare(
                file: (folder as NSString).appendingPathComponent(video.file), shownAs: video.file,
                expected: video.hash, root: root, into: &report)
        }
    }

    /// Throws `ManifestError.outsideFolder` unless `name` is a relative path with no `..`
    /// component (and no NUL): what a render writes, and all a manifest may name.
    static func confine(_ name: String, field: String, manifestPath: String) throws {
        let components = name.split(separator: "/", omittingEmptySubsequences: true)
        let reason: String?
        if name.isEmpty {
            reason = "it is empty"
        } else if name.hasPrefix("/") {
            reason = "it is an absolute path"
        } else if components.contains("..") {
            reason = "it goes up with '..'"
        } else if name.utf8.contains(0) {
            reason = "it contains a NUL byte"
        } else {
            reason = nil
        }
        if let reason {
            throw ManifestError.outsideFolder(path: manifestPath, field: field, value: name, reason: reason)
        }
    }

    /// The canonical absolute path (symlinks resolved), or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `frame_00012.png`, as `PNGSequence` names frames.
    static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    private static func compare(
        file: String, shownAs name: String, expected: String, root: String,
        into report: inout Report
    ) {
        if let resolved = realPath(file), !resolved.hasPrefix(root == "/" ? "/" : root + "/") {
            report.problems.append(
                "\(name): refused, not hashed: it resolves to \(resolved), outside \(root) (a symlink leading out of the folder)"
            )
            return
        }
        let bytes: Data
        switch RegularFile.contents(file, maxBytes: .max - 1) {
        case .success(let data): bytes = data
        case .failure(let refusal) where refusal.reason == String(cString: strerror(ENOENT)):
            report.problems.append("\(name): missing")
            return
        case .failure(let refusal):
            report.problems.append("\(name): not read: \(refusal.reason)")
            return
        }
        let actual = FNV1a64.hexHash(bytes)
        if actual == expected {
            report.matched += 1
        } else {
            report.problems.append("\(name): hash \(actual), expected \(expected) (changed or truncated)")
        }
    }

    /// Segments of one scene must tile 0 ..< sceneFrameCount.
    private static func checkCoverage(_ manifests: [RenderManifest], into report: inout Report) {
        let names = manifests.map(\.scene.name).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for name in names {
            let parts = manifests.filter { $0.scene.name == name }.sorted { $0.frames.start < $1.frames.start }
            guard
                parts.count > 1
                    || parts.first.map({ $0.frames.start != 0 || $0.frames.end != $0.frames.sceneFrameCount }) == true
            else { continue }
            var next = 0
            for part in parts {
                if part.frames.start > next {
                    report.problems.append(
                        "\(name): frames \(next)..<\(part.frames.start) are in no manifest (a missing shard?)")
                } else if part.frames.start < next {
                    report.problems.append(
                        "\(name): frames \(part.frames.start)..<\(min(next, part.frames.end)) are in more than one manifest"
                    )
                }
                next = max(next, part.frames.end)
            }
            let total = parts.map(\.frames.sceneFrameCount).max() ?? next
            if next < total {
                report.problems.append("\(name): frames \(next)..<\(total) are in no manifest (a missing shard?)")
            }
            if Set(parts.map(\.scene.hash)).count > 1 {
                report.problems.append("\(name): the manifests are of different scenes (scene hashes differ)")
            }
        }
    }
}
