import Foundation
import PNG
import TestSupport
import Testing

@Suite("flipbook render, end to end", .serialized)
struct RenderCommandTests {
    @Test("rendering the snap scene writes its PNG frames and an MP4 with the same frame count and size")
    func snapRendersFramesAndVideo() throws {
        let out = try makeTemporaryDirectory()
        let result = try CLI.run(["render", "scenes/snap.yaml", "--out", out])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty, "no progress output when not on a terminal: \(result.stderr)")
        #expect(listDirectory(out) == ["snap", "snap.manifest.json", "snap.mp4", "snap.trace.csv", "snap.trace.txt"])

        let frames = listDirectory(out + "/snap").filter { $0 != "index.html" }
        #expect(listDirectory(out + "/snap").contains("index.html"), "the player page sits beside the frames")
        #expect(frames.first == "frame_00000.png")
        #expect(frames.allSatisfy { $0.hasPrefix("frame_") && $0.hasSuffix(".png") })
        let first = try PNG.decode(contentsOf: out + "/snap/frame_00000.png")
        #expect(first.width == 640 && first.height == 1136)

        let probe = try probeStream(out + "/snap.mp4")
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
        #expect(listDirectory(out + "/gravity").filter { $0.hasSuffix(".png") }.count == 90)
        let probe = try probeStream(out + "/gravity.mp4")
        #expect(probe.frameCount == 90)
        #expect(abs(probe.duration - 1.5) < 0.001)
    }

    @Test("--no-frames --video mp4 writes only the video; --video none writes only frames")
    func outputSelection() throws {
        let out = try makeTemporaryDirectory()
        let videoOnly = try CLI.run(["render", "scenes/snap.yaml", "--out", out, "--no-frames"])
        #expect(videoOnly.status == 0, "stderr: \(videoOnly.stderr)")
        #expect(listDirectory(out) == ["snap.manifest.json", "snap.mp4", "snap.trace.csv", "snap.trace.txt"])

        let out2 = try makeTemporaryDirectory()
        let framesOnly = try CLI.run(["render", "scenes/snap.yaml", "--out", out2, "--video", "none"])
        #expect(framesOnly.status == 0, "stderr: \(framesOnly.stderr)")
        #expect(listDirectory(out2) == ["snap", "snap.manifest.json", "snap.trace.csv", "snap.trace.txt"])

        let out3 = try makeTemporaryDirectory()
        let bare = try CLI.run(["render", "scenes/snap.yaml", "--out", out3, "--video", "none", "--no-trace"])
        #expect(bare.status == 0, "stderr: \(bare.stderr)")
        #expect(listDirectory(out3) == ["snap", "snap.manifest.json"])
    }

    @Test("the trace logs every tick in the seed's NSRect format, with the animator's pause")
    func traceFollowsTheSeedFormat() throws {
        let out = try makeTemporaryDirectory()
        let result = try CLI.run(["render", "scenes/snap.yaml", "--out", out, "--video", "none"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let text = try String(contentsOfFile: out + "/snap.trace.txt", encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[1] == "[0.000] animator resumed (tick 0)")
        #expect(
            lines[2]
                == "[0.000] card NSRect: {{130, 222}, {60, 60}} center (160, 252) angle 0.000000 velocity (0, 0) angularVelocity 0.000000"
        )
        #expect(lines.contains("[1.133] animator paused (tick 68)"))
        // The card's last line; the album's still layers (22 of them) are logged after it each tick.
        #expect(
            lines.last { $0.hasPrefix("[1.133] card ") }
                == "[1.133] card NSRect: {{50, 222}, {60, 60}} center (80, 252) angle 0.000000 velocity (0, 0) angularVelocity 0.000000"
        )
        let csv = try String(contentsOfFile: out + "/snap.trace.csv", encoding: .utf8).split(separator: "\n")
        #expect(csv.count == 1 + 69 * 23)
        #expect(csv.filter { $0.split(separator: ",")[2] == "card" }.count == 69)
        #expect(
            csv[0]
                == "tick,time,item,center_x,center_y,frame_x,frame_y,frame_width,frame_height,angle_rad,scale_x,scale_y,opacity,drawn,velocity_x,velocity_y,angular_velocity,local_time,elapsed_time,effective_opacity"
        )
        #expect(
            csv[1]
                == "0,0.000000,card,160.000000,252.000000,130.000000,222.000000,60.000000,60.000000,0.000000000,1.000000,1.000000,1.000000,1,0.000000,0.000000,0.000000000,0.000000,0.000000,1.000000"
        )
    }

    @Test("--png-level changes the PNG bytes but not the pixels")
    func pngLevel() throws {
        let a = try makeTemporaryDirectory()
        let b = try makeTemporaryDirectory()
        for (dir, level) in [(a, "1"), (b, "9")] {
            let result = try CLI.run([
                "render", "scenes/snap.yaml", "--out", dir, "--video", "none", "--png-level", level,
            ])
            #expect(result.status == 0, "stderr: \(result.stderr)")
        }
        let fast = try Data(contentsOf: URL(fileURLWithPath: a + "/snap/frame_00010.png"))
        let small = try Data(contentsOf: URL(fileURLWithPath: b + "/snap/frame_00010.png"))
        #expect(fast.count > small.count)
        #expect(try PNG.decode([UInt8](fast)) == PNG.decode([UInt8](small)))
        let bad = try CLI.run(["render", "scenes/snap.yaml", "--out", a, "--png-level", "12"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--png-level must be within 0...9, got 12"))
    }

    @Test("without ffmpeg on PATH the render fails before writing anything and says how to fix it")
    func missingFFmpeg() throws {
        let out = try makeTemporaryDirectory()
        let result = try CLI.run(
            ["render", "scenes/snap.yaml", "--out", out + "/o"],
            environment: ["PATH": "/nonexistent"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: ffmpeg not found on PATH"), "\(result.stderr)")
        #expect(result.stderr.contains("apt-get install ffmpeg"))
        #expect(!FileManager.default.fileExists(atPath: out + "/o/snap"))
    }
}

@Suite("flipbook render on a terminal", .serialized)
struct ProgressTests {
    @Test("on a terminal the render shows frames done, frames per second and time left")
    func progressOnATerminal() throws {
        guard let script = which("script") else {
            Issue.record("script(1) from util-linux is needed to run flipbook under a pseudo-terminal")
            return
        }
        let out = try makeTemporaryDirectory()
        let command = "\(CLI.binary) render scenes/gravity.json --out \(out) --video none --jobs 1"
        let result = try runProcess(script, ["-qec", command, "/dev/null"], currentDirectory: repositoryRoot)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("[gravity] "), "\(result.stdout)")
        #expect(result.stdout.contains("/90 frames · "), "\(result.stdout)")
        #expect(result.stdout.contains(" fps · "), "\(result.stdout)")
        #expect(result.stdout.contains(" s left"), "\(result.stdout)")
        #expect(result.stdout.contains("gravity: 90 frames"))
    }
}

@Suite("Examples")
struct ExampleTests {
    @Test(
        "the BuildSceneInCode example renders the snap built in Swift and pauses on the same tick as scenes/snap.yaml")
    func swiftBuiltSceneMatchesTheFile() throws {
        let example = URL(fileURLWithPath: CLI.debugBinary).deletingLastPathComponent().appendingPathComponent(
            "BuildSceneInCode"
        ).path
        try #require(FileManager.default.isExecutableFile(atPath: example), "build the package first (swift build)")
        let out = try makeTemporaryDirectory()
        let result = try runProcess(example, [out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "snap-in-code: 69 frames in \(out)/snap-in-code, animator paused after tick 68\n")
        #expect(listDirectory(out + "/snap-in-code").count == 69)
    }
}

@Suite("flipbook render --format svg")
struct SVGFrameTests {
    @Test("every frame becomes an SVG file with the card as a transformed, rounded vector rectangle")
    func svgFrames() throws {
        let out = try makeTemporaryDirectory()
        let result = try CLI.run(["render", "scenes/snap.yaml", "--out", out, "--format", "svg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "snap: 69 SVG frames → \(out)/snap/\n")
        let files = listDirectory(out + "/snap")
        #expect(files.count == 69 && files.first == "frame_00000.svg" && files.last == "frame_00068.svg")
        let svg = try String(contentsOfFile: out + "/snap/frame_00000.svg", encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") || svg.hasPrefix("<svg"))
        #expect(svg.contains("width=\"640\"") && svg.contains("height=\"1136\""))
        #expect(svg.contains("rx=\"8\""), "the card's corner radius in points")
        #expect(svg.contains("#FF9500") || svg.contains("#ff9500"))
    }

    @Test("--frames and --shard write only their frames, numbered as in a full render and byte-identical to it")
    func svgFrameSelection() throws {
        let full = try makeTemporaryDirectory()
        let part = try makeTemporaryDirectory()
        let shard = try makeTemporaryDirectory()
        #expect(try CLI.run(["render", "scenes/snap.yaml", "--out", full, "--format", "svg"]).status == 0)
        let ranged = try CLI.run([
            "render", "scenes/snap.yaml", "--out", part, "--format", "svg", "--frames", "50..<52",
        ])
        #expect(ranged.status == 0, "\(ranged.stderr)")
        #expect(ranged.stdout == "snap: 2 SVG frames → \(part)/snap/\n")
        #expect(listDirectory(part + "/snap") == ["frame_00050.svg", "frame_00051.svg"])
        for name in ["frame_00050.svg", "frame_00051.svg"] {
            #expect(
                FileManager.default.contents(atPath: part + "/snap/" + name)
                    == FileManager.default.contents(atPath: full + "/snap/" + name))
        }
        // 69 frames in 3 shards: 23 each; the last shard is frames 46..<69.
        let sharded = try CLI.run(["render", "scenes/snap.yaml", "--out", shard, "--format", "svg", "--shard", "3/3"])
        #expect(sharded.status == 0, "\(sharded.stderr)")
        let files = listDirectory(shard + "/snap")
        #expect(files.count == 23 && files.first == "frame_00046.svg" && files.last == "frame_00068.svg")
        let past = try CLI.run([
            "render", "scenes/snap.yaml", "--out", part, "--format", "svg", "--frames", "100..<120",
        ])
        #expect(past.status != 0)
        #expect(past.stderr.contains("--frames 100..<120 starts after the scene's last frame, 68"))
    }
}
