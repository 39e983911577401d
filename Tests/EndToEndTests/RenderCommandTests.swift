import Foundation
import PNG
import Testing
import TestSupport

@Suite("flipbook render, end to end", .serialized)
struct RenderCommandTests {
    @Test("rendering the snap scene writes its PNG frames and an MP4 with the same frame count and size")
    func snapRendersFramesAndVideo() throws {
        let out = try makeTemporaryDirectory()
        let result = try CLI.run(["render", "scenes/snap.yaml", "--out", out])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty, "no progress output when not on a terminal: \(result.stderr)")
        #expect(listDirectory(out) == ["snap", "snap.mp4"])

        let frames = listDirectory(out + "/snap")
        #expect(frames.first == "frame_00000.png")
        #expect(frames.allSatisfy { $0.hasPrefix("frame_") && $0.hasSuffix(".png") })
        let first = try PNG.decode(contentsOf: out + "/snap/frame_00000.png")
        #expect(first.width == 640 && first.height == 1136)

        let probe = try probeVideo(out + "/snap.mp4")
        #expect(probe.codec == "h264" && probe.pixelFormat == "yuv420p")
        #expect(probe.width == 640 && probe.height == 1136)
        #expect(probe.frameCount == frames.count)
        #expect(result.stdout.contains("snap: \(frames.count) frames"))
    }

    @Test("the gravity scene renders 1.5 s at 60 fps: 90 frames and a 1.5 s video")
    func gravityRendersItsDuration() throws {
        let out = try makeTemporaryDirectory()
        let result = try CLI.run(["render", "scenes/gravity.json", "--out", out])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(listDirectory(out + "/gravity").count == 90)
        let probe = try probeVideo(out + "/gravity.mp4")
        #expect(probe.frameCount == 90)
        #expect(abs(probe.duration - 1.5) < 0.001)
    }

    @Test("--no-frames --video mp4 writes only the video; --video none writes only frames")
    func outputSelection() throws {
        let out = try makeTemporaryDirectory()
        let videoOnly = try CLI.run(["render", "scenes/snap.yaml", "--out", out, "--no-frames"])
        #expect(videoOnly.status == 0, "stderr: \(videoOnly.stderr)")
        #expect(listDirectory(out) == ["snap.mp4"])

        let out2 = try makeTemporaryDirectory()
        let framesOnly = try CLI.run(["render", "scenes/snap.yaml", "--out", out2, "--video", "none"])
        #expect(framesOnly.status == 0, "stderr: \(framesOnly.stderr)")
        #expect(listDirectory(out2) == ["snap"])
    }

    @Test("without ffmpeg on PATH the render fails before writing anything and says how to fix it")
    func missingFFmpeg() throws {
        let out = try makeTemporaryDirectory()
        let result = try CLI.run(["render", "scenes/snap.yaml", "--out", out + "/o"],
                                 environment: ["PATH": "/nonexistent"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: ffmpeg not found on PATH"), "\(result.stderr)")
        #expect(result.stderr.contains("apt-get install ffmpeg"))
        #expect(!FileManager.default.fileExists(atPath: out + "/o/snap"))
    }
}
