import Foundation
import LottiePlayback
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing

@testable import Pipeline

/// `lottie:` through the pipeline: rlottie's frame at the item's time, drawn where an image is.
@Suite("Lottie content in renders")
struct LottieContentTests {
    /// A scene of one 100 × 100 item at whole pixels showing scenes/animations/check.json
    /// (100 × 100, 48 frames at 60 fps) with `lottie` as its mapping's extra keys.
    static func scene(_ lottie: String = "", timing: String = "") throws -> Scene {
        let folder = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/animations", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: repositoryRoot + "/scenes/animations/check.json", toPath: folder + "/animations/check.json")
        let yaml = """
            canvas: { size: [120, 120], scale: 1, background: "#FFFFFF" }
            fps: 60
            duration: 1
            items:
              - { id: check, size: [100, 100], center: [60, 60], fill: "#00000000", lottie: { file: animations/check.json\(lottie) }\(timing) }
            output: { video: [] }
            """
        return try SceneLoader.decode(yaml, fileName: folder + "/lottie.yaml", format: .yaml)
    }

    /// rlottie's own frame `frame` of check.json at 100 × 100, over white, premultiplied as a canvas holds it.
    static func reference(frame: Int) throws -> [PremultipliedRGBA8] {
        let bytes = try [UInt8](
            Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/scenes/animations/check.json")))
        let rgba = try LottiePlayer(try LottieDocument(bytes: bytes)).render(frame: frame, width: 100, height: 100)
        return (0..<10_000).map { i in
            let a = Int(rgba[4 * i + 3])
            func over(_ c: UInt8) -> UInt8 { UInt8((Int(c) * a + 255 * (255 - a) + 127) / 255) }
            return ColorRGBA8(r: over(rgba[4 * i]), g: over(rgba[4 * i + 1]), b: over(rgba[4 * i + 2])).premultiplied
        }
    }

    /// The item's 100 × 100 pixels at tick `tick`.
    static func drawn(_ scene: Scene, tick: Int) throws -> [PremultipliedRGBA8] {
        let simulation = try SceneSimulation(scene: scene)
        for _ in 0..<tick { simulation.advance() }
        let pixmap = Rasterizer.render(simulation.displayList())
        return (0..<10_000).map { i in pixmap[x: 10 + i % 100, y: 10 + i / 100] }
    }

    /// The largest channel difference between two frames of pixels.
    static func difference(_ a: [PremultipliedRGBA8], _ b: [PremultipliedRGBA8]) -> Int {
        zip(a, b).map { p, q in
            max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
        }.max() ?? 0
    }

    @Test(
        "at whole pixels and the file's own size, tick n shows rlottie's frame n, within a level of compositing over white"
    )
    func framePerTick() throws {
        let scene = try Self.scene(", contentMode: scaleToFill")
        for tick in [0, 10, 20, 47] {
            #expect(
                Self.difference(try Self.drawn(scene, tick: tick), try Self.reference(frame: tick)) <= 1, "tick \(tick)"
            )
        }
        // Past the end it holds the last frame; frame 20 and frame 47 differ (the tick is drawn).
        #expect(Self.difference(try Self.drawn(scene, tick: 55), try Self.reference(frame: 47)) <= 1)
        #expect(Self.difference(try Self.reference(frame: 20), try Self.reference(frame: 47)) > 100)
    }

