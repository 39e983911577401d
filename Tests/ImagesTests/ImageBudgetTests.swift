import Foundation
import PNG
import SceneLoading
import SceneModel
import SceneSyntax
import Testing

@testable import Images

/// A scene's decoded image pixels have one total budget (`SceneLimits.maxImagePixels`), checked on
/// each file's header before its pixels are allocated; CMYK and truncated JPEGs get their words.
@Suite("Image budgets, CMYK and truncated JPEGs")
struct ImageBudgetTests {
    private func scene(_ items: String, files: [String: String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, source) in files {
            try FileManager.default.copyItem(atPath: fixture(source), toPath: dir.appendingPathComponent(name).path)
        }
        let path = dir.appendingPathComponent("scene.yaml").path
        try ("canvas: { size: [100, 100] }\nduration: 1\nitems:\n" + items).write(
            toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private let twoPhotos = """
          - { id: a, size: [10, 10], center: [20, 20], image: a.png }
          - { id: b, size: [10, 10], center: [40, 20], image: b.png }
          - { id: c, size: [10, 10], center: [60, 20], image: a.png }

        """

    @Test("a WebP photo is an image: item like any other, drawn from its decoded pixels")
    func webpInAScene() throws {
        let path = try scene(
            "  - { id: a, size: [32, 24], center: [20, 20], image: photo.webp }\n",
            files: ["photo.webp": "webp-lossy.webp"])
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let image = try #require(try SceneLoader.load(path: path).items[0].image)
        let reference = try PNG.decode(contentsOf: fixture("webp-lossy-pillow.png"))
        #expect(image.image.width == 32 && image.image.height == 24)
        #expect(image.image.straightRGBA == reference.rgba)
    }

    @Test("distinct image files add up against the scene's pixel budget; a file used twice counts once")
    func pixelBudget() throws {
        // photo.png is 96×64 = 6144 pixels; two distinct files are 12288.
        let path = try scene(twoPhotos, files: ["a.png": "photo.png", "b.png": "photo.png"])
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect(try SceneLoader.load(path: path, limits: SceneLimits(maxImagePixels: 12288)).items.count == 3)
        do {
            _ = try SceneLoader.load(path: path, limits: SceneLimits(maxImagePixels: 12287))
            Issue.record("a scene over its image budget loaded")
        } catch let error as SceneError {
            #expect(
                error.description
                    == "\(path):5:55: items[1].image: image 'b.png' is 96×64 pixels, more than the 6143 left of the scene's image pixel budget, refused before decoding (raise the scene's budget with --max-image-pixels (SceneLimits.maxImagePixels in Swift; 12287 now), or use smaller images)"
            )
        }
    }

    @Test("a CMYK JPEG with Adobe's inverted inks decodes to the colours Pillow gives, within 2 levels")
    func cmyk() throws {
        let image = try ImageFile.load(path: fixture("cmyk.jpg"))
        let reference = try ImageFile.load(path: fixture("cmyk-pillow.png"))
        #expect(image.width == 16 && image.height == 8)
        let worst = zip(image.rgba, reference.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst <= 2, "largest difference \(worst)")
        // The red quarter is red, not the cyan an uninverted reading gives.
        #expect(Array(image.rgba[4 * 17..<4 * 17 + 4]) == [255, 0, 0, 255])
    }

    @Test("the inks' two forms: Adobe's inverted bytes multiply, plain ones are inverted first")
    func inkFormula() {
        var inverted: [UInt8] = [255, 0, 128, 200]
        JPEGDecoder.convertInks(&inverted, inverted: true)
        #expect(inverted == [200, 0, 100, 255])
        var plain: [UInt8] = [0, 255, 127, 55]
        JPEGDecoder.convertInks(&plain, inverted: false)
        #expect(plain == [200, 0, 100, 255])
    }

    @Test("a JPEG cut 30 bytes in is called truncated, not 0×0 pixels")
    func cutShort() {
        #expect(throws: ImageError.truncated(file: "cut.jpg", format: "JPEG")) {
            try ImageFile.load(path: fixture("cut30.jpg"), name: "cut.jpg")
        }
        #expect(
            ImageError.truncated(file: "cut.jpg", format: "JPEG").description
                == "'cut.jpg' is a truncated JPEG: the file ends before the image's size is given")
        #expect(throws: ImageError.truncated(file: "p.png", format: "PNG")) {
            try ImageFile.decode([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], name: "p.png")
        }
    }
}
