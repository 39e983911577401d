import Foundation
import TestSupport
import Testing

/// `flipbook export --format lottie`, checked by an independent player and by the Lottie
/// specification's schema: every bundled scene exports and validates; the scenes Lottie can show
/// as Flipbook draws them play in rlottie (Debian's librlottie-dev, through
/// Tests/Tools/rlottie_compare.c) within a stated difference of Flipbook's own frames, every frame.
@Suite("Lottie export")
struct LottieExportTests {
    /// The scenes the player comparison covers: Lottie shows what they draw, or near enough
    /// (`gradients` has an elliptical radial gradient exported as a circle, `carousel` and `post`
    /// shadows and materials; `shapes` is strokes with trim paths and dashes, `carousel` and
    /// `refresh` scrolling with clips, `throw-sheet` touches and a device frame), with what rlottie's frames measured
    /// against Flipbook's when the tolerance was set: the worst frame's mean difference (levels)
    /// and its share of pixels off by more than 32.
    /// The tolerance, calibrated on them: a mean under 2 levels, and under 1 % of pixels off by
    /// more than 32 (two renderers' anti-aliasing and text hinting differ at every edge).
    static let played: [(scene: String, mean: Double, off: Double)] = [
        ("snap", 0.979, 0.00002), ("spring-gallery", 0.160, 0.00004), ("damped-resize", 1.531, 0.0095),
        ("gradients", 1.815, 0.0074), ("transform-nest", 1.279, 0.0027), ("attachments", 1.167, 0.0015),
        ("collisions", 0.990, 0.0018), ("shapes", 1.400, 0.0073), ("throw-sheet", 1.162, 0.0016),
        ("carousel", 1.743, 0.0060), ("refresh", 0.56, 0.0011), ("post", 1.53, 0.0054),
    ]
    static let meanTolerance = 2.0
    static let offTolerance = 0.01

    /// The comparison tool, compiled once against the system's rlottie and libpng.
    static let compareTool: Result<String, Error> = Result {
        let folder = try makeTemporaryDirectory("flipbook-rlottie")
        let tool = folder + "/rlottie-compare"
        let build = try runProcess(
            "/usr/bin/env",
            ["cc", "-O2", repositoryRoot + "/Tests/Tools/rlottie_compare.c", "-lrlottie", "-lpng", "-o", tool])
        guard build.status == 0 else {
            throw ToolError(
                "cc could not build rlottie_compare.c (is librlottie-dev installed? `make test-deps`): \(build.stderr)")
        }
        return tool
    }

    struct ToolError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    @Test(
        "the scenes Lottie can show play in rlottie within 2 levels on average and 1 % of pixels off by more than 32, every frame",
        arguments: played.map(\.scene))
    func playsInRlottie(scene: String) throws {
        let tool = try Self.compareTool.get()
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = dir + "/\(scene).json"
        let export = try CLI.run(["export", "scenes/\(scene).yaml", "-o", json])
        try #require(export.status == 0, "\(export.stderr)")
        let render = try CLI.run([
            "render", "scenes/\(scene).yaml", "--out", dir, "--video", "none", "--no-player", "--no-trace",
        ])
        try #require(render.status == 0, "\(render.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/" + scene).filter {
            $0.hasPrefix("frame_") && $0.hasSuffix(".png")
        }.count
        let compared = try runProcess(tool, [json, dir + "/" + scene, String(frames)])
        try #require(compared.status == 0, "\(compared.stderr)")
        let lines = compared.stdout.split(separator: "\n")
        // The first line is rlottie's reading of the file: its frame count and rate are the scene's.
        let header = lines[0].split(separator: " ")
        #expect(Int(header[2]) == frames)
        let rows = lines.dropFirst().map { $0.split(separator: " ").compactMap { Double($0) } }
        #expect(rows.count == frames)
        let worstMean = rows.map { $0[1] }.max() ?? .infinity
        let worstOff = rows.map { $0[2] }.max() ?? .infinity
        #expect(worstMean < Self.meanTolerance, "\(scene): worst frame's mean difference \(worstMean) levels")
        #expect(worstOff < Self.offTolerance, "\(scene): worst frame has \(worstOff * 100) % of pixels off by > 32")
    }

    @Test(
        "every bundled scene exports, and every export validates against the Lottie specification's schema"
    )
    func everySceneExports() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenes = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/scenes")
            .filter { $0.hasSuffix(".yaml") }.sorted()
        try #require(scenes.count >= 30)
        for scene in scenes {
            let json = dir + "/" + scene.replacingOccurrences(of: ".yaml", with: ".json")
            let export = try CLI.run(["export", "scenes/" + scene, "-o", json])
            #expect(export.status == 0, "\(scene): \(export.stderr)")
            #expect(export.stdout.contains("frames at"), "\(scene): \(export.stdout)")
        }
        let files = scenes.map { dir + "/" + $0.replacingOccurrences(of: ".yaml", with: ".json") }
        let check = try runProcess(
            "/usr/bin/env", ["python3", repositoryRoot + "/Tests/Tools/validate_lottie.py"] + files,
            environment: ProcessInfo.processInfo.environment.merging(
                ["PYTHONPATH": repositoryRoot + "/.build/python"], uniquingKeysWith: { $1 }))
        try #require(
            check.status != 2,
            "validate_lottie.py could not run (`make test-deps` installs lottie-specs and jsonschema-rs): \(check.stderr)"
        )
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("\(files.count) valid"), "\(check.stdout)")
    }

    @Test("the same scene exports the same bytes twice")
    func deterministic() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["a", "b"] {
            let run = try CLI.run(["export", "scenes/images.yaml", "-o", "\(dir)/\(name).json"])
            try #require(run.status == 0, "\(run.stderr)")
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.json"))
        let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/b.json"))
        #expect(a == b)
        #expect(a.count > 10_000)
    }

    @Test("what Lottie cannot show is a warning naming the layer; --strict makes it exit 2 and write nothing")
    func warningsAndStrict() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let loose = try CLI.run(["export", "scenes/images.yaml", "-o", dir + "/loose.json"])
        #expect(loose.status == 0)
        #expect(
            loose.stderr.contains(
                "warning: scenes/images.yaml: ring: its conic gradient is exported as the gradient's mean colour (Lottie has no conic gradient)"
            ), "\(loose.stderr)")
        #expect(loose.stderr.contains("card: its shadow is not exported"), "\(loose.stderr)")
        let strict = try CLI.run(["export", "scenes/images.yaml", "-o", dir + "/strict.json", "--strict"])
        #expect(strict.status == 2)
        #expect(
            strict.stderr.contains("error: scenes/images.yaml: 2 layer warnings with --strict; nothing written"),
            "\(strict.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(left == ["loose.json"])
    }

    @Test("a scene that does not load is an error naming the file, and nothing is written")
    func badScene() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try TestScenes.write("name: broken\nfps: 60\nitems: 3\n", to: dir, file: "broken.yaml")
        let run = try CLI.run(["export", path, "-o", dir + "/broken.json"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: \(path)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/broken.json"))
    }
}
