import Determinism
import Export
import Foundation
import PNG
import Pipeline
import SceneLoading
import SceneModel
import SceneSyntax
import TestSupport
import Testing

/// Mutated scene files through the whole path a user's render takes: decoding and validation,
/// then the first frames rendered and written as PNG files, and for a few cases one second
/// encoded by ffmpeg; every output is checked with `verify` and every PNG read back. A validated
/// scene must render (the rule "rendering a validated scene cannot fail"): anything but a
/// `SceneError` before rendering, or a window longer than a short scene, fails the test.
///
/// 40 cases in the normal run (10–20 s in a debug build on a busy 2-core machine); more with
/// `FLIPBOOK_FUZZ_RENDER_CASES=400 swift test --filter WholePathFuzzTests`. The seed is fixed
/// (SplitMix64), so a failure comes back with the same count; `FLIPBOOK_FUZZ_SEED` picks another.
@Suite("Whole-path fuzzing: scenes through validate, render, PNG and ffmpeg")
struct WholePathFuzzTests {
    @Test("mutated bundled scenes that validate render to PNG files (and a few to mp4) that read back and verify")
    func renderMutatedScenes() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["FLIPBOOK_FUZZ_RENDER_CASES"].flatMap(Int.init) ?? 40
        var rng = SplitMix64(seed: environment["FLIPBOOK_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x21_F0_22_ED)
        let root = try makeTemporaryDirectory("fuzz-render")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var outcomes: [String: Int] = [
            "rejected": 0, "too large for the harness": 0, "rendered": 0, "with video": 0, "shorter than the window": 0,
        ]
        for n in 0..<cases {
            let seed = FuzzTests.seeds[Int(rng.next() % UInt64(FuzzTests.seeds.count))]
            var text = seed.text
            // One mutation: with two or three, nearly every scene is rejected before it renders.
            text = FuzzTests.mutate(text, &rng)
            let format: SceneFileFormat = seed.name.hasSuffix(".json") ? .json : .yaml
            let scene: Scene
            do {
                // The scene's real path, so icons, images, fonts and imports beside it resolve.
                scene = try SceneLoader.decode(text, fileName: repositoryRoot + "/scenes/" + seed.name, format: format)
            } catch is SceneError {
                outcomes["rejected", default: 0] += 1
                continue
            } catch {
                Issue.record("case \(n) (\(seed.name)): not a SceneError: \(error)")
                continue
            }
            // The harness bounds the work per case; larger scenes are legal but slow in a debug build.
            let plan = FramePlan(scene: scene)
            guard scene.items.count <= 200, scene.canvas.pixelWidth * scene.canvas.pixelHeight <= 1 << 21,
                plan.maxFrames <= 1_200
            else {
                outcomes["too large for the harness", default: 0] += 1
                continue
            }
            let out = root + "/case-\(n)"
            var options = RenderOptions(outputDirectory: out, writeFrames: true, video: [], jobs: 2)
            // One case in eight (at most two, or one in fifty cases for a long run) goes through
            // ffmpeg instead of PNG files: one second (the shortest window a video segment may
            // have) at 10 video fps, x264 ultrafast.
            // The first scene that validates goes to mp4 (so the ffmpeg path is always exercised, whatever
            // the seed set), then about one in eight.
            let roll = rng.next() % 8 == 0 || outcomes["with video", default: 0] == 0
            let withVideo = roll && outcomes["with video", default: 0] < max(2, cases / 50)
            if withVideo {
                options.writeFrames = false
                options.video = [.mp4]
                options.videoFPS = 10
                options.encoding = try VideoEncodingOptions(h264Preset: .ultrafast)
            }
            options.frames = .range(0..<(withVideo ? scene.fps : 3))
            do {
                let result = try SceneRenderer.render(scene, options: options)
                if !withVideo {
                    let first = try PNG.decode(contentsOf: out + "/\(scene.name)/frame_00000.png")
                    #expect(
                        first.width == scene.canvas.pixelWidth && first.height == scene.canvas.pixelHeight, "case \(n)")
                }
                #expect(result.videoPaths.count == (withVideo ? 1 : 0), "case \(n)")
                // The window's own manifest (the folder as a whole would lack the other frames).
                let manifest = try #require(listDirectory(out).first { $0.hasSuffix(".manifest.json") })
                let report = try ManifestVerifier.verify(out + "/" + manifest)
                #expect(report.isClean, "case \(n): \(report.problems)")
                outcomes["rendered", default: 0] += 1
                if withVideo { outcomes["with video", default: 0] += 1 }
            } catch is FrameSelectionError {
                outcomes["shorter than the window", default: 0] += 1
            } catch {
                Issue.record("case \(n) (\(seed.name)): a validated scene failed to render: \(error)")
            }
            try? FileManager.default.removeItem(atPath: out)
        }
        print(
            "whole-path fuzz: \(cases) cases: \(outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))"
        )
        // The harness must reach the writers, not stop at the decoder.
        #expect(outcomes["rendered", default: 0] >= cases / 8)
        #expect(outcomes["with video", default: 0] >= 1)
    }
}
