import Foundation
import PNG
import TestSupport
import Testing

/// Video export through the real CLI and the real ffmpeg, checked with ffprobe and by decoding.
@Suite("flipbook render --video, end to end", .serialized)
struct VideoExportTests {
    private func frames(_ dir: String) throws -> [[UInt8]] {
        try listDirectory(dir).filter { $0.hasSuffix(".png") }.map { try PNG.decode(contentsOf: dir + "/" + $0).rgba }
    }

    @Test("one render writes every format asked for, resampled to --video-fps and held by --hold")
    func formatsRateAndHold() throws {
        let out = try makeTemporaryDirectory()
        let result = try CLI.run([
            "render", "scenes/snap.yaml", "--out", out, "--video", "webm,gif,apng",
            "--video-fps", "30", "--hold", "0.5",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            listDirectory(out) == [
                "snap", "snap.apng", "snap.gif", "snap.manifest.json", "snap.trace.csv", "snap.trace.txt", "snap.webm",
            ])
        // 69 ticks at 60 fps → ⌈69/2⌉ = 35 video frames at 30 fps, plus 0.5 s · 30 = 15 held.
        for (file, codec) in [("snap.webm", "vp9"), ("snap.gif", "gif"), ("snap.apng", "apng")] {
            let facts = try probeStream(out + "/" + file)
            #expect(facts.codec == codec)
            #expect(facts.frameCount == 50, "\(file): \(facts.frameCount) frames")
            #expect(facts.width == 640 && facts.height == 1136)
        }
    }

    @Test(
        "output: { scale, fps } makes a small GIF by ffmpeg's resampling while the frames keep the canvas size; --output-scale overrides it; --gif-dither diffusion reaches the palette filter"
    )
    func outputScaleAndFPS() throws {
        let folder = try makeTemporaryDirectory()
        let scene = folder + "/small.yaml"
        try """
        canvas: { size: [100, 40], scale: 2, background: "#FFFFFF" }
        fps: 60
        duration: 1
        output: { video: gif, scale: 0.5, fps: 20 }
        items:
          - { id: box, size: [20, 20], center: [20, 20], fill: "#FF9500" }
        viewAnimations:
          - { at: 0, item: box, duration: 1, changes: { center: [80, 20] } }
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let out = try makeTemporaryDirectory()
        let result = try CLI.run(["render", scene, "--out", out, "--no-trace", "--no-player"])
        #expect(result.status == 0, "\(result.stderr)")
        // 200 × 80 px frames at half size; 60 ticks at 20 fps: every third, 20 frames.
        let gif = try probeStream(out + "/small.gif")
        #expect((gif.width, gif.height, gif.frameCount) == (100, 40, 20))
        #expect(try PNG.decode(contentsOf: out + "/small/frame_00000.png").width == 200)
        let smaller = try CLI.run([
            "render", scene, "--out", out, "--no-trace", "--no-player", "--output-scale", "0.25",
            "--gif-dither", "diffusion", "--verbose",
        ])
        #expect(smaller.status == 0, "\(smaller.stderr)")
        #expect((smaller.stdout + smaller.stderr).contains("paletteuse=dither=sierra2_4a:"), "\(smaller.stderr)")
        let quarter = try probeStream(out + "/small.gif")
        #expect((quarter.width, quarter.height) == (50, 20))
        try String(contentsOfFile: scene, encoding: .utf8).replacingOccurrences(of: "scale: 0.5", with: "scale: 2")
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let bad = try CLI.run(["validate", scene])
        #expect(
            bad.status == 1
                && bad.stderr.contains("small.yaml:4:30: output.scale: expected a value from 0.01 to 1, found 2"),
            "\(bad.stderr)")
    }

    @Test("APNG frames decode to exactly the rendered ticks, and motion blur to their exact average")
    func losslessFramesAndMotionBlur() throws {
        let out = try makeTemporaryDirectory()
        let result = try CLI.run([
            "render", "scenes/snap.yaml", "--out", out, "--video", "apng",
            "--video-fps", "30", "--motion-blur", "2",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let ticks = try frames(out + "/snap")
        let video = try decodeVideoRGBA(out + "/snap.apng")
        let size = 640 * 1136 * 4
        #expect(video.count == 35 * size)
        // Video frame k averages ticks 2k−1 and 2k (frame 0: tick 0 twice).
        for k in [0, 3, 5, 20] {
            let a = ticks[max(0, 2 * k - 1)]
            let b = ticks[2 * k]
            let expected = zip(a, b).map { UInt8((Int($0) + Int($1) + 1) / 2) }
            let actual = Array(video[(k * size)..<((k + 1) * size)])
            #expect(actual == expected, "video frame \(k)")
        }
    }

    @Test("a transparent canvas gives a WebM with alpha, decoded back with libvpx")
    func transparentCanvasKeepsAlpha() throws {
        let dir = try makeTemporaryDirectory()
        let scene = dir + "/clear.yaml"
        try """
        canvas: { size: [64, 48], scale: 1, background: "#00000000" }
        duration: 0.2
        items:
          - { id: dot, size: [20, 20], center: [32, 24], fill: "#FF9500" }
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let result = try CLI.run(["render", scene, "--out", dir + "/out", "--video", "webm"])
        #expect(result.status == 0, "\(result.stderr)")
        let facts = try probeStream(dir + "/out/clear.webm")
        #expect(facts.alphaMode == "1")
        let rgba = try decodeVideoRGBA(dir + "/out/clear.webm", decoder: "libvpx-vp9")
        #expect(rgba[3] < 16, "corner is transparent: alpha \(rgba[3])")
        let centre = (24 * 64 + 32) * 4 + 3
        #expect(rgba[centre] > 240, "the dot is opaque: alpha \(rgba[centre])")
    }

    @Test("--until rest trims a fixed-duration scene where the animator pauses")
    func untilRestTrims() throws {
        let dir = try makeTemporaryDirectory()
        let scene = dir + "/snap-fixed.yaml"
        let text = try String(contentsOfFile: repositoryRoot + "/scenes/snap.yaml", encoding: .utf8)
            .replacingOccurrences(of: "name: snap\n", with: "name: snapfixed\n")
            .replacingOccurrences(of: "until: rest\nmaxDuration: 5\n", with: "duration: 3\n")
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        let full = try CLI.run(["render", scene, "--out", dir + "/full", "--video", "none", "--no-trace"])
        let trimmed = try CLI.run([
            "render", scene, "--out", dir + "/trim", "--video", "none", "--no-trace", "--until", "rest",
        ])
        #expect(full.status == 0 && trimmed.status == 0, "\(full.stderr) \(trimmed.stderr)")
        #expect(listDirectory(dir + "/full/snapfixed").filter { $0.hasSuffix(".png") }.count == 180)
        #expect(listDirectory(dir + "/trim/snapfixed").filter { $0.hasSuffix(".png") }.count == 69)
    }

    @Test("bad video flags are refused before anything is written")
    func badFlags() throws {
        let out = try makeTemporaryDirectory() + "/o"
        for (flags, message) in [
            (["--video", "mkv"], "--video: unknown format 'mkv'"),
            (["--motion-blur", "0"], "--motion-blur must be within 1...64, got 0"),
            (["--hold=-1"], "--hold must be seconds from 0 to 3600, got -1.0"),
            (["--until", "later"], "--until accepts only 'rest', got 'later'"),
            (["--qp", "99"], "--qp 99 is out of range; use 0...51"),
            (
                ["--gif-dither", "floyd"],
                "--gif-dither must be none, bayer, bayer:N (N from 0 to 5) or diffusion, got 'floyd'"
            ),
        ] {
            let result = try CLI.run(["render", "scenes/snap.yaml", "--out", out] + flags)
            #expect(result.status != 0)
            #expect(result.stderr.contains(message), "\(flags): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
