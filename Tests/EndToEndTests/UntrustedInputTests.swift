import Foundation
import PNG
import TestSupport
import Testing

/// Hostile or unlucky input through the real CLI: names that would rewrite the terminal line,
/// special files, a full disk, a transparent scene sent to a format without alpha, damaged goldens.
@Suite("flipbook with untrusted input and a hostile environment", .serialized)
struct UntrustedInputTests {
    /// 0.2 s of a card falling on a 64×48 canvas of `background`.
    static func smallScene(in folder: String, name: String = "tiny", background: String = "#F2F2F7") throws -> String {
        let path = folder + "/\(name).yaml"
        try Data(
            """
            name: \(name)
            canvas: { size: [64, 48], scale: 1, background: "\(background)" }
            fps: 30
            duration: 0.2
            items:
              - { id: card, size: [16, 12], center: [32, 8], fill: "#FF9500", cornerRadius: 3 }
            behaviors:
              - gravity: { items: [card], direction: [0, 0.05] }
            """.utf8
        ).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a file name with U+202E and an escape character is printed escaped, never raw")
    func escapedFileName() throws {
        let name = "/tmp/evil\u{202E}lmay\u{1B}[2J.yaml"
        let result = try CLI.run(["validate", name])
        #expect(result.status == 1)
        #expect(result.stderr == "error: /tmp/evil\\u{202E}lmay\\u{1B}[2J.yaml: no such file\n", "\(result.stderr)")
    }

    @Test("a FIFO as a scene is reported as a FIFO at once, not as 'permission denied' (and never blocks)")
    func fifoScene() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #require(mkfifo(folder + "/scene.yaml", 0o600) == 0)
        let result = try CLI.run(["render", folder + "/scene.yaml", "--out", folder + "/out"])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix("error: \(folder)/scene.yaml: is a FIFO (named pipe), not a regular file;"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    @Test("a full disk stops the render with the errno text and the advice to free space and --resume")
    func diskFull() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A private 96 KiB tmpfs in a user and mount namespace: no root needed, nothing leaks out.
        let disk = folder + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let script = "mount -t tmpfs -o size=96k tmpfs \"$1\" && shift && exec \"$@\""
        let result = try runProcess(
            "/usr/bin/unshare",
            [
                "-rm", "sh", "-c", script, "sh", disk, CLI.debugBinary,
                "render", "scenes/snap.yaml", "--out", disk + "/out", "--video", "none",
            ],
            currentDirectory: repositoryRoot)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix(
                "(free some space, then run the same command with --resume: the frames already written are checked and kept)\n"
            ),
            "\(result.stderr)")
    }

