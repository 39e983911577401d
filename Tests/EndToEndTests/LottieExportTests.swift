import Foundation
import TestSupport
import Testing

/// `flipbook export --format lottie`, checked by two independent players and by the Lottie
/// specification's schema: every bundled scene exports and validates; the scenes Lottie can show
/// as Flipbook draws them play in rlottie (Debian's librlottie-dev, through
/// Tests/Tools/rlottie_compare.c) within a stated difference of Flipbook's own frames, every frame,
/// and in python-lottie drawn by librsvg (Tests/Tools/lottie_svg_play.py) at five frames across
/// the animation.
@Suite("Lottie export")
struct LottieExportTests {
    /// Every bundled scene Lottie can show, played by rlottie, with what rlottie's frames measured
    /// against Flipbook's when the tolerance was set: the worst frame's mean difference (levels)
    /// and its share of pixels off by more than 32.
    /// The tolerance, calibrated on them: a mean under 2 levels, and under 1 % of pixels off by
    /// more than 32 (two renderers' anti-aliasing, text hinting and image sampling differ at every
    /// edge; shadows are rings of fill, `ShadowSample`). `feed` and `carousel` scroll photographs
    /// magnified 1.5 to 2.4 times (a 360 px photo fills 560 px), which rlottie magnifies by its
    /// nearest texel where Flipbook interpolates: the cat's fur and the deep field's stars come
    /// out as blocks of repeated pixels, 2.7 and 2.2 levels on their worst frames (measured), so 3
    /// and 2.5 there, and 1.5 % of pixels for `feed` (0.98 % measured).
    static let played: [(scene: String, mean: Double, off: Double)] = [
        ("attachments", 1.105, 0.0006), ("carousel", 2.202, 0.0091), ("collisions", 0.904, 0.0004),
        ("damped-resize", 1.147, 0.00006), ("feed", 2.667, 0.0098), ("fields", 1.709, 0.00006),
        ("gradients", 1.647, 0.0075), ("hinged-sign", 1.028, 0.00008), ("interactive-cancel", 1.627, 0.0036),
        ("interactive-cancel-displaylink", 1.636, 0.0035), ("interactive-complete", 1.668, 0.0035),
        ("keyframes", 0.180, 0.0017), ("payment-sent", 1.018, 0.0003), ("post", 1.351, 0.0002),
        ("property-animator-scrub", 0.939, 0.0001),
        ("pull-down", 0.789, 0.0009), ("push", 1.562, 0.0001), ("refresh", 0.559, 0.0011), ("send", 1.068, 0.00007),
        ("shapes", 1.400, 0.0073), ("snap", 0.979, 0.00002), ("snap-zones", 0.988, 0.0022),
        ("spring-gallery", 0.160, 0.00004), ("stack", 0.772, 0.0002), ("tap-resnap", 1.064, 0.0014),
        ("throw-sheet", 1.170, 0.0013), ("transform-nest", 1.435, 0.0019), ("watcher", 0.378, 0),
        ("widgets", 0.663, 0.0002),
    ]
    static let meanTolerance = 2.0
    static let offTolerance = 0.01
    static let meanTolerancePerScene = ["feed": 3.0, "carousel": 2.5]
    static let offTolerancePerScene = ["feed": 0.015]

    /// The bundled scenes the comparison leaves out, and why: what Lottie cannot show, each one a
    /// warning of the export.
    static let notPlayed: [String: String] = [
        "card-flip": "perspective", "cover-flow": "perspective", "doors": "perspective",
        "transitions": "perspective (flips)", "materials": "blur materials", "sheet": "blur materials",
        "images": "a conic gradient",
        "settings": "blur materials (the iOS kit's bars)", "display": "blur materials (the iOS kit's bars)",
        "new-event": "blur materials (the iOS kit's bars and alert)",
        "design-screen": "gradients inside SVG content (the header, the avatar), exported as their mean colours",
    ]