    @Test(
        "speed, from, loop and the layer's beginTime choose the frame: 2× at tick 10 is frame 20; looping 10 ..< 20 at tick 13 is 13 − 10 + 10"
    )
    func timing() throws {
        #expect(
            Self.difference(try Self.drawn(try Self.scene(", speed: 2"), tick: 10), try Self.reference(frame: 20)) <= 1)
        let looped = try Self.scene(", from: 10, to: 20, loop: true")
        #expect(Self.difference(try Self.drawn(looped, tick: 13), try Self.reference(frame: 13)) <= 1)
        #expect(Self.difference(try Self.drawn(looped, tick: 25), try Self.reference(frame: 15)) <= 1)
        let late = try Self.scene(timing: ", timing: { beginTime: 0.25 }")
        #expect(Self.difference(try Self.drawn(late, tick: 35), try Self.reference(frame: 20)) <= 1)
        #expect(Self.difference(try Self.drawn(late, tick: 5), try Self.reference(frame: 0)) <= 1)
    }

    @Test("the frame maps from the layer's time as a Lottie player does")
    func frameArithmetic() throws {
        let bytes = try [UInt8](
            Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/scenes/animations/check.json")))
        var lottie = ItemLottie(file: "check.json", path: "", document: try LottieDocument(bytes: bytes))
        let times: [Double] = [-1, 0, 1.0 / 60, 0.5, 0.79, 10]
        #expect(times.map(lottie.frame(at:)) == [0, 0, 1, 30, 47, 47])
        lottie.speed = 0.5
        #expect(lottie.frame(at: 1) == 30)
        (lottie.from, lottie.to, lottie.loop, lottie.speed) = (8, 18, true, 1)
        let looped: [Double] = [0, 9.0 / 60, 10.0 / 60, 25.0 / 60]
        #expect(looped.map(lottie.frame(at:)) == [8, 17, 8, 13])
    }

    @Test(
        "a missing file, a path out of the folder, a frame past the file's and a file rlottie would open others from are load errors at their lines"
    )
    func badInput() throws {
        func error(_ lottie: String, file: (String, String)? = nil) throws -> String {
            let folder = try makeTemporaryDirectory()
            if let file { try file.1.write(toFile: folder + "/" + file.0, atomically: true, encoding: .utf8) }
            try FileManager.default.copyItem(
                atPath: repositoryRoot + "/scenes/animations/check.json", toPath: folder + "/check.json")
            let yaml =
                "canvas: { size: [20, 20] }\nfps: 60\nduration: 1\nitems:\n  - { id: a, size: [10, 10], center: [5, 5], lottie: \(lottie) }\n"
            do {
                _ = try SceneLoader.decode(yaml, fileName: folder + "/s.yaml", format: .yaml)
                return "no error"
            } catch { return "\(error)" }
        }
        #expect(
            try error("{ file: gone.json }").contains(
                "s.yaml:5:62: items[0].lottie.file: Lottie file 'gone.json' cannot be read (no such file?)"))
        #expect(try error("{ file: ../check.json }").contains("lies outside the scene's folder"))
        #expect(
            try error("{ file: check.json, to: 60 }").contains(
                "items[0].lottie.to: expected from < to ≤ 48 (the file's frames), found from 0, to 60"))
        let outside = String(
            decoding: LottieDocumentFixture.external, as: UTF8.self)
        #expect(
            try error("{ file: x.json }", file: ("x.json", outside)).contains(
                "Lottie file 'x.json' names an image outside itself (asset 'img': 'passwd'); expected images embedded as data: URIs"
            ))
        #expect(
            try error("{ file: x.json }", file: ("x.json", "{\"w\": 1}")).contains(
                "is not a Lottie file: no number 'h'"))
    }

    @Test("the scene hash holds the file's hash and how it plays, never its bytes or folder: two folders hash alike")
    func hashed() throws {
        let (a, b) = (try Self.scene(", speed: 2"), try Self.scene(", speed: 2"))
        let lottie = try #require(a.items.first?.lottie)
        #expect(lottie.path != b.items.first?.lottie?.path, "two folders")
        #expect(SceneHash.hex(a) == SceneHash.hex(b))
        let text = SceneHash.canonicalText(a)
        #expect(
            text.contains(
                "lottie:{contentHash:\"\(lottie.document.hash)\",contentMode:\"scaleAspectFit\",file:\"animations/check.json\",from:0,loop:false,speed:"
            ), "\(text)")
        #expect(text.contains("lottie \"animations/check.json\" \(lottie.document.hash)"), "the asset line")
        #expect(!text.contains(lottie.path))
        #expect(SceneHash.hex(try Self.scene(", speed: 3")) != SceneHash.hex(a))
    }
}

/// A Lottie file whose image asset names a file beside it.
enum LottieDocumentFixture {
    static let external = Array(
        #"{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":40,"h":20,"assets":[{"id":"img","w":1,"h":1,"u":"/etc/","p":"passwd","e":0}],"layers":[]}"#
            .utf8)
}
