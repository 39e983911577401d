import Foundation
import TestSupport
import Testing

/// The player page through the real CLI, and driven in headless Chromium (Debian's chromium,
/// chromium-driver and python3-selenium, which `make test` installs).
@Suite("flipbook render's player page, end to end", .serialized)
struct PlayerEndToEndTests {
    @Test("render writes index.html beside the frames; --no-player does not")
    func pageIsWritten() throws {
        let out = try makeTemporaryDirectory()
        let with = try CLI.run(["render", "scenes/snap.yaml", "--out", out, "--video", "none"])
        #expect(with.status == 0, "\(with.stderr)")
        #expect(with.stdout.contains("→ \(out)/snap/, \(out)/snap/index.html,"), "\(with.stdout)")
        let page = try String(contentsOfFile: out + "/snap/index.html", encoding: .utf8)
        #expect(
            page.contains(
                #""scene":"snap","fps":60,"width":640,"height":1136,"scale":2,"firstFrame":0,"frameCount":69"#))
        #expect(page.contains(#"{"tick":68,"text":"animator paused","kind":"animator"}"#))

        let without = try makeTemporaryDirectory()
        let bare = try CLI.run(["render", "scenes/snap.yaml", "--out", without, "--video", "none", "--no-player"])
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(!listDirectory(without + "/snap").contains("index.html"))
    }

    @Test("a windowed render's page covers exactly its frames, and a rerun writes the same bytes")
    func windowedRender() throws {
        let out = try makeTemporaryDirectory()
        let first = try CLI.run(["render", "scenes/snap.yaml", "--out", out, "--video", "none", "--frames", "20..<30"])
        #expect(first.status == 0, "\(first.stderr)")
        let page = try String(contentsOfFile: out + "/snap/index.html", encoding: .utf8)
        #expect(page.contains(#""firstFrame":20,"frameCount":10"#))
        let again = try CLI.run(["render", "scenes/snap.yaml", "--out", out, "--video", "none", "--frames", "20..<30"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOfFile: out + "/snap/index.html", encoding: .utf8) == page)
    }

    @Test(
        "in Chromium the player steps, plays, pauses, jumps to an event's tick, inspects and selects items by clicking")
    func chromiumDrivesThePlayer() throws {
        let out = try makeTemporaryDirectory()
        let render = try CLI.run(["render", "scenes/snap-zones.yaml", "--out", out, "--video", "none"])
        #expect(render.status == 0, "\(render.stderr)")
        let result = try runProcess(
            "/usr/bin/python3", [repositoryRoot + "/Tests/Browser/player_test.py", out, "snap-zones"],
            currentDirectory: repositoryRoot + "/Tests/Browser")
        #expect(result.status == 0, "browser test failed:\n\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("player: all checks passed"))
    }
}

@Suite("flipbook studio, end to end in Chromium", .serialized)
struct StudioEndToEndTests {
    @Test(
        "the studio lists scenes escaped, opens a player, reloads it at the same frame after a save, shows a scene error over the last good render, and refuses traversal"
    )
    func studioLiveReload() throws {
        try runBrowserScript("studio_test.py", passing: "studio: all checks passed", binary: studioCLI)
    }

    @Test(
        "a page on another origin and a DNS-rebinding page can neither read nor change anything in the studio; beyond loopback nothing is served without the token"
    )
    func studioRefusesOtherPages() throws {
        try runBrowserScript("studio_attack_test.py", passing: "studio attacks: all checks passed", binary: studioCLI)
    }

    @Test(
        "the studio answers through 1,000 hostile saves, 1,100 idle connections under a limit of 1024 descriptors, and 3,000 event streams opened and closed"
    )
    func studioSoak() throws {
        try runBrowserScript("studio_soak_test.py", passing: "studio soak: all checks passed", binary: studioCLI)
    }

    @Test("studio refuses a missing folder and a port out of range with a clear message")
    func studioBadArguments() throws {
        let missing = try CLI.run(["studio", "no-such-folder"], binary: studioCLI)
        #expect(
            missing.status == 1 && missing.stderr.contains("no-such-folder: no such scene file or folder"),
            "\(missing.stderr)")
        let port = try CLI.run(["studio", "scenes", "--port", "70000"], binary: studioCLI)
        #expect(
            port.status == 64 && port.stderr.contains("--port must be within 0...65535, got 70000"), "\(port.stderr)")
    }
}

@Suite("flipbook figure --kind player")
struct FigurePlayerTests {
    @Test("a player of a chosen range is one folder: exactly those frames and a page covering them")
    func playerFolder() throws {
        let out = try makeTemporaryDirectory()
        let destination = out + "/docs/snap-player"
        let result = try CLI.run([
            "figure", "scenes/snap.yaml", "--kind", "player", "--from", "0.5", "--to", "0.6", "-o", destination,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(destination)/index.html (frames 30..<37)\n")
        #expect(listDirectory(destination) == (30..<37).map { "frame_000\($0).png" } + ["index.html"])
        let page = try String(contentsOfFile: destination + "/index.html", encoding: .utf8)
        #expect(page.contains(#""firstFrame":30,"frameCount":7"#))
        #expect(listDirectory(out + "/docs") == ["snap-player"], "no staging folder left behind")

        let empty = try CLI.run([
            "figure", "scenes/snap.yaml", "--kind", "player", "--from", "2", "--to", "1", "-o", destination,
        ])
        #expect(empty.status != 0 && empty.stderr.contains("select no frames of snap"), "\(empty.stderr)")
        #expect(listDirectory(destination).count == 8, "a refused figure leaves the last one as it was")
    }
}

/// The binary whose `flipbook studio` works: it runs the flipbook-studio built beside it, and
/// `make test` builds the studio in debug only.
let studioCLI = CLI.debugBinary

/// Runs a Selenium script of Tests/Browser against the CLI under test in a fresh folder, and
/// expects it to exit 0 and print `passing` (its last line when every check held).
func runBrowserScript(_ script: String, passing: String, binary: String = CLI.binary) throws {
    let work = try makeTemporaryDirectory()
    let result = try runProcess(
        "/usr/bin/python3", [repositoryRoot + "/Tests/Browser/" + script, binary, work],
        currentDirectory: repositoryRoot + "/Tests/Browser")
    #expect(result.status == 0, "\(script) failed:\n\(result.stdout)\n\(result.stderr)")
    #expect(result.stdout.contains(passing))
}
