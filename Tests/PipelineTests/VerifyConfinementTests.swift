import Determinism
import Foundation
import TestSupport
import Testing

@testable import Pipeline

/// `verify` reads manifests that may come from anywhere (a shared drive, a CI artifact): the names
/// in them must never lead it to open files outside the manifest's folder.
@Suite("verify stays inside its folder")
struct VerifyConfinementTests {
    /// A rendered folder `root/out` (scene "falling", 60 frames) and, beside it, `root/victim`
    /// holding byte-identical copies of the frames: a manifest that reached them would pass.
    static func renderWithVictim() throws -> (root: String, out: String) {
        let root = try makeTemporaryDirectory()
        let out = root + "/out"
        _ = try SceneRenderer.render(
            ShardTests.falling, options: RenderOptions(outputDirectory: out, writeFrames: true, video: [], jobs: 2))
        try FileManager.default.copyItem(atPath: out + "/falling", toPath: root + "/victim")
        return (root, out)
    }

    /// Rewrites one field of `out/falling.manifest.json`.
    static func edit(_ out: String, _ change: (inout [String: Any]) -> Void) throws {
        let path = out + "/falling.manifest.json"
        var json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        change(&json)
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
    }

    @Test(
        "a frames directory with '..' or an absolute path is refused before anything is hashed",
        arguments: ["../victim", "falling/../../victim", "/ABSOLUTE/victim"])
    func dotDotAndAbsolute(directory: String) throws {
        let (root, out) = try Self.renderWithVictim()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let value = directory.replacingOccurrences(of: "/ABSOLUTE", with: root)
        try Self.edit(out) { json in
            var frames = json["frames"] as! [String: Any]
            frames["directory"] = value
            json["frames"] = frames
        }
        // Before: verify hashed root/victim's copies and reported "ok".
        let error = try #require(throws: ManifestError.self) { try ManifestVerifier.verify(out) }
        guard case .outsideFolder(_, let field, let found, _) = error else {
            Issue.record("expected outsideFolder, got \(error)")
            return
        }
        #expect(field == "frames.directory" && found == value)
        #expect(error.description.contains("a manifest may only name files inside its own folder (nothing was hashed)"))
    }