    @Test("mp4 of a transparent scene warns and names the formats that keep alpha; webm does not warn")
    func transparentToMP4() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = try Self.smallScene(in: folder, background: "#00000000")
        let mp4 = try CLI.run([
            "render", scene, "--out", folder + "/out", "--video", "mp4", "--no-frames", "--no-trace",
        ])
        #expect(mp4.status == 0, "\(mp4.stderr)")
        #expect(
            mp4.stderr.contains(
                "warning: tiny: the canvas background is transparent but mp4 cannot store alpha; that video will be opaque"
            ),
            "\(mp4.stderr)")
        #expect(mp4.stderr.contains("Formats that keep alpha: webm, mov, apng (gif: on/off transparency only)"))
        let webm = try CLI.run([
            "render", scene, "--out", folder + "/out2", "--video", "webm", "--no-frames", "--no-trace",
        ])
        #expect(webm.status == 0, "\(webm.stderr)")
        #expect(!webm.stderr.contains("warning:"), "\(webm.stderr)")
        let opaque = try Self.smallScene(in: folder, name: "opaque")
        let plain = try CLI.run([
            "render", opaque, "--out", folder + "/out3", "--video", "mp4", "--no-frames", "--no-trace",
        ])
        #expect(!plain.stderr.contains("warning:"), "\(plain.stderr)")
        // A gradient background is drawn over the whole canvas: opaque stops, no warning;
        // one translucent stop, the warning.
        for (name, second, warns) in [("opaque-gradient", "#0000FF", false), ("clear-gradient", "#0000FF80", true)] {
            let gradient = try Self.smallScene(in: folder, name: name, background: "#FFFFFF")
            let text = try String(contentsOfFile: gradient, encoding: .utf8).replacingOccurrences(
                of: "background: \"#FFFFFF\"",
                with: "background: { linear: { colors: [\"#FF0000\", \"\(second)\"] } }")
            try text.write(toFile: gradient, atomically: true, encoding: .utf8)
            let result = try CLI.run([
                "render", gradient, "--out", folder + "/out-" + name, "--video", "mp4", "--no-frames", "--no-trace",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("cannot store alpha") == warns, "\(name): \(result.stderr)")
        }
    }

    @Test("render prints a text warning as 'warning: …', as validate does, never as 'error: warning: …'")
    func textWarningsAreWarnings() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = try Self.smallScene(in: folder)
        let text = try String(contentsOfFile: scene, encoding: .utf8).replacingOccurrences(
            of: "cornerRadius: 3 }", with: "cornerRadius: 3, text: { string: \"\\U0010FFFD\" } }")
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        let result = try CLI.run(["render", scene, "--out", folder + "/out", "--video", "none", "--no-trace"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("warning: \(scene): item 'card': no font has U+10FFFD"), "\(result.stderr)")
        #expect(!result.stderr.contains("error:"), "\(result.stderr)")
    }

    @Test("check with a damaged golden: that scene is an error, exit status 2, and all three reports are written")
    func checkWithDamagedGolden() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = try Self.smallScene(in: folder)
        let goldens = folder + "/goldens"
        let record = try CLI.run(
            ["check", scene, "--goldens", goldens, "--record", "missing", "--out", folder + "/r1"],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(record.status == 0, "\(record.stdout) \(record.stderr)")
        let png = goldens + "/tiny/frame_00000.png"
        try Data(try Data(contentsOf: URL(fileURLWithPath: png)).prefix(60)).write(to: URL(fileURLWithPath: png))
        let check = try CLI.run(
            ["check", scene, "--goldens", goldens, "--out", folder + "/r2", "--report", folder + "/report"],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(check.status == 2, "\(check.stdout) \(check.stderr)")
        #expect(check.stdout.contains("tiny: error"), "\(check.stdout)")
        #expect(check.stderr.contains("error: 1 scene could not be compared; see the report"), "\(check.stderr)")
        #expect(
            listDirectory(folder + "/report").filter { !$0.hasPrefix(".") }.sorted().starts(with: [
                "index.html", "junit.xml", "report.json",
            ]))
    }
    @Test("diff --mode perceptual reports an opaque area turned transparent as different")
    func perceptualAlpha() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let opaque = [UInt8](repeating: 255, count: 16 * 16 * 4)
        var clear = opaque
        for p in 0..<(16 * 16) where p % 16 < 8 { clear[p * 4 + 3] = 0 }  // left half: white, alpha 0
        try PNG.writeAtomically(PNG.encode(rgba: opaque, width: 16, height: 16), to: folder + "/a.png")
        try PNG.writeAtomically(PNG.encode(rgba: clear, width: 16, height: 16), to: folder + "/b.png")
        // Before: both were blended over white, so transparent white equalled opaque white: "same", exit 0.
        let result = try CLI.run(["diff", folder + "/a.png", folder + "/b.png", "--mode", "perceptual"])
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("different"), "\(result.stdout)")
    }

    @Test("verify refuses a manifest whose frames folder climbs out with '..': exit 2, nothing hashed")
    func verifyDotDot() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = try Self.smallScene(in: folder)
        let render = try CLI.run(["render", scene, "--out", folder + "/out", "--video", "none"])
        try #require(render.status == 0, "\(render.stderr)")
        try FileManager.default.copyItem(atPath: folder + "/out/tiny", toPath: folder + "/victim")
        let manifest = folder + "/out/tiny.manifest.json"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try #require(text.contains("\"directory\" : \"tiny\""), "the manifest's spelling changed: \(text.prefix(400))")
        try text.replacingOccurrences(of: "\"directory\" : \"tiny\"", with: "\"directory\" : \"..\\/victim\"")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        // Before: verify hashed ../victim's copies and said "ok".
        let verify = try CLI.run(["verify", folder + "/out"])
        #expect(verify.status == 2, "\(verify.stdout) \(verify.stderr)")
        #expect(
            verify.stderr.contains("frames.directory '../victim' is refused: it goes up with '..'"), "\(verify.stderr)")
    }
}
