import Determinism
import Export
import Foundation
import Geometry
import PNG
import Raster
import SceneModel
import TestSupport
import Testing

@testable import Pipeline

/// Frame ranges, shards, manifests and resume, through the library.
@Suite("Frame ranges, shards and manifests")
struct ShardTests {
    /// A small, fast scene with motion all the way (gravity, no floor): 2 s at 30 fps, 60 frames.
    static let falling: Scene = {
        Scene(
            name: "falling", canvas: Canvas(size: Size(48, 40), scale: 1, background: ColorRGBA8(hex: "#F2F2F7")!),
            fps: 30, length: .duration(2),
            items: [
                Item(
                    id: "card", size: Size(12, 10), center: Point(24, 4),
                    fill: ColorRGBA8(hex: "#FF9500")!, cornerRadius: 3)
            ],
            behaviors: [.gravity(GravitySpec(items: ["card"], direction: Point(0, 0.02)))])
    }()

    private func files(_ dir: String) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for name in listDirectory(dir) where name.hasSuffix(".png") {
            result[name] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)))
        }
        return result
    }

    @Test("shards are contiguous, nearly equal and cover every frame; with a video they cut on whole seconds")
    func shardWindows() throws {
        let windows = try (1...4).map { try FrameSelection.shard(index: $0, count: 4).window(total: 10, alignment: 1) }
        #expect(windows == [0..<2, 2..<5, 5..<7, 7..<10])
        let aligned = try (1...3).map {
            try FrameSelection.shard(index: $0, count: 3).window(total: 250, alignment: 60)
        }
        #expect(aligned == [0..<60, 60..<180, 180..<250])  // 5 whole-second units: 1, 2, 2
        // Never an empty shard: fewer units than shards is refused, naming the most shards that work.
        #expect(
            throws: FrameSelectionError(
                "--shard 1/8: the scene has 3 frames, which split into at most 3 non-empty shards; use --shard K/3 or fewer shards"
            )
        ) {
            try FrameSelection.shard(index: 1, count: 8).window(total: 3, alignment: 1)
        }
        #expect(throws: FrameSelectionError.self) {
            try FrameSelection.shard(index: 3, count: 3).window(total: 61, alignment: 60)
        }
        #expect(try FrameSelection.shard(index: 2, count: 2).window(total: 61, alignment: 60) == 60..<61)
        #expect(try FrameSelection.parseRange("120..<240") == .range(120..<240))
        #expect(try FrameSelection.parseRange("0...9") == .range(0..<10))
        #expect(try FrameSelection.parseShard("2/8") == .shard(index: 2, count: 8))
        #expect(throws: FrameSelectionError.self) { try FrameSelection.parseShard("0/8") }
        #expect(throws: FrameSelectionError.self) { try FrameSelection.parseRange("5..<5") }
        #expect(throws: FrameSelectionError.self) {
            try FrameSelection.range(30..<90).window(total: 100, alignment: 60)
        }
        #expect(throws: FrameSelectionError.self) {
            try FrameSelection.range(100..<110).window(total: 100, alignment: 1)
        }
    }

    @Test("three shards write byte-identical frames to a full render, and verify passes")
    func shardsEqualFullRender() throws {
        let full = try makeTemporaryDirectory()
        let sharded = try makeTemporaryDirectory()
        let result = try SceneRenderer.render(
            Self.falling, options: RenderOptions(outputDirectory: full, writeFrames: true, video: [], jobs: 2))
        #expect(result.frameCount == 60)
        for k in 1...3 {
            var options = RenderOptions(outputDirectory: sharded, writeFrames: true, video: [], jobs: 1 + k % 2)
            options.frames = .shard(index: k, count: 3)
            let part = try SceneRenderer.render(Self.falling, options: options)
            #expect(part.firstFrame == (k - 1) * 20 && part.frameCount == 20)
        }
        #expect(try files(full + "/falling") == files(sharded + "/falling"))
        #expect(
            listDirectory(sharded).filter { $0.hasSuffix(".manifest.json") }
                == [
                    "falling.frames-000000-000020.manifest.json", "falling.frames-000020-000040.manifest.json",
                    "falling.frames-000040-000060.manifest.json",
                ])
        #expect(!listDirectory(sharded).contains { $0.hasSuffix(".partial") || $0.hasPrefix(".") })
        #expect(try ManifestVerifier.verify(sharded).isClean)
        #expect(try ManifestVerifier.verify(full).isClean)

        // A missing shard and a changed frame are both reported.
        unlink(sharded + "/falling.frames-000020-000040.manifest.json")
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: sharded + "/falling/frame_00003.png"))
        let report = try ManifestVerifier.verify(sharded)
        #expect(report.problems.contains("falling: frames 20..<40 are in no manifest (a missing shard?)"))
        #expect(report.problems.contains { $0.hasPrefix("falling/frame_00003.png: hash ") })
    }

    @Test("the manifest records the scene, the frame hashes (FNV-1a 64 of the PNG bytes) and the colour mode")
    func manifestContents() throws {
        let dir = try makeTemporaryDirectory()
        var options = RenderOptions(outputDirectory: dir, writeFrames: true, video: [], jobs: 2)
        options.flipbookVersion = "9.9.9"
        options.frames = .range(10..<15)
        let result = try SceneRenderer.render(Self.falling, options: options)
        let manifest = try RenderManifest.read(try #require(result.manifestPath))
        #expect(manifest.flipbookVersion == "9.9.9")
        #expect(manifest.scene.name == "falling" && manifest.scene.hash.count == 16)
        #expect(manifest.frames.start == 10 && manifest.frames.end == 15 && manifest.frames.sceneFrameCount == 60)
        #expect(manifest.frames.requestedRange == "10..<15" && manifest.frames.shard == nil)
        #expect(manifest.colour.bitsPerChannel == 8)
        #expect(manifest.frames.hashes.map(\.frame) == Array(10..<15))
        for entry in manifest.frames.hashes {
            let bytes = try Data(
                contentsOf: URL(fileURLWithPath: dir + "/falling/" + PNGSequence.fileName(forFrame: entry.frame)))
            #expect(entry.hash == FNV1a64.hexHash(bytes))
        }
        #expect(listDirectory(dir + "/falling").count == 5)
        #expect(manifest.droppedNonFinite.isEmpty)
        // Without PNGs the hashes are of the raw pixels.
        let raw = try makeTemporaryDirectory()
        let noFrames = try SceneRenderer.render(
            Self.falling, options: RenderOptions(outputDirectory: raw, writeFrames: false, video: []))
        let rawManifest = try RenderManifest.read(try #require(noFrames.manifestPath))
        #expect(
            rawManifest.frames.hashOf == "rgba" && rawManifest.frames.hashes.count == 60
                && rawManifest.frames.directory == nil)
    }

    @Test("--resume re-renders only frames that are missing or fail their hash")
    func resumeRendersOnlyWhatIsMissing() throws {
        let dir = try makeTemporaryDirectory()
        var options = RenderOptions(outputDirectory: dir, writeFrames: true, video: [], jobs: 2)
        _ = try SceneRenderer.render(Self.falling, options: options)
        let clean = try files(dir + "/falling")
        unlink(dir + "/falling/frame_00007.png")
        try Data([0x89, 0x50]).write(to: URL(fileURLWithPath: dir + "/falling/frame_00031.png"))
        options.resume = true
        let resumed = try SceneRenderer.render(Self.falling, options: options)
        #expect(resumed.framesReused == 58)
        #expect(try files(dir + "/falling") == clean)
        #expect(try ManifestVerifier.verify(dir).isClean)
    }

    @Test("display-list entries with a non-finite transform are dropped and reported, never drawn")
    func nonFiniteIsDropped() {
        var list = DisplayList(width: 4, height: 4, background: .white)
        let good = DrawRect(size: Size(2, 2), transform: AffineTransform(translationX: 2, y: 2), fill: .black)
        var bad = good
        bad.transform = AffineTransform(translationX: .nan, y: 2)
        var huge = good
        huge.size = Size(.infinity, 1)
        list.rects = [good, bad, huge, good]
        #expect(SceneRenderer.dropNonFinite(&list) == [1, 2])
        #expect(list.rects == [good, good])
    }

}
