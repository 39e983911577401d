import Foundation
import Images
import Raster
import SceneLoading
import SceneModel
import SceneSyntax
import Testing

@Suite("image: and gradient fills in scene files")
struct SceneImageTests {
    /// A temporary folder holding `scene.yaml` (canvas and duration, then `items`) and copies of fixtures.
    private func folder(_ items: String, copying files: [String: String] = [:], raw: [String: [UInt8]] = [:]) throws
        -> String
    {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("photos"), withIntermediateDirectories: true)
        for (name, source) in files {
            try FileManager.default.copyItem(atPath: fixture(source), toPath: dir.appendingPathComponent(name).path)
        }
        for (name, bytes) in raw { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
        let scene = dir.appendingPathComponent("scene.yaml")
        try ("canvas: { size: [100, 100] }\nduration: 1\n" + items).write(to: scene, atomically: true, encoding: .utf8)
        return scene.path
    }

    private func loadError(_ path: String) -> SceneError? {
        do { _ = try SceneLoader.load(path: path) } catch let e as SceneError { return e } catch { return nil }
        return nil
    }

    private let item = """
        items:
          - id: photo
            size: [48, 32]
            center: [50, 50]
            image: { file: photos/a.png, contentMode: scaleAspectFit, contentsRect: [0, 0, 0.5, 1] }

        """

    @Test("an image loads with its file, hash, content mode and contents rect")
    func loads() throws {
        let scene = try SceneLoader.load(path: try folder(item, copying: ["photos/a.png": "photo.png"]))
        let image = try #require(scene.items[0].image)
        #expect(image.file == "photos/a.png" && image.contentMode == .scaleAspectFit)
        #expect(image.contentsRect.width == 0.5 && image.image.width == 96 && image.image.height == 64)
        #expect(image.hash == (try ImageFile.load(path: fixture("photo.png"))).hash)
        // Half of a 96×64 image at scale 2 is 24×32 points; fitted into 48×32: unscaled, centred.
        let place = image.placement(in: .init(48, 32), scale: 2)
        #expect(place.minX == 12 && place.minY == 0 && place.width == 24 && place.height == 32)
    }

    @Test("the resolved scene (what the scene hash covers) shows the image's file and content hash, not its folder")
    func sceneHashSeesImage() throws {
        let path = try folder(item, copying: ["photos/a.png": "photo.png"])
        let scene = try SceneLoader.load(path: path)
        let text = String(reflecting: scene)
        let hash = try #require(scene.items[0].image?.hash)
        #expect(text.contains("ItemImage(file: \"photos/a.png\", hash: \(hash)"), "\(text.prefix(400))")
        #expect(!text.contains(URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent))
    }

    @Test("a missing image is a load error naming the scene file, the line and the image")
    func missing() throws {
        let path = try folder(item)
        let error = try #require(loadError(path))
        #expect(error.file == path && error.line == 7)
        #expect(error.message == "image 'photos/a.png' cannot be read: no such file", "\(error.message)")
    }

    @Test("a corrupt image and a decompression bomb are load errors at the image's line")
    func corrupt() throws {
        let broken = try #require(
            loadError(
                try folder(item, raw: ["photos/a.png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]])))
        #expect(
            broken.line == 7
                && broken.message
                    == "image 'photos/a.png' is a truncated PNG: the file ends before the image's size is given",
            "\(broken.message)")
        let bomb = try #require(loadError(try folder(item, copying: ["photos/a.png": "bomb.png"])))
        #expect(
            bomb.line == 7 && bomb.message.hasPrefix("image 'photos/a.png' is 16384×16384 pixels"), "\(bomb.message)")
    }

    @Test("an image path leaving the scene's folder is refused")
    func outside() throws {
        let error = try #require(loadError(try folder(item.replacingOccurrences(of: "photos/a.png", with: "../a.png"))))
        #expect(error.message.contains("lies outside the scene's folder"), "\(error.message)")
    }

    @Test("a contentsRect outside the unit square and an unknown content mode are errors with a suggestion")
    func badValues() throws {
        let rect = try #require(
            loadError(
                try folder(
                    item.replacingOccurrences(of: "[0, 0, 0.5, 1]", with: "[0.6, 0, 0.5, 1]"),
                    copying: ["photos/a.png": "photo.png"])))
        #expect(rect.keyPath == "items[0].image.contentsRect" && rect.line == 7)
        let mode = try #require(
            loadError(
                try folder(
                    item.replacingOccurrences(of: "scaleAspectFit", with: "scaleAspectFil"),
                    copying: ["photos/a.png": "photo.png"])))
        #expect(mode.keyPath == "items[0].image.contentMode" && mode.suggestion != nil, "\(mode)")
    }

    @Test("a gradient fill and a gradient canvas background decode with CAGradientLayer's defaults")
    func gradients() throws {
        let yaml = """
            items:
              - id: g
                size: [40, 40]
                center: [50, 50]
                fill: { radial: { colors: ["#FFFFFF", "#00000000"] } }

            """
        let path = try folder(yaml)
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(
                of: "canvas: { size: [100, 100] }",
                with:
                    "canvas: { size: [100, 100], background: { linear: { colors: [\"#000000\", \"#FFFFFF\"], locations: [0.2, 0.8] } } }"
            )
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let scene = try SceneLoader.load(path: path)
        let fill = try #require(scene.items[0].fillGradient)
        #expect(
            fill.kind == .radial && fill.startPoint == .init(0.5, 0.5) && fill.endPoint == .init(1, 1)
                && fill.locations == [0, 1])
        #expect(scene.items[0].fill == .clear)
        let background = try #require(scene.canvas.backgroundGradient)
        #expect(
            background.kind == .linear && background.locations == [0.2, 0.8] && background.startPoint == .init(0.5, 0))
    }

    @Test("decreasing locations and two gradient kinds at once are errors at their line")
    func badGradients() throws {
        let yaml = """
            items:
              - id: g
                size: [40, 40]
                center: [50, 50]
                fill: { linear: { colors: ["#FFFFFF", "#000000"], locations: [0.5, 0.25] } }

            """
        let order = try #require(loadError(try folder(yaml)))
        #expect(order.keyPath == "items[0].fill.linear.locations[1]" && order.line == 7, "\(order)")
        #expect(order.message == "expected locations from 0 to 1 in non-decreasing order, found 0.25 after 0.5")
        let both = try #require(
            loadError(
                try folder(
                    yaml.replacingOccurrences(
                        of: "fill: { linear:", with: "fill: { conic: { colors: [\"#000000\"] }, linear:"))))
        #expect(
            both.message == "'conic' and 'linear' are both given; expected exactly one gradient"
                || both.message.contains("both given"), "\(both.message)")
    }
}