    /// The second player, python-lottie writing each frame as SVG and librsvg drawing it, at five
    /// frames of each scene rlottie plays (the first, the last and three between), with the worst
    /// of them when the tolerance was set, as for rlottie. Same tolerance: a mean under 2 levels,
    /// under 1 % of pixels off by more than 32. `fields`' background is a dithered radial gradient
    /// that librsvg draws undithered, a difference of a level or two over the whole frame: 2.5
    /// levels there.
    static let playedAsSVG: [(scene: String, mean: Double, off: Double)] = [
        ("attachments", 0.046, 0.00025), ("collisions", 0.435, 0.0024), ("damped-resize", 0.324, 0.0003),
        ("fields", 2.351, 0.0017), ("gradients", 1.221, 0.0099), ("hinged-sign", 0.092, 0.0003),
        ("keyframes", 0.153, 0.0021), ("property-animator-scrub", 0.268, 0.00015), ("pull-down", 0.234, 0.0011),
        ("push", 0.206, 0.00001), ("refresh", 0.561, 0.0031), ("send", 0.181, 0.0012), ("shapes", 1.105, 0.0099),
        ("snap", 0.043, 0.0002), ("spring-gallery", 0.416, 0.0041), ("stack", 0.115, 0.0006),
        ("tap-resnap", 0.113, 0.0003), ("throw-sheet", 0.217, 0.0011), ("transform-nest", 0.110, 0.0004),
        ("watcher", 0.081, 0.0005), ("widgets", 0.196, 0.0008),
    ]
    static let svgMeanTolerancePerScene = ["fields": 2.5]

    /// The scenes rlottie plays that python-lottie does not draw as Lottie specifies, and why.
    static let notPlayedAsSVG: [String: String] = [
        "carousel": Self.intersectedImageMasks, "feed": Self.intersectedImageMasks,
        "interactive-cancel": Self.intersectedImageMasks, "interactive-cancel-displaylink": Self.intersectedImageMasks,
        "interactive-complete": Self.intersectedImageMasks, "post": Self.intersectedImageMasks,
        "snap-zones": Self.intersectedImageMasks,
        "payment-sent":
            "its Lottie content is a precomp with a time remap, which python-lottie 0.7.2's SVG builder reads as a fraction of the animation's in-out span (PrecompTime.get_time_offset) where the Lottie specification says seconds: at tick 60 of a half-speed check it draws the file's frame 18, not 24",
    ]
    /// python-lottie 0.7.2 intersects a layer's masks inside a rectangle of the canvas's size in
    /// the layer's own coordinates, so a photo drawn smaller than its pixels (a layer scale under
    /// 100 %) inside a clip loses what lies beyond that rectangle: up to 18 % of a frame.
    static let intersectedImageMasks = "a photo scaled down inside intersecting clip masks"

