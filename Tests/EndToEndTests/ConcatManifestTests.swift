import Foundation
import TestSupport
import Testing

/// `concat` joins only the complete set of one scene's segments, encoded alike, and writes a
/// manifest that `verify` checks; shards are never empty, and an `until: rest` scene's shards
/// agree on its length.
@Suite("flipbook concat reads the segments' manifests", .serialized)
struct ConcatManifestTests {
    /// Renders shard K/4 of `file` into `out` with extra flags; returns the segment path.
    func segment(_ k: Int, of file: String, into out: String, _ flags: [String] = []) throws -> String {
        let r = try CLI.run(
            [
                "render", file, "--out", out, "--video", "mp4", "--no-trace", "--shard", "\(k)/4", "--preset",
                "ultrafast",
            ] + flags)
        try #require(r.status == 0, "\(r.stderr)")
        let windows = ["000000-000030", "000030-000060", "000060-000090", "000090-000120"]
        return out + "/shards.frames-\(windows[k - 1]).mp4"
    }

    func concat(_ segments: [String], _ output: String) throws -> ProcessOutput {
        try CLI.run(["concat"] + segments + ["--out", output])
    }

    @Test(
        "concat refuses a missing first or last segment, other encoder settings, a changed scene and a segment without its manifest"
    )
    func refusesIncompleteOrMixedSets() throws {
        let dir = try makeTemporaryDirectory()
        let file = try TestScenes.write(TestScenes.fallingCards(), to: dir)
        let segs = try (1...4).map { try segment($0, of: file, into: dir + "/a") }

        let noFirst = try concat(Array(segs[1...]), dir + "/x.mp4")
        #expect(noFirst.status == 1)
        #expect(
            noFirst.stderr
                == "error: shards: frames 0..<30 are in no segment given, before \(segs[1]): the scene's first segment is missing; render that shard and pass every segment of the scene\n"
        )
        let noLast = try concat(Array(segs[..<3]), dir + "/x.mp4")
        #expect(
            noLast.stderr
                == "error: shards: frames 90..<120 are in no segment given, after \(segs[2]): the scene's last segment is missing (the scene has 120 frames); render that shard and pass every segment of the scene\n"
        )
        let twice = try concat(segs + [segs[1]], dir + "/x.mp4")
        #expect(twice.status == 1 && twice.stderr.contains("overlaps"), "\(twice.stderr)")

        let qp = try segment(2, of: file, into: dir + "/qp", ["--qp", "20"])
        let mixedQP = try concat([segs[0], qp, segs[2], segs[3]], dir + "/x.mp4")
        #expect(
            mixedQP.stderr
                == "error: \(qp) and \(segs[0]) are not segments of one render: encoded differently: '-qp 20' against '-qp 18'; render every shard with the same scene file and flags\n"
        )
        let preset = try segment(4, of: file, into: dir + "/preset", ["--preset", "veryfast"])
        let mixedPreset = try concat([segs[0], segs[1], segs[2], preset], dir + "/x.mp4")
        #expect(
            mixedPreset.stderr.contains("encoded differently: '-preset veryfast' against '-preset ultrafast'"),
            "\(mixedPreset.stderr)")

        let changed = try TestScenes.write(TestScenes.fallingCards(fill: "#34C759"), to: dir, file: "changed.yaml")
        let other = try segment(3, of: changed, into: dir + "/changed")
        let mixedScene = try concat([segs[0], segs[1], other, segs[3]], dir + "/x.mp4")
        #expect(
            mixedScene.status == 1 && mixedScene.stderr.contains("scene 'shards' was changed between them (scene hash"),
            "\(mixedScene.stderr)")

        try FileManager.default.createDirectory(atPath: dir + "/bare", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: segs[0], toPath: dir + "/bare/shards.frames-000000-000030.mp4")
        let bare = try concat([dir + "/bare/shards.frames-000000-000030.mp4"] + segs[1...], dir + "/x.mp4")
        #expect(bare.status == 1 && bare.stderr.contains("no manifest beside it"), "\(bare.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.mp4"), "nothing written by a refused join")
    }

    @Test("the joined video gets a manifest that verify checks, in any order given")
    func joinedManifestIsVerified() throws {
        let dir = try makeTemporaryDirectory()
        let file = try TestScenes.write(TestScenes.fallingCards(), to: dir)
        let segs = try (1...4).map { try segment($0, of: file, into: dir + "/a") }
        let joined = dir + "/a/shards.mp4"
        let ok = try concat(segs.reversed(), joined)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout == "\(joined): joined 4 segments; manifest \(joined).manifest.json\n")
        let folder = try CLI.run(["verify", dir + "/a"])
        #expect(folder.status == 0 && folder.stdout.hasSuffix("ok: 5 manifests, 125 files match\n"), "\(folder.stdout)")

        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: joined))
        handle.seekToEndOfFile()
        handle.write(Data([0]))
        try handle.close()
        let tampered = try CLI.run(["verify", joined + ".manifest.json"])
        #expect(tampered.status == 1 && tampered.stdout.contains("shards.mp4: hash"), "\(tampered.stdout)")
    }

    @Test("shards are never empty, and an until-rest scene's shards agree on its length")
    func restScenesShardWithoutEmptyParts() throws {
        let dir = try makeTemporaryDirectory()
        // The snap on a small canvas: it rests after 1 s and a fraction, so 2 whole seconds at most.
        let scene = """
            name: rest
            canvas: { size: [160, 120], scale: 1, background: "#F2F2F7" }
            fps: 30
            until: rest
            items:
              - { id: card, size: [30, 30], center: [110, 60], fill: "#FF9500", cornerRadius: 4 }
            behaviors:
              - snap: { item: card, to: [40, 60], damping: 0.5 }
            """
        let file = try TestScenes.write(scene, to: dir, file: "rest.yaml")
        let three = try CLI.run(["render", file, "--out", dir + "/out", "--video", "mp4", "--shard", "3/3"])
        #expect(three.status == 1)
        #expect(
            three.stderr.contains(
                "which split into at most 2 non-empty shards (with a video, shards are whole seconds of 30 frames"),
            "\(three.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/rest"), "nothing written")

        for k in 1...2 {
            let r = try CLI.run(["render", file, "--out", dir + "/out", "--video", "mp4", "--shard", "\(k)/2"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let manifests = listDirectory(dir + "/out").filter { $0.hasSuffix(".manifest.json") }
        #expect(manifests.count == 2)
        let counts = try manifests.map { name -> Int in
            let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/out/" + name))
            let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            return (json?["frames"] as? [String: Any])?["sceneFrameCount"] as? Int ?? -1
        }
        #expect(counts[0] == counts[1] && counts[0] > 30 && counts[0] < 60, "\(counts)")
        #expect(
            manifests == [
                "rest.frames-000000-000030.manifest.json",
                "rest.frames-000030-\(String(format: "%06d", counts[0])).manifest.json",
            ])
        let segments = listDirectory(dir + "/out").filter { $0.hasSuffix(".mp4") }.map { dir + "/out/" + $0 }
        #expect(try concat(segments, dir + "/out/rest.mp4").status == 0)
        #expect(try CLI.run(["verify", dir + "/out"]).status == 0)
        // The joined video decodes to the frames of a single render (not its bytes: each segment
        // keeps its own encoder headers).
        #expect(try CLI.run(["render", file, "--out", dir + "/single", "--video", "mp4"]).status == 0)
        #expect(try decodeVideoRGBA(dir + "/out/rest.mp4") == decodeVideoRGBA(dir + "/single/rest.mp4"))
    }
}
