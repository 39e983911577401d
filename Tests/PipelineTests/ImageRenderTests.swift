import Determinism
import Foundation
import PNG
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing

@testable import Pipeline

/// Image items and gradient fills through the whole pipeline: drawn, listed in the manifest,
/// re-hashed by verify.
@Suite("Images and gradients in renders")
struct ImageRenderTests {
    static let yaml = """
        canvas: { size: [40, 20], scale: 1, background: { linear: { colors: ["#000000", "#0000FF"], startPoint: [0, 0], endPoint: [1, 0] } } }
        fps: 10
        duration: 0.2
        items:
          - id: photo
            size: [4, 2]
            center: [10, 10]
            image: { file: pixels.png, contentMode: center }
          - id: glow
            size: [10, 10]
            center: [30, 10]
            fill: { radial: { colors: ["#FFFFFF", "#FFFFFF00"] } }
        output: { video: [] }
        """

    /// A folder holding the scene and a 4×2 PNG of distinct opaque pixels.
    static func sceneFolder() throws -> (folder: String, scene: Scene, rgba: [UInt8]) {
        let folder = try makeTemporaryDirectory()
        var rgba: [UInt8] = []
        for i in 0..<8 { rgba += [UInt8(i * 30), UInt8(255 - i * 20), UInt8(i * 7), 255] }
        try Data(try PNG.encode(rgba: rgba, width: 4, height: 2)).write(
            to: URL(fileURLWithPath: folder + "/pixels.png"))
        let scene = try SceneLoader.decode(yaml, fileName: folder + "/images.yaml", format: .yaml)
        return (folder, scene, rgba)
    }

    @Test("an image at whole pixels is drawn pixel for pixel, over a gradient background, beside a radial fill")
    func drawn() throws {
        let (_, scene, rgba) = try Self.sceneFolder()
        let simulation = try SceneSimulation(scene: scene)
        let pixmap = Rasterizer.render(simulation.displayList())
        // Centre (10, 10), 4 × 2 px: columns 8 ..< 12, rows 9 ..< 11.
        for y in 0..<2 {
            for x in 0..<4 {
                let o = 4 * (y * 4 + x)
                #expect(
                    pixmap[x: 8 + x, y: 9 + y] == ColorRGBA8(r: rgba[o], g: rgba[o + 1], b: rgba[o + 2]).premultiplied)
            }
        }
        // The background's t at pixel 0 is 0.5/40: round(255·0.0125) = 3 in blue.
        #expect(pixmap[x: 0, y: 0] == ColorRGBA8(r: 0, g: 0, b: 3).premultiplied)
        #expect(pixmap[x: 39, y: 0] == ColorRGBA8(r: 0, g: 0, b: 252).premultiplied)
        // The glow's pixel right of and below its centre: t = √(0.1² + 0.1²), white at
        // 255·(1 − t) = 219 (premultiplied), over the background's blue round(255·30.5/40) = 194:
        // 219 + round(194·36/255) = 246.
        #expect(pixmap[x: 30, y: 10] == PremultipliedRGBA8(r: 219, g: 219, b: 246, a: 255))
    }

    @Test(
        "the manifest names the image relative to the scene's folder, and verify --scene-folder notices a changed image"
    )
    func manifestImages() throws {
        let (folder, scene, rgba) = try Self.sceneFolder()
        let out = try makeTemporaryDirectory()
        _ = try SceneRenderer.render(
            scene, options: RenderOptions(outputDirectory: out, writeFrames: true, video: [], jobs: 1))
        let manifest = try RenderManifest.read(out + "/images.manifest.json")
        let path = folder + "/pixels.png"
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(manifest.images == [.init(file: "pixels.png", hash: FNV1a64.hexHash(bytes))])
        #expect(try ManifestVerifier.verify(out, sceneFolder: folder).isClean)
        var changed = rgba
        changed[0] ^= 1
        try Data(try PNG.encode(rgba: changed, width: 4, height: 2)).write(to: URL(fileURLWithPath: path))
        let report = try ManifestVerifier.verify(out, sceneFolder: folder)
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.hasPrefix("images: image pixels.png: hash ") == true, "\(report.problems)")
        #expect(try ManifestVerifier.verify(out).isClean, "without the scene's folder the image is not checked")
    }

    @Test(
        "each image file is premultiplied and mipmapped once per render: images.yaml's three items share one picture on every frame"
    )
    func preparedOncePerRender() throws {
        let scene = try SceneLoader.load(path: repositoryRoot + "/scenes/images.yaml")
        let simulation = try SceneSimulation(scene: scene)
        var pictures: [RasterImage] = []
        for _ in 0..<3 {
            for rect in simulation.displayList().rects {
                for path in rect.content { if case .image(let paint) = path.paint { pictures.append(paint.image) } }
            }
            simulation.advance()
        }
        // Three items on three frames draw the one rocket.jpg.
        #expect(pictures.count == 9)
        #expect(pictures.allSatisfy { $0 === pictures[0] })
        #expect(simulation.images.preparedCount == 1)
    }
}