    @Test("every bundled scene is played by both players or left out for a stated reason")
    func everySceneIsClassified() throws {
        let scenes = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/scenes")
            .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }
        let played = Set(Self.played.map(\.scene))
        #expect(Set(scenes) == played.union(Self.notPlayed.keys))
        #expect(played.isDisjoint(with: Self.notPlayed.keys))
        #expect(played == Set(Self.playedAsSVG.map(\.scene)).union(Self.notPlayedAsSVG.keys))
        #expect(Set(Self.playedAsSVG.map(\.scene)).isDisjoint(with: Self.notPlayedAsSVG.keys))
    }

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

    /// The second player's script, once its Python module and librsvg's converter are found.
    static let svgPlayer: Result<String, Error> = Result {
        let script = repositoryRoot + "/Tests/Tools/lottie_svg_play.py"
        let check = try runProcess(
            "/usr/bin/env", ["python3", "-c", "import lottie.exporters.svg"], environment: pythonEnvironment)
        guard check.status == 0, (try? runProcess("/usr/bin/env", ["rsvg-convert", "--version"]))?.status == 0 else {
            throw ToolError(
                "python-lottie or rsvg-convert is missing (`make test-deps` installs both): \(check.stderr)")
        }
        return script
    }

    static var pythonEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.merging(
            ["PYTHONPATH": repositoryRoot + "/.build/python"], uniquingKeysWith: { $1 })
    }

    /// The second player's rows for `frames` of the Lottie file `json`, against Flipbook's frames
    /// in `folder` (frame, mean difference in levels, fraction of pixels off by more than 32).
    static func playAsSVG(_ json: String, against folder: String, frames: [Int]) throws -> [[Double]] {
        let script = try svgPlayer.get()
        let played = try makeTemporaryDirectory("flipbook-lottie-svg")
        defer { try? FileManager.default.removeItem(atPath: played) }
        let size = try pixelSize(ofPNG: folder + "/frame_00000.png")
        let arguments = frames.map(String.init)
        let play = try runProcess(
            "/usr/bin/env", ["python3", script, json, String(size.width), String(size.height), played] + arguments,
            environment: pythonEnvironment)
        try #require(play.status == 0, "lottie_svg_play.py: \(play.stderr)")
        let compared = try runProcess(try compareTool.get(), ["--frames", played, folder] + arguments)
        try #require(compared.status == 0, "\(compared.stderr)")
        let rows = compared.stdout.split(separator: "\n").map { $0.split(separator: " ").compactMap { Double($0) } }
        try #require(rows.count == frames.count)
        return rows
    }

    /// A PNG's width and height, from its header.
    static func pixelSize(ofPNG path: String) throws -> (width: Int, height: Int) {
        let header = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(24))
        try #require(header.count == 24, "\(path) is not a PNG file")
        let number = { (at: Int) in header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    struct ToolError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    @Test(
        "the scenes Lottie can show play in rlottie within 2 levels on average and 1 % of pixels off by more than 32 (magnified photographs: feed 3 levels and 1.5 %, carousel 2.5 levels), every frame, and in python-lottie drawn by librsvg within the same at five frames (fields 2.5 levels)",
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
        let meanTolerance = Self.meanTolerancePerScene[scene] ?? Self.meanTolerance
        #expect(worstMean < meanTolerance, "\(scene): worst frame's mean difference \(worstMean) levels")
        let offTolerance = Self.offTolerancePerScene[scene] ?? Self.offTolerance
        #expect(worstOff < offTolerance, "\(scene): worst frame has \(worstOff * 100) % of pixels off by > 32")
        guard Self.playedAsSVG.contains(where: { $0.scene == scene }) else { return }
        let sampled = Array(Set([0, frames / 4, frames / 2, 3 * frames / 4, frames - 1])).sorted()
        let svgRows = try Self.playAsSVG(json, against: dir + "/" + scene, frames: sampled)
        let svgMean = svgRows.map { $0[1] }.max() ?? .infinity
        let svgOff = svgRows.map { $0[2] }.max() ?? .infinity
        let svgMeanTolerance = Self.svgMeanTolerancePerScene[scene] ?? Self.meanTolerance
        #expect(
            svgMean < svgMeanTolerance, "\(scene) in python-lottie: worst frame's mean difference \(svgMean) levels")
        #expect(svgOff < Self.offTolerance, "\(scene) in python-lottie: worst frame has \(svgOff * 100) % off by > 32")
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
            environment: Self.pythonEnvironment)
        try #require(
            check.status != 2,
            "validate_lottie.py could not run (`make test-deps` installs lottie-specs and jsonschema-rs): \(check.stderr)"
        )
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("\(files.count) valid"), "\(check.stdout)")
    }

    @Test(
        "a group's opacity fades it and its sublayers once, as a precomp: a child over its faded parent shows no parent through it"
    )
    func groupOpacityIsAPrecomp() throws {
        // Half a red card with a blue square over its corner: faded as a group, the square is
        // half blue over white; faded one by one, it would be half blue over half red.
        let played = try Self.exportAndPlay(
            """
            version: 1
            name: group-fade
            canvas: { size: [200, 200], scale: 1, background: "#FFFFFF" }
            fps: 60
            duration: 0.1
            items:
              - id: card
                size: [120, 120]
                center: [100, 100]
                fill: "#FF0000"
                opacity: 0.5
                children:
                  - { id: square, size: [60, 60], center: [30, 30], fill: "#0000FF" }
            """, name: "group-fade", frames: 6)
        #expect(played.json.contains("\"nm\":\"card group\""), "a precomp layer for the group")
        // Faded one by one, the square's 3,600 pixels would be 64 levels off in green and blue: a
        // mean of 3.8 levels and 9 % of the pixels off by more than 32. As a precomp, what is left
        // is the two renderers' rounding of half opacity (0.72 levels when this was written).
        #expect(played.rows.allSatisfy { $0[1] < 1.5 && $0[2] == 0 }, "\(played.rows)")
        #expect(played.svgRows.allSatisfy { $0[1] < 1.5 && $0[2] == 0 }, "\(played.svgRows)")
    }

    /// Scene `yaml` (named `name`) exported with `--strict`, rendered by Flipbook and played by
    /// both players: the export's text and each of the `frames` frames' row of each comparison
    /// (frame, mean difference in levels, fraction of pixels off by more than 32).
    /// rlottie's rows for every one of `frames` frames of the Lottie file `json`, against
    /// Flipbook's frames in `folder` (frame, mean difference in levels, fraction of pixels off by
    /// more than 32); the header line (rlottie's reading of the file) dropped.
    static func rlottieRows(_ json: String, against folder: String, frames: Int) throws -> [[Double]] {
        let compared = try runProcess(try compareTool.get(), [json, folder, String(frames)])
        try #require(compared.status == 0, "\(compared.stderr)")
        let rows = compared.stdout.split(separator: "\n").dropFirst().map {
            $0.split(separator: " ").compactMap { Double($0) }
        }
        try #require(rows.count == frames)
        return rows
    }

    static func exportAndPlay(_ yaml: String, name: String, frames: Int) throws -> (
        json: String, rows: [[Double]], svgRows: [[Double]]
    ) {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (scene, file) = (dir + "/\(name).yaml", dir + "/\(name).json")
        try yaml.write(toFile: scene, atomically: true, encoding: .utf8)
        let export = try CLI.run(["export", scene, "-o", file, "--strict"])
        try #require(export.status == 0, "\(export.stderr)")
        let render = try CLI.run(["render", scene, "--out", dir, "--video", "none", "--no-player", "--no-trace"])
        try #require(render.status == 0, "\(render.stderr)")
        let rows = try rlottieRows(file, against: dir + "/" + name, frames: frames)
        let svgRows = try playAsSVG(file, against: dir + "/" + name, frames: Array(0..<frames))
        return (try String(contentsOfFile: file, encoding: .utf8), rows, svgRows)
    }

    @Test("a mask layer is an alpha matte: a growing circle reveals the card as rlottie plays it")
    func maskIsAMatte() throws {
        // A red card with a blue child, revealed by a circle growing from its middle: unmasked,
        // the whole card would show at the first frame.
        let played = try Self.exportAndPlay(
            """
            version: 1
            name: reveal
            canvas: { size: [200, 200], scale: 1, background: "#FFFFFF" }
            fps: 60
            duration: 0.2
            items:
              - id: card
                size: [160, 160]
                center: [100, 100]
                fill: "#FF0000"
                children:
                  - { id: square, size: [60, 60], center: [40, 40], fill: "#0000FF" }
                mask:
                  id: circle
                  size: [150, 150]
                  center: [80, 80]
                  cornerRadius: 75
                  fill: "#000000"
                  animations:
                    - basic: { property: size, from: [40, 40], duration: 0.2, timingFunction: easeInEaseOut }
                    - basic: { property: cornerRadius, from: 20, duration: 0.2, timingFunction: easeInEaseOut }
            """, name: "reveal", frames: 12)
        let matte = try #require(played.json.range(of: "\"nm\":\"card mask\",\"refId\""))
        let content = try #require(played.json.range(of: "\"nm\":\"card group\",\"refId\""))
        #expect(matte.lowerBound < content.lowerBound, "the matte's precomp layer comes right above the content's")
        #expect(played.json.contains("\"td\":1"), "the matte layer is marked as one")
        #expect(played.json.contains("\"tt\":1"), "the content takes it as an alpha matte")
        // Unmasked, the first frame would be some 70 levels off on average; what is left is the
        // two renderers' anti-aliasing of the circle's edge.
        #expect(played.rows.allSatisfy { $0[1] < 1 && $0[2] < 0.005 }, "\(played.rows)")
        #expect(played.svgRows.allSatisfy { $0[1] < 1 && $0[2] < 0.005 }, "\(played.svgRows)")
    }

    @Test(
        "a child is parented to its parent's layer: riding on a moving, turning card it keeps one position and plays in place"
    )
    func childIsParented() throws {
        let played = try Self.exportAndPlay(
            """
            version: 1
            name: ride
            canvas: { size: [240, 240], scale: 1, background: "#FFFFFF" }
            fps: 60
            duration: 0.25
            items:
              - id: card
                size: [120, 80]
                center: [120, 120]
                fill: "#FF0000"
                children:
                  - { id: badge, size: [30, 30], center: [100, 20], cornerRadius: 15, fill: "#0000FF" }
                animations:
                  - basic: { property: center, from: [60, 60], duration: 0.25, timingFunction: easeOut }
                  - basic: { property: rotation, from: -40, duration: 0.25, timingFunction: easeOut }
            """, name: "ride", frames: 15)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(played.json.utf8)) as? [String: Any])
        let layers = try #require(document["layers"] as? [[String: Any]])
        let card = try #require(layers.first { $0["nm"] as? String == "card" })
        let badge = try #require(layers.first { $0["nm"] as? String == "badge" })
        let number = { (value: Any?) in (value as? NSNumber)?.doubleValue }
        #expect(number(badge["parent"]) != nil && number(badge["parent"]) == number(card["ind"]))
        #expect(card["parent"] == nil)
        let position = try #require((badge["ks"] as? [String: Any])?["p"] as? [String: Any])
        #expect(number(position["a"]) == 0, "the badge stays where it sits on the card")
        let at = try #require((position["k"] as? [Any])?.compactMap(number))
        #expect(at.count >= 2 && abs(at[0] - 40) < 0.001 && abs(at[1] + 20) < 0.001, "\(at)")
        #expect(played.rows.allSatisfy { $0[1] < 1 && $0[2] < 0.005 }, "\(played.rows)")
        #expect(played.svgRows.allSatisfy { $0[1] < 1 && $0[2] < 0.005 }, "\(played.svgRows)")
    }

    @Test(
        "the summary states the file's size, its bytes per layer-second and how many fewer keyframes than one per tick"
    )
    func summaryStatesSizeAndReduction() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["export", "scenes/snap.yaml", "-o", dir + "/snap.json"])
        try #require(run.status == 0, "\(run.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/snap.json")).count
        // 24 layers on screen for 69 ticks at 60 fps: 27.6 layer-seconds.
        let perLayerSecond = String(format: "%.1f", Double(bytes) / 27.6 / 1000)
        #expect(
            run.stdout
                == "\(dir)/snap.json: \((bytes + 500) / 1000) KB, 24 layers, 69 frames at 60 fps "
                + "(\(perLayerSecond) KB per layer-second), 96 keyframes (414 at one per tick: 4.3× fewer)\n")
    }

    @Test(
        "--format dotlottie writes a ZIP that Python's zipfile reads: its manifest names the scene, and the animation is the JSON export's bytes"
    )
    func dotLottieArchive() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (format, file) in [("lottie", "snap.json"), ("dotlottie", "snap.lottie"), ("dotlottie", "again.lottie")] {
            let run = try CLI.run(["export", "scenes/snap.yaml", "--format", format, "-o", "\(dir)/\(file)"])
            try #require(run.status == 0, "\(run.stderr)")
        }
        let archive = try Data(contentsOf: URL(fileURLWithPath: dir + "/snap.lottie"))
        #expect(archive == (try Data(contentsOf: URL(fileURLWithPath: dir + "/again.lottie"))), "deterministic bytes")
        let json = try Data(contentsOf: URL(fileURLWithPath: dir + "/snap.json"))
        #expect(archive.count * 8 < json.count, "deflated to under an eighth: \(archive.count) of \(json.count) bytes")
        let read = try runProcess(
            "/usr/bin/env",
            [
                "python3", "-c",
                """
                import sys, zipfile
                z = zipfile.ZipFile(sys.argv[1])
                assert z.testzip() is None
                print(" ".join(i.filename for i in z.infolist()))
                print(z.read("manifest.json").decode())
                sys.stdout.flush()
                sys.stdout.buffer.write(z.read("animations/snap.json"))
                """, dir + "/snap.lottie",
            ])
        try #require(read.status == 0, "\(read.stderr)")
        let lines = read.stdout.split(separator: "\n", maxSplits: 2).map(String.init)
        try #require(lines.count == 3)
        #expect(lines[0] == "manifest.json animations/snap.json")
        #expect(
            lines[1]
                == #"{"version":"1","generator":"Flipbook","author":"Flipbook","revision":1,"activeAnimationId":"snap","animations":[{"id":"snap","speed":1,"loop":false,"autoplay":true,"direction":1,"playMode":"normal"}]}"#
        )
        #expect(Data(lines[2].utf8) == json)
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
        #expect(loose.stderr.components(separatedBy: "warning:").count == 2, "one warning: \(loose.stderr)")
        // Shadows are exported (rings of fill, under everything the layer draws), so not warned.
        let json = try String(contentsOfFile: dir + "/loose.json", encoding: .utf8)
        #expect(json.contains("\"nm\":\"card shadow\""))
        let strict = try CLI.run(["export", "scenes/images.yaml", "-o", dir + "/strict.json", "--strict"])
        #expect(strict.status == 2)
        #expect(
            strict.stderr.contains("error: scenes/images.yaml: 1 layer warning with --strict; nothing written"),
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
