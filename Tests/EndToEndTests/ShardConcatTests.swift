import Foundation
import PNG
import Synchronization
import TestSupport
import Testing

/// The local equivalent of a sharded render on a batch engine: 4 shard processes, then concat,
/// then verify; the joined video decodes to exactly the frames of a single-process render.
@Suite("flipbook render --shard, concat and verify, end to end", .serialized)
struct ShardConcatTests {
    /// 4 s at 30 fps of falling cards on a small canvas: 120 frames, 4 whole seconds.
    static let scene = """
        name: shards
        canvas: { size: [96, 64], scale: 1, background: "#F2F2F7" }
        fps: 30
        duration: 4
        items:
          - { id: a, size: [20, 14], center: [20, 8], fill: "#FF9500", cornerRadius: 4, rotation: 10 }
          - { id: b, size: [14, 14], center: [60, 4], fill: "#007AFF", cornerRadius: 7 }
        behaviors:
          - gravity: { items: [a, b], direction: [0, 0.01] }
          - itemBehavior: { items: [a], angularVelocity: 90 }
        """

    @Test("4 shard processes + concat + verify equal a single-process render, frame for frame")
    func shardsConcatVerify() throws {
        let dir = try makeTemporaryDirectory()
        let file = dir + "/shards.yaml"
        try Self.scene.write(toFile: file, atomically: true, encoding: .utf8)
        let single = try CLI.run(["render", file, "--out", dir + "/single", "--video", "mp4"])
        try #require(single.status == 0, "\(single.stderr)")

        // Four processes at once, as GNU parallel or a Kubernetes Indexed Job would run them.
        let group = DispatchGroup()
        let results = ResultsBox()
        for k in 1...4 {
            group.enter()
            Thread.detachNewThread {
                let r = try? CLI.run([
                    "render", file, "--out", dir + "/sharded", "--video", "mp4", "--shard", "\(k)/4", "--jobs", "1",
                ])
                results.set(k, r)
                group.leave()
            }
        }
        group.wait()
        for k in 1...4 {
            #expect(results.get(k)?.status == 0, "shard \(k): \(results.get(k)?.stderr ?? "did not run")")
        }

        let segments = listDirectory(dir + "/sharded").filter { $0.hasSuffix(".mp4") }
        #expect(
            segments == [
                "shards.frames-000000-000030.mp4", "shards.frames-000030-000060.mp4",
                "shards.frames-000060-000090.mp4", "shards.frames-000090-000120.mp4",
            ])
        let verify = try CLI.run(["verify", dir + "/sharded"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("ok: 4 manifests"))

        let joined = dir + "/joined.mp4"
        let concat = try CLI.run(["concat"] + segments.map { dir + "/sharded/" + $0 } + ["--out", joined])
        #expect(concat.status == 0, "\(concat.stderr)")

        // PNG frames: byte-identical. Video: the joined stream decodes to the single render's frames.
        // (Each render's player page covers its own frames, so only the PNGs are compared.)
        for name in listDirectory(dir + "/single/shards") where name.hasSuffix(".png") {
            let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/single/shards/" + name))
            let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/sharded/shards/" + name))
            #expect(a == b, "\(name)")
        }
        let reference = try decodeVideoRGBA(dir + "/single/shards.mp4")
        let decoded = try decodeVideoRGBA(joined)
        #expect(reference.count == 96 * 64 * 4 * 120)
        #expect(decoded == reference, "joined segments decode to the single-process video's frames")

        // A missing segment is refused by concat and reported by verify.
        let gap = try CLI.run([
            "concat", dir + "/sharded/" + segments[0], dir + "/sharded/" + segments[2], "--out", dir + "/gap.mp4",
        ])
        #expect(
            gap.status == 1 && gap.stderr.contains("frames 30..<60 are in no segment given, between"), "\(gap.stderr)")
        unlink(dir + "/sharded/shards.frames-000030-000060.manifest.json")
        let broken = try CLI.run(["verify", dir + "/sharded"])
        #expect(broken.status == 1 && broken.stdout.contains("frames 30..<60 are in no manifest"))
        #expect(try CLI.run(["verify", dir + "/nothing-here"]).status == 2)
    }

    @Test("--frames with a video must cut on whole seconds; other formats cannot be split")
    func rangeRules() throws {
        let dir = try makeTemporaryDirectory()
        let file = dir + "/shards.yaml"
        try Self.scene.write(toFile: file, atomically: true, encoding: .utf8)
        let unaligned = try CLI.run(["render", file, "--out", dir, "--video", "mp4", "--frames", "10..<40"])
        #expect(unaligned.status == 1 && unaligned.stderr.contains("use 0 or 30"), "\(unaligned.stderr)")
        let gif = try CLI.run(["render", file, "--out", dir, "--video", "gif", "--shard", "1/2"])
        #expect(gif.status == 1 && gif.stderr.contains("--video gif cannot be split"), "\(gif.stderr)")
        let frames = try CLI.run(["render", file, "--out", dir, "--video", "none", "--frames", "10..<13"])
        #expect(frames.status == 0, "\(frames.stderr)")
        #expect(
            listDirectory(dir + "/shards") == ["frame_00010.png", "frame_00011.png", "frame_00012.png", "index.html"])
    }
}

private final class ResultsBox: Sendable {
    private let values = Mutex<[Int: ProcessOutput]>([:])
    func set(_ k: Int, _ v: ProcessOutput?) { values.withLock { $0[k] = v } }
    func get(_ k: Int) -> ProcessOutput? { values.withLock { $0[k] } }
}
