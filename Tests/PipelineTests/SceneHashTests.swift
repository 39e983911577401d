import Foundation
import Pipeline
import SceneLoading
import SceneModel
import TestSupport
import Testing

/// The stable scene hash (`SceneHash`). The pins below change when a bundled scene changes (or
/// the scene model gains a field); then the failure prints the whole table to paste here after
/// checking the change was meant:
///
///     swift test --filter SceneHashTests
@Suite("Scene hash")
struct SceneHashTests {
    static let pinned: [String: String] = [
        "attachments.yaml": "aa36a25495b38f41",
        "card-flip.yaml": "8594568b23c81c47",
        "carousel.yaml": "9c2de1b814922edd",
        "collisions.yaml": "c02e3385faf8d6b9",
        "cover-flow.yaml": "1b14b0d9d8917a83",
        "damped-resize.yaml": "2f361600f2f61efa",
        "design-screen.yaml": "5da0edf550a805c4",
        "display.yaml": "c1c06ccf452bbfdc",
        "doors.yaml": "1a0dc84696d7e2d0",
        "feed.yaml": "294af0b227cdfa0a",
        "fields.yaml": "2ac62783b3fe1e2a",
        "gradients.yaml": "42db965c5293fe7c",
        "gravity.json": "d86cf57997f336e3",
        "hinged-sign.yaml": "022bc426fa570f78",
        "images.yaml": "75ce8fd881b55956",
        "interactive-cancel-displaylink.yaml": "8ded5e2fce408052",
        "interactive-cancel.yaml": "450b50d2c3cad6fa",
        "interactive-complete.yaml": "2788bd6a4cc308a1",
        "keyframes.yaml": "92a0944bd7388bd3",
        "materials.yaml": "0b0ee58862af1576",
        "new-event.yaml": "1f7b94ad185442be",
        "payment-sent.yaml": "0592dedd83a20e18",
        "post.yaml": "16d2953856ca2cfa",
        "property-animator-scrub.yaml": "7693f9c8ea490522",
        "pull-down.yaml": "89e1d00c7741ec33",
        "push.yaml": "cdd033aac08f17f0",
        "refresh.yaml": "d4965fadfadaea72",
        "send.yaml": "777683731353ede9",
        "settings.yaml": "f29af2627248f313",
        "shapes.yaml": "34b50bc0117440cc",
        "sheet.yaml": "90c64dec75d0e36a",
        "snap-zones.yaml": "14b58c1367f16e48",
        "snap.yaml": "838c919506cd911d",
        "spring-gallery.yaml": "6606693a3c5f11c5",
        "stack.yaml": "1f22c6547faa4d0e",
        "tap-resnap.yaml": "82b5d5cdf8eab0a0",
        "throw-sheet.yaml": "6af74c33a84b7e22",
        "transform-nest.yaml": "55f64ebb6af1ad45",
        "transitions.yaml": "96862f8293a3fa9e",
        "watcher.yaml": "a7f495b92cd78362",
        "widgets.yaml": "194cfae132a4fd6f",
    ]

    static func bundledScenes() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/scenes")
            .filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".json")) && $0 != "schema.json" }.sorted()
    }

    @Test("every bundled scene hashes to its pinned value (a failure prints the table to paste)")
    func pinnedHashes() throws {
        var actual: [(String, String)] = []
        for file in try Self.bundledScenes() {
            actual.append((file, SceneHash.hex(try SceneLoader.load(path: repositoryRoot + "/scenes/" + file))))
        }
        let table = actual.map { "        \"\($0.0)\": \"\($0.1)\"," }.joined(separator: "\n")
        #expect(
            Dictionary(uniqueKeysWithValues: actual) == Self.pinned,
            "scene hashes changed; if that was meant, paste into SceneHashTests.pinned:\n\(table)")
    }

    @Test("the hash is taken over a versioned canonical text that lists the scene's asset files with their hashes")
    func canonicalText() throws {
        let scene = try SceneLoader.load(path: repositoryRoot + "/scenes/shapes.yaml")
        let text = SceneHash.canonicalText(scene)
        #expect(text.hasPrefix("flipbook-scene-hash v1\n{"))
        let icons = scene.allItems.compactMap { $0.item.icon }
        #expect(!icons.isEmpty)
        for icon in icons { #expect(text.contains("\nicon \"\(icon.file)\" \(icon.icon.hash)")) }
        #expect(!text.contains("SceneModel.") && !text.contains("Scene("), "no type or module names")
    }

    @Test("a scene font counts by its content: the same file name with other bytes is another scene")
    func fontContent() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/SceneHashFonts-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let yaml =
            "version: 1\nname: f\ncanvas: { size: [100, 80] }\nduration: 1\nfonts: [Own.ttf]\n"
            + "items:\n  - { id: a, center: [50, 40], size: [90, 30], text: { string: Hi } }\n"
        try yaml.write(toFile: folder + "/f.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", toPath: folder + "/Own.ttf")
        let mono = try SceneLoader.load(path: folder + "/f.yaml")
        #expect(SceneHash.canonicalText(mono).contains("\nfont \"Own.ttf\" \(mono.fonts[0].face.contentHash)"))
        try FileManager.default.removeItem(atPath: folder + "/Own.ttf")
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf", toPath: folder + "/Own.ttf")
        let bold = try SceneLoader.load(path: folder + "/f.yaml")
        #expect(SceneHash.hex(bold) != SceneHash.hex(mono))
    }

    @Test("the same scene written as YAML or JSON, with its keys in any order, has one hash")
    func formatIndependent() throws {
        let yaml =
            "version: 1\nname: h\ncanvas: { size: [100, 80] }\nduration: 1\nitems:\n  - { id: a, center: [50, 40], size: [10, 10], fill: '#FF0000' }\n"
        let json =
            ##"{"version": 1, "items": [{"fill": "#FF0000", "size": [10, 10], "center": [50, 40], "id": "a"}], "duration": 1, "canvas": {"size": [100, 80]}, "name": "h"}"##
        let folder = FileManager.default.temporaryDirectory.path + "/SceneHashTests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try yaml.write(toFile: folder + "/h.yaml", atomically: true, encoding: .utf8)
        try json.write(toFile: folder + "/h.json", atomically: true, encoding: .utf8)
        let a = try SceneLoader.load(path: folder + "/h.yaml")
        let b = try SceneLoader.load(path: folder + "/h.json")
        #expect(SceneHash.hex(a) == SceneHash.hex(b))
        var c = a
        c.items[0].center.x += 1
        #expect(SceneHash.hex(c) != SceneHash.hex(a))
        #expect(SceneHash.hex(a).count == 16)
    }
}
