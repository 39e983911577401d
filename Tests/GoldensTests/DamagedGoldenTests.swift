import Foundation
import Goldens
import ImageDiff
import SceneModel
import TestSupport
import Testing

/// A golden is a file in a repository: it can be truncated by a bad merge or an LFS hiccup. A
/// damaged one must never pass, and must never stop the other scenes' checks or the reports.
@Suite("Damaged goldens", .serialized)
struct DamagedGoldenTests {
    /// Goldens of two scenes (the tiny snap and a renamed copy), recorded.
    static func recorded() throws -> (goldens: String, scenes: [Scene]) {
        let goldens = try makeTemporaryDirectory("goldens")
        var other = GoldenCheckTests.scene()
        other.name = "tiny-snap-2"
        let scenes = [GoldenCheckTests.scene(), other]
        var options = try GoldenCheckTests.options(goldens)
        options.record = .missing
        _ = try GoldenCheck.run(scenes: scenes, options: options)
        return (goldens, scenes)
    }

    /// Cuts a stored golden PNG to its first 100 bytes.
    static func truncate(_ path: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(100).write(to: URL(fileURLWithPath: path))
    }

    @Test("a truncated golden PNG fails its scene even while every rendered hash matches frames.txt")
    func corruptWhileHashesMatch() throws {
        let (goldens, scenes) = try Self.recorded()
        try Self.truncate(goldens + "/tiny-snap/frame_00004.png")
        // Before: the render's hashes matched frames.txt, the PNG was never opened, and it passed.
        let run = try GoldenCheck.run(scenes: scenes, options: GoldenCheckTests.options(goldens))
        #expect(run.bundle.reports.map(\.verdict) == [.error, .same])
        let note = try #require(run.bundle.reports[0].notes.first)
        #expect(
            note.hasPrefix("cannot read image '\(goldens)/tiny-snap/frame_00004.png': cannot decode PNG file"),
            "\(note)")
        #expect(!run.passed)
    }

    @Test("a golden PNG whose pixels do not match its recorded hash is an error naming both hashes")
    func swappedGolden() throws {
        let (goldens, scenes) = try Self.recorded()
        try FileManager.default.removeItem(atPath: goldens + "/tiny-snap/frame_00004.png")
        try FileManager.default.copyItem(
            atPath: goldens + "/tiny-snap/frame_00029.png", toPath: goldens + "/tiny-snap/frame_00004.png")
        let run = try GoldenCheck.run(scenes: [scenes[0]], options: GoldenCheckTests.options(goldens))
        #expect(run.bundle.reports.map(\.verdict) == [.error])
        #expect(run.bundle.reports[0].notes.first?.contains("but frames.txt records") == true)
        #expect(run.bundle.reports[0].notes.first?.contains("for frame 4; the golden is damaged") == true)
    }

    @Test("a damaged golden of a differing scene is that scene's error: the run goes on and writes every report")
    func differingSceneWithDamagedGolden() throws {
        let (goldens, scenes) = try Self.recorded()
        try Self.truncate(goldens + "/tiny-snap/frame_00004.png")
        var changed = scenes
        changed[0] = GoldenCheckTests.scene(damping: 0.45)
        changed[1] = {
            var s = GoldenCheckTests.scene(damping: 0.45)
            s.name = "tiny-snap-2"
            return s
        }()
        // Before: the comparison decoded the damaged PNG, threw, and the run stopped with no report.
        let run = try GoldenCheck.run(scenes: changed, options: GoldenCheckTests.options(goldens))
        #expect(run.bundle.reports.map(\.verdict) == [.error, .different])
        for file in [run.files.html, run.files.json, run.files.junit] {
            #expect(FileManager.default.fileExists(atPath: file), "\(file)")
        }
        let junit = try String(contentsOfFile: run.files.junit, encoding: .utf8)
        #expect(junit.contains("<testcase classname=\"flipbook\" name=\"tiny-snap\" time=\""))
        #expect(junit.contains("\">\n      <error message=\"cannot read image"))
        #expect(junit.contains("errors=\"1\""))
    }

    @Test("--record all replaces a damaged golden")
    func recordAllRepairs() throws {
        let (goldens, scenes) = try Self.recorded()
        try Self.truncate(goldens + "/tiny-snap/frame_00004.png")
        var options = try GoldenCheckTests.options(goldens)
        options.record = .all
        #expect(try GoldenCheck.run(scenes: [scenes[0]], options: options).bundle.reports.map(\.verdict) == [.recorded])
        #expect(
            try GoldenCheck.run(scenes: [scenes[0]], options: GoldenCheckTests.options(goldens)).bundle.reports.map(
                \.verdict) == [.same])
    }
}
