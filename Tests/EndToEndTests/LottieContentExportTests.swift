import Foundation
import TestSupport
import Testing

/// `lottie:` items in `flipbook export --format lottie`: the file itself as a precomp of its own
/// layers, time-remapped to the frame the render shows on each tick, played back by rlottie.
@Suite("Lottie content in the Lottie export")
struct LottieContentExportTests {
    @Test(
        "a Lottie item exports as a precomp of the file's own layers, held on the frame the render shows at each tick (half speed, 0.2 s late), and rlottie plays it as Flipbook draws it, within 0.1 levels"
    )
    func lottieItemIsAPrecompOfTheFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/animations", withIntermediateDirectories: true)
        let source = repositoryRoot + "/scenes/animations/check.json"
        try fm.copyItem(atPath: source, toPath: dir + "/animations/check.json")
        let scene = dir + "/check-play.yaml"
        try """
        version: 1
        name: check-play
        canvas: { size: [200, 200], scale: 1, background: "#FFFFFF" }
        fps: 60
        duration: 2
        items:
          - id: check
            size: [120, 120]
            center: [100, 100]
            fill: "#00000000"
            lottie: { file: animations/check.json, speed: 0.5 }
            timing: { beginTime: 0.2 }
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        // --strict: the file is embedded, so nothing is warned about (a last frame would be).
        let export = try CLI.run(["export", scene, "-o", dir + "/check-play.json", "--strict"])
        try #require(export.status == 0, "\(export.stderr)")

        let document = try Self.object(atPath: dir + "/check-play.json")
        let file = try Self.object(atPath: source)
        let layers = try #require(document["layers"] as? [[String: Any]])
        let precomp = try #require(layers.first { $0["ty"] as? Int == 0 }, "no precomp layer")
        #expect(precomp["w"] as? Int == 100 && precomp["h"] as? Int == 100)
        let assets = try #require(document["assets"] as? [[String: Any]])
        let asset = try #require(assets.first { $0["id"] as? String == precomp["refId"] as? String })
        let names = { (list: Any?) in (list as? [[String: Any]] ?? []).map { $0["nm"] as? String ?? "" } }
        #expect(names(asset["layers"]) == names(file["layers"]) && !names(file["layers"]).isEmpty)

        // The file's 48 frames at half speed from tick 12: frame k from tick 12 + 2k, held; one
        // held keyframe where the frame changes, 1/100 of a frame in, in seconds at 60 fps.
        let remap = try #require(precomp["tm"] as? [String: Any])
        #expect(remap["a"] as? Int == 1)
        let keyframes = try #require(remap["k"] as? [[String: Any]])
        #expect(keyframes.map { $0["t"] as? Int ?? -1 } == [0] + (1...47).map { 12 + 2 * $0 })
        #expect(keyframes.allSatisfy { $0["h"] as? Int == 1 })
        let seconds = keyframes.map { ($0["s"] as? [Double])?.first ?? -1 }
        for (k, value) in seconds.enumerated() {
            #expect(abs(value - (Double(k) + 0.01) / 60) < 1e-7, "frame \(k): \(value) s")
        }

        let render = try CLI.run(["render", scene, "--out", dir, "--video", "none", "--no-player", "--no-trace"])
        try #require(render.status == 0, "\(render.stderr)")
        let compared = try runProcess(
            try LottieExportTests.compareTool.get(), [dir + "/check-play.json", dir + "/check-play", "120"])
        try #require(compared.status == 0, "\(compared.stderr)")
        let rows = compared.stdout.split(separator: "\n").dropFirst().map {
            $0.split(separator: " ").compactMap { Double($0) }
        }
        try #require(rows.count == 120)
        let worstMean = rows.map { $0[1] }.max() ?? .infinity
        let worstOff = rows.map { $0[2] }.max() ?? .infinity
        // Both sides are rlottie drawing the same frames (Flipbook draws `lottie:` with it), so the
        // frames agree to a hundredth of a level (0.0066 measured on the worst frame); with the
        // time remap one frame late, the worst frame is 28 levels off.
        #expect(worstMean < 0.1, "worst frame's mean difference \(worstMean) levels")
        #expect(worstOff < 0.001, "worst frame has \(worstOff * 100) % of pixels off by > 32")
    }

    static func object(atPath path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
