import Foundation
import Pipeline
import TestSupport
import Testing

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
}
