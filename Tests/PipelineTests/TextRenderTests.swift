import Determinism
import Foundation
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing

@testable import Pipeline

/// Text items through the whole pipeline: glyphs drawn, colour animated, fonts in the manifest.
@Suite("Text items in renders")
struct TextRenderTests {
    static let yaml = """
        canvas: { size: [160, 48], scale: 1, background: "#FFFFFF" }
        fps: 10
        duration: 0.5
        fonts: [fonts/Mono.ttf]
        items:
          - id: label
            size: [150, 40]
            center: [80, 24]
            fill: "#00000000"
            text: { string: "Hello", font: { family: DejaVu Sans Mono, size: 30 }, color: "#000000" }
            animations:
              - basic: { property: textColor, from: "#000000", to: "#FF0000", duration: 0.4, fillMode: both, removedOnCompletion: false }
        output: { video: [] }
        """

    /// A folder holding the scene and a copy of DejaVu Sans Mono under fonts/.
    static func sceneFolder() throws -> (folder: String, scene: Scene) {
        let folder = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/fonts", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", toPath: folder + "/fonts/Mono.ttf")
        let scene = try SceneLoader.decode(yaml, fileName: folder + "/label.yaml", format: .yaml)
        return (folder, scene)
    }

    @Test("text on a component's own item is drawn as on a plain item, each instance with its own label")
    func componentItemText() throws {
        let head = """
            canvas: { size: [200, 40], scale: 1, background: "#FFFFFF" }
            fps: 10
            duration: 0.1

            """
        let component = """
            components:
              chip:
                parameters: { label: New }
                item:
                  size: [80, 28]
                  fill: "#007AFF"
                  cornerRadius: 14
                  text: { string: "{label}", font: { size: 13 }, color: "#FFFFFF", alignment: center }
            items:
              - { id: a, use: chip, center: [50, 20] }
              - { id: b, use: chip, center: [150, 20], arguments: { label: Sale } }
            """
        let plain = """
            items:
              - { id: a, size: [80, 28], center: [50, 20], fill: "#007AFF", cornerRadius: 14,
                  text: { string: New, font: { size: 13 }, color: "#FFFFFF", alignment: center } }
              - { id: b, size: [80, 28], center: [150, 20], fill: "#007AFF", cornerRadius: 14,
                  text: { string: Sale, font: { size: 13 }, color: "#FFFFFF", alignment: center } }
            """
        let instances = try SceneSimulation(
            scene: try SceneLoader.decode(head + component, fileName: "c.yaml", format: .yaml))
        let written = try SceneSimulation(
            scene: try SceneLoader.decode(head + plain, fileName: "p.yaml", format: .yaml))
        #expect(instances.textSummary(of: "a")?.string == "New")
        #expect(instances.textSummary(of: "b")?.string == "Sale")
        #expect(instances.displayList() == written.displayList())
        // The glyphs are inked: white-ish pixels inside chip b, away from its rounded ends.
        let pixmap = Rasterizer.render(instances.displayList())
        let fill = ColorRGBA8(r: 0, g: 122, b: 255).premultiplied
        var inked = 0
        for y in 8..<32 {
            for x in 126..<174 where pixmap[x: x, y: y] != fill { inked += 1 }
        }
        #expect(inked > 40, "four 13-point glyphs ink dozens of pixels: \(inked)")
    }

    @Test("a label's glyphs are drawn and its textColor animates from black to red")
    func colourAnimates() throws {
        let (_, scene) = try Self.sceneFolder()
        let simulation = try SceneSimulation(scene: scene)
        func inked(_ list: DisplayList) -> (count: Int, colour: PremultipliedRGBA8?) {
            let pixmap = Rasterizer.render(list)
            var count = 0
            var darkest: PremultipliedRGBA8?
            for y in 0..<pixmap.height {
                for x in 0..<pixmap.width where pixmap[x: x, y: y] != ColorRGBA8.white.premultiplied {
                    count += 1
                    if pixmap[x: x, y: y].g == 0 { darkest = pixmap[x: x, y: y] }
                }
            }
            return (count, darkest)
        }
        let first = inked(simulation.displayList())
        #expect(first.count > 300, "five 30-point glyphs ink hundreds of pixels")
        #expect(first.colour == ColorRGBA8.black.premultiplied)
        for _ in 0..<4 { simulation.advance() }
        let last = inked(simulation.displayList())
        #expect(last.count == first.count, "only the colour changes")
        #expect(last.colour == ColorRGBA8(hex: "#FF0000")!.premultiplied)
    }

    @Test(
        "the manifest names the scene's font relative to the scene's folder, and verify --scene-folder notices a different font"
    )
    func manifestFonts() throws {
        let (folder, scene) = try Self.sceneFolder()
        let out = try makeTemporaryDirectory()
        _ = try SceneRenderer.render(
            scene, options: RenderOptions(outputDirectory: out, writeFrames: true, video: [], jobs: 1))
        let manifest = try RenderManifest.read(out + "/label.manifest.json")
        let fontPath = folder + "/fonts/Mono.ttf"
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fontPath)))
        #expect(
            manifest.fonts == [
                .init(
                    source: "scene", file: "fonts/Mono.ttf", family: "DejaVu Sans Mono", weight: 400,
                    hash: FNV1a64.hexHash(bytes))
            ])
        let unchecked = try ManifestVerifier.verify(out)
        #expect(unchecked.isClean && unchecked.matched == 5)
        #expect(
            unchecked.unchecked == [
                "label: 1 scene font not checked: they are in the scene's folder; pass --scene-folder <the scene file's folder> to check them"
            ])
        let checked = try ManifestVerifier.verify(out, sceneFolder: folder)
        #expect(checked.isClean && checked.matched == 6 && checked.unchecked.isEmpty)
        try FileManager.default.removeItem(atPath: fontPath)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: fontPath)
        let report = try ManifestVerifier.verify(out, sceneFolder: folder)
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.hasPrefix("label: font fonts/Mono.ttf: hash ") == true, "\(report.problems)")
    }

    @Test("text frames are identical with 1 and 3 jobs")
    func jobsDoNotChangeBytes() throws {
        let (_, scene) = try Self.sceneFolder()
        var hashes: [[RenderManifest.FrameHash]] = []
        for jobs in [1, 3] {
            let out = try makeTemporaryDirectory()
            _ = try SceneRenderer.render(
                scene, options: RenderOptions(outputDirectory: out, writeFrames: true, video: [], jobs: jobs))
            hashes.append(try RenderManifest.read(out + "/label.manifest.json").frames.hashes)
        }
        #expect(hashes[0] == hashes[1] && hashes[0].count == 5)
    }

    @Test("the trace gives a text item's string and the box of its lines")
    func trace() throws {
        let (_, scene) = try Self.sceneFolder()
        let simulation = try SceneSimulation(scene: scene)
        var trace = Trace(sceneName: "label", fps: 10)
        trace.record(simulation)
        // DejaVu Sans Mono: 5 × 1233/2048 × 30 = 90.3076171875 pt wide, 2384/2048 × 30 =
        // 34.921875 high; the box starts at the item's left edge (80 − 75 = 5), and the line is
        // centred in its 40 pt height as UILabel centres it: 24 − 20 + (40 − 34.921875) / 2.
        #expect(trace.text.contains("[0.000] label text \"Hello\" bounds {{5, 6.53906}, {90.30762, 34.92188}}"))
    }
}
