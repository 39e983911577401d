import Foundation
import PNG
import TestSupport
import Testing

@Suite("flipbook diff and check, end to end", .serialized)
struct DiffCheckCommandTests {
    /// The test runner's environment without `CI`, so recording works here even when the suite
    /// itself runs on CI; the CI rule has its own test.
    static var localEnvironment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        return env
    }

    @Test(
        "check: goldens recorded from snap, then damping 0.5 → 0.45 exits 1 naming card and its first divergent tick 1")
    func checkFindsChangedDamping() throws {
        let goldens = try makeTemporaryDirectory("goldens")
        let out1 = try makeTemporaryDirectory()
        let out2 = try makeTemporaryDirectory()
        let record = try CLI.run(
            ["check", "scenes/snap.yaml", "--goldens", goldens, "--record", "missing", "--out", out1],
            environment: Self.localEnvironment)
        #expect(record.status == 0, "stderr: \(record.stderr)")
        #expect(record.stdout.hasPrefix("snap: recorded\n  recorded (no goldens before): 69 frame hashes, 8 PNGs"))
        #expect(
            listDirectory(goldens + "/snap").filter { !$0.hasPrefix("frame_") } == [
                "events.txt", "frames.txt", "scene.txt", "trace.csv",
            ])
        #expect(listDirectory(goldens + "/snap").filter { $0.hasPrefix("frame_") }.count == 8)

        let scene = try makeTemporaryDirectory() + "/snap.yaml"
        let text = try String(contentsOfFile: repositoryRoot + "/scenes/snap.yaml", encoding: .utf8)
        #expect(text.contains("damping: 0.5 }"))
        try text.replacingOccurrences(of: "damping: 0.5 }", with: "damping: 0.45 }").write(
            toFile: scene, atomically: true, encoding: .utf8)

        let check = try CLI.run(
            ["check", scene, "--goldens", goldens, "--out", out2], environment: Self.localEnvironment)
        #expect(check.status == 1, "stderr: \(check.stderr)")
        #expect(check.stderr.isEmpty)
        let lines = check.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "snap: different")
        // What changed in the scene comes first (the goldens keep the resolved scene), then the motion.
        #expect(lines.dropFirst().first == "  scene: behaviors[0].snap.damping: 0.5 → 0.45")
        #expect(lines.dropFirst(2).first == "  card: first divergent tick 1 (angle)")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "  card: angle first differs at tick 1: expected -3.014°, actual -3.094°; largest difference 2.73874° at tick 10"
                )
            })
        #expect(!lines.contains { $0.contains("size") }, "a turn alone changes no size")
        #expect(lines.contains { $0.hasPrefix("  frames: ") && $0.contains("first differing frame 1") })
        #expect(lines.contains("report: \(out2)/report/index.html"))
        for file in ["index.html", "report.json", "junit.xml", "snap/heat-strip.png"] {
            #expect(FileManager.default.fileExists(atPath: "\(out2)/report/\(file)"), "\(file)")
        }
        let html = try String(contentsOfFile: "\(out2)/report/index.html", encoding: .utf8)
        #expect(html.contains("<td>card</td><td>angle</td><td>1</td>"))
        let junit = try String(contentsOfFile: "\(out2)/report/junit.xml", encoding: .utf8)
        #expect(junit.contains("message=\"scene: behaviors[0].snap.damping: 0.5 → 0.45"))
        #expect(junit.contains("<property name=\"scene.snap\" value=\"\(scene)\"/>"))
        #expect(junit.contains("<property name=\"report\" value=\"\(out2)/report/index.html\"/>"))
        #expect(junit.contains("<testcase classname=\"flipbook\" name=\"snap\" time=\""))
        #expect(
            lines.last
                == "to approve these changes after reading the report: flipbook check \(scene) --goldens \(goldens) --record failed"
        )

        // The motion view: expected and actual in step, driven in Chromium.
        #expect(html.contains("<a href=\"snap/motion/motion.html\">Play expected and actual in motion</a>"))
        // Within the default 5 MB every differing frame is kept in full and every other one as a
        // half-size thumbnail: 71 in all, as damping 0.45 rests 2 ticks later.
        let kept = listDirectory("\(out2)/report/snap/motion/actual")
        let differing = Set(kept.filter { $0.hasPrefix("frame_") })
        #expect(kept.count == 71 && kept.filter { $0.hasPrefix("thumb_") }.count == 71 - differing.count)
        // Of the stored expected frames only those that differ: elsewhere the actual frame is the same.
        #expect(
            listDirectory("\(out2)/report/snap/motion/expected")
                == listDirectory(goldens + "/snap").filter { differing.contains($0) })
        #expect(!listDirectory("\(out2)/report/snap").contains { $0.hasSuffix(".triptych.png") })

        // A report of at most 1.5 MB (the page and its traces take 0.5) keeps every few differing frames in
        // full and thumbnails of the rest.
        let out3 = try makeTemporaryDirectory()
        let small = try CLI.run(
            ["check", scene, "--goldens", goldens, "--out", out3, "--report-size", "1.5"],
            environment: Self.localEnvironment)
        #expect(small.status == 1, "stderr: \(small.stderr)")
        let smallKept = listDirectory("\(out3)/report/snap/motion/actual")
        let smallFull = smallKept.filter { $0.hasPrefix("frame_") }
        #expect(smallFull.first == "frame_00001.png" && smallFull.count < differing.count, "\(smallFull)")
        #expect(smallKept.contains { $0.hasPrefix("thumb_") })
        let reportBytes = try FileManager.default.subpathsOfDirectory(atPath: "\(out3)/report/snap").reduce(0) {
            $0 + ((try FileManager.default.attributesOfItem(atPath: "\(out3)/report/snap/\($1)")[.size] as? Int) ?? 0)
        }
        #expect(reportBytes <= 1_500_000, "the scene's report takes \(reportBytes) bytes")
        let browser = try runProcess(
            "/usr/bin/python3",
            [
                repositoryRoot + "/Tests/Browser/compare_test.py", "\(out2)/report/snap/motion/motion.html",
                "\(out2)/report/index.html", "\(out3)/report/snap/motion/motion.html",
            ],
            currentDirectory: repositoryRoot + "/Tests/Browser")
        #expect(browser.status == 0, "browser test failed:\n\(browser.stdout)\n\(browser.stderr)")
        #expect(browser.stdout.contains("compare: all checks passed"))
    }

    @Test("check with a mistyped --goldens folder is trouble (exit 2) with a suggestion, not 'different'")
    func checkMistypedGoldens() throws {
        let result = try CLI.run(
            ["check", "scenes/snap.yaml", "--goldens", "Tests/GoldenTests"], environment: Self.localEnvironment)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "error: --goldens Tests/GoldenTests: no such folder (did you mean 'Tests/GoldensTests'?); record goldens into a new folder with --record missing\n"
        )
        #expect(result.stdout.isEmpty)
    }

    @Test(
        "check without goldens for a scene suggests --record missing, as its note says; without --out only the report is left"
    )
    func checkMissingGoldensHintAndCleanup() throws {
        let goldens = try makeTemporaryDirectory("goldens")
        let result = try CLI.run(
            ["check", "scenes/snap.yaml", "--goldens", goldens], environment: Self.localEnvironment)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("record them with --record missing") })
        #expect(
            lines.last
                == "to record the missing goldens: flipbook check scenes/snap.yaml --goldens \(goldens) --record missing"
        )
        let report = try #require(lines.first { $0.hasPrefix("report: ") }).dropFirst("report: ".count)
        let folder = ((String(report) as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        #expect(listDirectory(folder) == ["report"], "the rendered frames are removed, the report stays")
        #expect(FileManager.default.fileExists(atPath: String(report)))
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test(
        "a passing check without --out or --report leaves nothing in the temporary folder; with --report it keeps one")
    func passingCheckLeavesNothing() throws {
        let goldens = try makeTemporaryDirectory("goldens")
        let record = try CLI.run(
            ["check", "scenes/watcher.yaml", "--goldens", goldens, "--record", "all"],
            environment: Self.localEnvironment)
        #expect(record.status == 0, "\(record.stderr)")
        var env = Self.localEnvironment
        let temporary = try makeTemporaryDirectory("check-tmp")
        env["TMPDIR"] = temporary
        let pass = try CLI.run(["check", "scenes/watcher.yaml", "--goldens", goldens], environment: env)
        #expect(pass.status == 0, "\(pass.stderr)")
        #expect(
            pass.stdout.contains("report: none kept, every scene matches (--report DIR keeps one)"), "\(pass.stdout)")
        #expect(listDirectory(temporary) == [], "nothing left in TMPDIR")
        let reports = try makeTemporaryDirectory("check-report")
        let kept = try CLI.run(
            ["check", "scenes/watcher.yaml", "--goldens", goldens, "--report", reports], environment: env)
        #expect(kept.status == 0 && kept.stdout.contains("report: \(reports)/index.html"), "\(kept.stdout)")
        #expect(listDirectory(temporary) == [], "the renders of a run with --report are removed too")
    }

    @Test("check on CI: --record is refused with exit status 2 and nothing is recorded")
    func checkRefusesRecordingOnCI() throws {
        let goldens = try makeTemporaryDirectory("goldens")
        var env = Self.localEnvironment
        env["CI"] = "true"
        let result = try CLI.run(
            ["check", "scenes/snap.yaml", "--goldens", goldens, "--record", "all"], environment: env)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "error: recording goldens is disabled on CI (CI=true); record on a workstation, review the report and commit the goldens\n"
        )
        #expect(listDirectory(goldens).isEmpty)
    }

    @Test("diff: a render delayed by one tick is reported as a time shift; a render against itself is the same")
    func diffFindsOneTickDelay() throws {
        let a = try makeTemporaryDirectory()
        let b = try makeTemporaryDirectory()
        let render = try CLI.run(["render", "scenes/snap.yaml", "--out", a, "--video", "none"])
        #expect(render.status == 0, "stderr: \(render.stderr)")

        // b: the same motion one tick late (frame 0 held one more tick).
        let frames = listDirectory(a + "/snap").filter { $0.hasSuffix(".png") }
        try FileManager.default.createDirectory(atPath: b + "/snap", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(a)/snap/\(frames[0])", toPath: "\(b)/snap/frame_00000.png")
        for (i, name) in frames.enumerated() {
            try FileManager.default.copyItem(
                atPath: "\(a)/snap/\(name)", toPath: "\(b)/snap/" + String(format: "frame_%05d.png", i + 1))
        }
        let csv = try String(contentsOfFile: a + "/snap.trace.csv", encoding: .utf8).split(separator: "\n").map(
            String.init)
        // Tick 0 held: every layer's tick-0 row twice (the album's still layers have rows too).
        var shifted = [csv[0]] + csv.dropFirst().filter { $0.hasPrefix("0,") }
        for row in csv.dropFirst() {
            let fields = row.split(separator: ",", maxSplits: 1)
            shifted.append("\(Int(fields[0])! + 1),\(fields[1])")
        }
        try (shifted.joined(separator: "\n") + "\n").write(
            toFile: b + "/snap.trace.csv", atomically: true, encoding: .utf8)
        // Events keep their text; every tick but the set-up's (0) moves one later.
        let text = try String(contentsOfFile: a + "/snap.trace.txt", encoding: .utf8)
        let pause = try #require(
            text.split(separator: "\n").first { $0.hasSuffix(")") && $0.contains("animator paused (tick ") })
        let pauseTick = try #require(Int(pause.split(separator: " ").last!.dropLast()))
        try "[0.000] animator resumed (tick 0)\n[9.999] animator paused (tick \(pauseTick + 1))\n"
            .write(toFile: b + "/snap.trace.txt", atomically: true, encoding: .utf8)

        let diff = try CLI.run(["diff", a, b, "--report", b + "/report"])
        #expect(diff.status == 1, "stderr: \(diff.stderr)")
        let lines = diff.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "snap: different")
        #expect(
            lines.dropFirst().first
                == "  time shift: actual matches expected 1 tick later (every traced value and event)")
        #expect(
            lines.contains(
                "  events: expected animator paused (tick \(pauseTick)), actual animator paused (tick \(pauseTick + 1))"
            ))

        let same = try CLI.run(["diff", a, a])
        #expect(same.status == 0, "stderr: \(same.stderr)")
        #expect(same.stdout == "snap: same\n")
    }

    @Test("diff: exit status 2 for a missing file and for frames of different sizes")
    func diffTrouble() throws {
        let dir = try makeTemporaryDirectory()
        let small = try PNG.encode(rgba: [UInt8](repeating: 255, count: 4 * 4 * 4), width: 4, height: 4)
        let wide = try PNG.encode(rgba: [UInt8](repeating: 255, count: 5 * 4 * 4), width: 5, height: 4)
        try PNG.writeAtomically(small, to: dir + "/a.png")
        try PNG.writeAtomically(wide, to: dir + "/b.png")
        let missing = try CLI.run(["diff", dir + "/a.png", dir + "/nope.png"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: '\(dir)/nope.png': no such file or folder\n")
        let sizes = try CLI.run(["diff", dir + "/a.png", dir + "/b.png"])
        #expect(sizes.status == 2)
        #expect(
            sizes.stderr
                == "error: cannot compare '\(dir)/a.png' (4×4) with '\(dir)/b.png' (5×4): the pixel sizes differ\n")
    }

    @Test(
        "the HTML report renders in headless Chromium with the network cut off",
        .enabled(
            if: which("chromium") != nil || which("chromium-browser") != nil,
            "chromium is not installed: the browser check of the report is skipped (apt-get install -y chromium)"))
    func reportRendersInBrowser() throws {
        let dir = try makeTemporaryDirectory()
        var pixels = [UInt8](repeating: 255, count: 64 * 48 * 4)
        try PNG.writeAtomically(PNG.encode(rgba: pixels, width: 64, height: 48), to: dir + "/expected.png")
        for y in 10..<30 {
            for x in 20..<40 {
                let k = (y * 64 + x) * 4
                pixels[k] = 255
                pixels[k + 1] = 149
                pixels[k + 2] = 0
            }
        }
        try PNG.writeAtomically(PNG.encode(rgba: pixels, width: 64, height: 48), to: dir + "/actual.png")
        let diff = try CLI.run(["diff", dir + "/expected.png", dir + "/actual.png", "--report", dir + "/report"])
        #expect(diff.status == 1, "stderr: \(diff.stderr)")

        // A browser on a loaded machine has once captured the page before painting its images
        // (the whole suite on 2 cores), so up to three screenshots; a report that does not render
        // fails all three.
        var colours = Set<UInt32>()
        for _ in 0..<3 where !colours.contains(0xFF9500) {
            let shot = try runProcess(
                "/bin/sh",
                [
                    repositoryRoot + "/Tests/Tools/screenshot_report.sh",
                    dir + "/report/index.html", dir + "/shot.png", "800x600",
                ])
            #expect(shot.status == 0, "stderr: \(shot.stderr)")
            let image = try PNG.decode(contentsOf: dir + "/shot.png")
            #expect(image.width == 800 && image.height == 600)
            colours = []
            for k in stride(from: 0, to: image.rgba.count, by: 4) {
                colours.insert(
                    UInt32(image.rgba[k]) << 16 | UInt32(image.rgba[k + 1]) << 8 | UInt32(image.rgba[k + 2]))
            }
        }
        // Not blank: the page's text, the red verdict badge and the orange square of the frames.
        #expect(colours.count > 50)
        #expect(colours.contains(0xFF9500))
    }
}