    @Test("a video file named by an absolute path is refused")
    func absoluteVideo() throws {
        let (root, out) = try Self.renderWithVictim()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.edit(out) { json in
            json["videos"] = [
                [
                    "format": "mp4", "file": "/etc/passwd", "hash": "0000000000000000",
                    "firstVideoFrame": 0, "endVideoFrame": 1, "fps": 30, "command": "ffmpeg",
                ]
            ]
        }
        let error = try #require(throws: ManifestError.self) { try ManifestVerifier.verify(out) }
        #expect(
            error.description.contains("videos[0].file '/etc/passwd' is refused: it is an absolute path"), "\(error)")
    }

    @Test("a frames folder that is a symlink leading out of the folder is refused file by file, not hashed")
    func symlinkOut() throws {
        let (root, out) = try Self.renderWithVictim()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.removeItem(atPath: out + "/falling")
        try FileManager.default.createSymbolicLink(atPath: out + "/falling", withDestinationPath: root + "/victim")
        // Before: every frame matched through the link and verify said "ok".
        let report = try ManifestVerifier.verify(out)
        #expect(report.matched == 0)
        #expect(report.problems.count == 60)
        let real = try #require(
            realpath(root + "/victim/frame_00000.png", nil).map { p in
                defer { free(p) }
                return String(cString: p)
            })
        #expect(
            report.problems.first?.hasPrefix(
                "falling/frame_00000.png: refused, not hashed: it resolves to \(real), outside ") == true,
            "\(report.problems.first ?? "")")
        // A symlink that stays inside the folder is fine.
        try FileManager.default.removeItem(atPath: out + "/falling")
        try FileManager.default.moveItem(atPath: root + "/victim", toPath: out + "/kept")
        try FileManager.default.createSymbolicLink(atPath: out + "/falling", withDestinationPath: "kept")
        #expect(try ManifestVerifier.verify(out).isClean)
    }

    /// `root/secret`: a file outside both folders, and the hash a manifest would need to match it.
    static func secret(in root: String) throws -> (path: String, hash: String) {
        let bytes = Data("root:$6$not-for-manifests:19000:0:99999:7:::\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: root + "/secret"))
        return (root + "/secret", FNV1a64.hexHash(bytes))
    }

    @Test(
        "a manifest's absolute font or image path (an older manifest's, or a planted one) is refused with a clear message, not hashed",
        arguments: ["fonts", "images"])
    func machinePaths(field: String) throws {
        let (root, out) = try Self.renderWithVictim()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let secret = try Self.secret(in: root)
        try Self.edit(out) { json in
            json[field] = [
                field == "fonts"
                    ? ["path": secret.path, "hash": secret.hash]
                    : ["file": "a.png", "path": secret.path, "hash": secret.hash]
            ]
        }
        // Before: verify hashed the file wherever it was, and a matching hash passed ("ok").
        let error = try #require(throws: ManifestError.self) { try ManifestVerifier.verify(out) }
        #expect(
            error.description
                == "\(out)/falling.manifest.json: \(field)[0].path '\(secret.path)' is an absolute path of the machine that rendered it (a manifest written by an older flipbook); verify does not open paths a manifest gives outside its folders (nothing was hashed): render the scene again with this flipbook for a manifest that names files relative to the output and scene folders"
        )
    }

    @Test(
        "scene files a manifest names must stay in the scene's folder: '..', absolute paths and a system font with a folder are refused",
        arguments: [
            ("fonts", "scene", "../secret", "it goes up with '..'"),
            ("fonts", "scene", "/ROOT/secret", "it is an absolute path"),
            ("fonts", "system", "fonts/../../secret", "it goes up with '..'"),
            ("fonts", "system", "sub/Inter-Regular.otf", "a system font is named by its file name alone"),
            ("images", "", "scene/../../secret", "it goes up with '..'"),
        ])
    func sceneFilesConfined(field: String, source: String, file: String, reason: String) throws {
        let (root, out) = try Self.renderWithVictim()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let secret = try Self.secret(in: root)
        try FileManager.default.createDirectory(atPath: root + "/scene", withIntermediateDirectories: true)
        let value = file.replacingOccurrences(of: "/ROOT", with: root)
        try Self.edit(out) { json in
            json[field] = [
                field == "fonts"
                    ? ["source": source, "file": value, "family": "Inter", "weight": 400, "hash": secret.hash]
                    : ["file": value, "hash": secret.hash]
            ]
        }
        let error = try #require(throws: ManifestError.self) {
            try ManifestVerifier.verify(out, sceneFolder: root + "/scene")
        }
        #expect(
            error.description
                == "\(out)/falling.manifest.json: \(field)[0].file '\(value)' is refused: \(reason); a manifest may only name files inside the scene's folder (nothing was hashed)"
        )
    }

    @Test("a scene file reached through a symlink leading out of the scene's folder is refused, not hashed")
    func sceneSymlinkOut() throws {
        let (root, out) = try Self.renderWithVictim()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let secret = try Self.secret(in: root)
        try FileManager.default.createDirectory(atPath: root + "/scene", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/scene/pixels.png", withDestinationPath: secret.path)
        try Self.edit(out) { json in json["images"] = [["file": "pixels.png", "hash": secret.hash]] }
        let report = try ManifestVerifier.verify(out, sceneFolder: root + "/scene")
        let real = try #require(ManifestVerifierPaths.real(secret.path))
        let folder = try #require(ManifestVerifierPaths.real(root + "/scene"))
        #expect(
            report.problems == [
                "falling: image pixels.png: refused, not hashed: it resolves to \(real), outside the scene folder \(folder) (a symlink leading out of it)"
            ])
        #expect(report.matched == 60, "the frames only")
    }

    @Test("a planted manifest that is a FIFO or links to an oversized file is refused at once, naming what it is")
    func plantedManifests() throws {
        let (root, out) = try Self.renderWithVictim()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let planted = out + "/planted.manifest.json"
        // Before: "You don't have permission", which sends a user after the wrong problem.
        try #require(mkfifo(planted, 0o600) == 0)
        #expect(
            throws: ManifestError.unreadable(path: planted, reason: "it is a FIFO, not a regular file")
        ) { try ManifestVerifier.verify(out) }
        // Before: all 300 MiB were read into memory, then refused as JSON (a link to /dev/zero: no end).
        unlink(planted)
        let big = root + "/big"
        try #require(FileManager.default.createFile(atPath: big, contents: nil))
        try #require(truncate(big, 300 << 20) == 0)
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: big)
        #expect(
            throws: ManifestError.unreadable(
                path: planted, reason: "it holds 314572800 bytes, more than the 268435456 read at most")
        ) { try ManifestVerifier.verify(out) }
    }

    @Test("a frame replaced by a FIFO is reported as a FIFO, not read and not called missing")
    func fifoFrame() throws {
        let (root, out) = try Self.renderWithVictim()
        defer { try? FileManager.default.removeItem(atPath: root) }
        unlink(out + "/falling/frame_00003.png")
        try #require(mkfifo(out + "/falling/frame_00003.png", 0o600) == 0)
        let report = try ManifestVerifier.verify(out)
        // Before: "missing", though a file is there.
        #expect(report.problems == ["falling/frame_00003.png: not read: it is a FIFO, not a regular file"])
        #expect(report.matched == 59)
    }
}

/// `realpath(3)`, for expected messages.
enum ManifestVerifierPaths {
    static func real(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
