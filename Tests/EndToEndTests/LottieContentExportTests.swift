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
        #expect(keyframes.dropLast().allSatisfy { $0["h"] as? Int == 1 } && keyframes.last?["h"] == nil)
        let seconds = keyframes.map { ($0["s"] as? [Double])?.first ?? -1 }
        for (k, value) in seconds.enumerated() {
            #expect(abs(value - (Double(k) + 0.01) / 60) < 1e-7, "frame \(k): \(value) s")
        }

        let render = try CLI.run(["render", scene, "--out", dir, "--video", "none", "--no-player", "--no-trace"])
        try #require(render.status == 0, "\(render.stderr)")
        let rows = try LottieExportTests.rlottieRows(
            dir + "/check-play.json", against: dir + "/check-play", frames: 120)
        let worstMean = rows.map { $0[1] }.max() ?? .infinity
        let worstOff = rows.map { $0[2] }.max() ?? .infinity
        // Both sides are rlottie drawing the same frames (Flipbook draws `lottie:` with it), so the
        // frames agree to a hundredth of a level (0.0066 measured on the worst frame); with the
        // time remap one frame late, the worst frame is 28 levels off.
        #expect(worstMean < 0.1, "worst frame's mean difference \(worstMean) levels")
        #expect(worstOff < 0.001, "worst frame has \(worstOff * 100) % of pixels off by > 32")
    }

    @Test(
        "a Lottie file's own precomps come along under ids of their own (an asset named like the export's), at the file's 30 fps in a 60 fps scene, and rlottie plays them as Flipbook draws them"
    )
    func lottieFilesOwnAssetsAreRenamed() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/animations", withIntermediateDirectories: true)
        // A red square crossing a 100 × 100 composition in a second at 30 fps, inside a precomp
        // asset whose id is the word the export could have used for its own.
        let still = { (value: String) in #"{"a":0,"k":\#(value)}"# }
        let transform =
            #"{"o":\#(still("100")),"r":\#(still("0")),"a":\#(still("[0,0,0]")),"s":\#(still("[100,100,100]")),"#
        let moving =
            #""p":{"a":1,"k":[{"t":0,"s":[20,50,0],"o":{"x":[0.333],"y":[0]},"i":{"x":[0.667],"y":[1]}},{"t":29,"s":[80,50,0]}]}}"#
        let square =
            #"{"ddd":0,"ind":1,"ty":4,"nm":"square","sr":1,"ks":\#(transform)\#(moving),"ao":0,"shapes":[{"ty":"rc","d":1,"s":\#(still("[30,30]")),"p":\#(still("[0,0]")),"r":\#(still("0")),"nm":"box"},{"ty":"fl","c":\#(still("[1,0,0,1]")),"o":\#(still("100")),"r":1,"nm":"fill"}],"ip":0,"op":30,"st":0,"bm":0}"#
        let inner =
            #"{"ddd":0,"ind":1,"ty":0,"nm":"inner","refId":"animation","sr":1,"ks":\#(transform)"p":\#(still("[0,0,0]"))},"ao":0,"w":100,"h":100,"ip":0,"op":30,"st":0,"bm":0}"#
        try
            #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,"nm":"nested","ddd":0,"assets":[{"id":"animation","nm":"inner","layers":[\#(square)]}],"layers":[\#(inner)]}"#
            .write(toFile: dir + "/animations/nested.json", atomically: true, encoding: .utf8)
        let scene = dir + "/nested-play.yaml"
        try """
        version: 1
        name: nested-play
        canvas: { size: [160, 160], scale: 1, background: "#FFFFFF" }
        fps: 60
        duration: 1.2
        items:
          - { id: box, size: [100, 100], center: [80, 80], fill: "#00000000", lottie: { file: animations/nested.json } }
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let export = try CLI.run(["export", scene, "-o", dir + "/nested-play.json", "--strict"])
        try #require(export.status == 0, "\(export.stderr)")

        let document = try Self.object(atPath: dir + "/nested-play.json")
        let assets = try #require(document["assets"] as? [[String: Any]])
        let ids = assets.compactMap { $0["id"] as? String }
        #expect(ids.contains("content_0") && ids.contains("content_0_animation") && !ids.contains("animation"))
        let embedded = try #require(assets.first { $0["id"] as? String == "content_0" }?["layers"] as? [[String: Any]])
        #expect(embedded.map { $0["refId"] as? String } == ["content_0_animation"])
        let layers = try #require(document["layers"] as? [[String: Any]])
        #expect(layers.contains { $0["ty"] as? Int == 0 && $0["refId"] as? String == "content_0" })

        let render = try CLI.run(["render", scene, "--out", dir, "--video", "none", "--no-player", "--no-trace"])
        try #require(render.status == 0, "\(render.stderr)")
        let rows = try LottieExportTests.rlottieRows(
            dir + "/nested-play.json", against: dir + "/nested-play", frames: 72)
        // 0.0016 levels measured on the worst frame; the square moves 2 px a frame of the file.
        let worstMean = rows.map { $0[1] }.max() ?? .infinity
        #expect(worstMean < 0.1, "worst frame's mean difference \(worstMean) levels")
    }

    static func object(atPath path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
