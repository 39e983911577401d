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
        "attachments.yaml": "3531d0e549ae8473",
        "card-flip.yaml": "0130ec9ef8d2c6df",
        "carousel.yaml": "63322802a85356cf",
        "collisions.yaml": "9c42a938c2764c89",
        "cover-flow.yaml": "67c9023ea4edcb5b",
        "damped-resize.yaml": "458f373256067ffe",
        "design-screen.yaml": "afc2787a225f966d",
        "display.yaml": "c1c06ccf452bbfdc",
        "doors.yaml": "3de71d99b4705f76",
        "feed.yaml": "dbc81ca68dada530",
        "fields.yaml": "2ac62783b3fe1e2a",
        "gradients.yaml": "e9d68d28dc293112",
        "gravity.json": "d86cf57997f336e3",
        "hinged-sign.yaml": "a77957b69008ef62",
        "images.yaml": "75ce8fd881b55956",
        "interactive-cancel-displaylink.yaml": "404efe86e94445f9",
        "interactive-cancel.yaml": "5fc1d05f95d07a49",
        "interactive-complete.yaml": "d223a460adf06d87",
        "keyframes.yaml": "5d9c35354acb76a4",
        "materials.yaml": "0b0ee58862af1576",
        "new-event.yaml": "1f7b94ad185442be",
        "payment-sent.yaml": "e0bf18459acf7d76",
        "post.yaml": "ead598831ae749a1",
        "property-animator-scrub.yaml": "7693f9c8ea490522",
        "pull-down.yaml": "873409f1e3ff64da",
        "push.yaml": "4f556f2c73c6b69a",
        "refresh.yaml": "5a57017a0e8b92a0",
        "send.yaml": "059c545621baf156",
        "settings.yaml": "f29af2627248f313",
        "shapes.yaml": "120a511ce9fef800",
        "sheet.yaml": "311f5a5b1264f024",
        "snap-zones.yaml": "0770d788f94ac932",
        "snap.yaml": "838c919506cd911d",
        "spring-gallery.yaml": "6606693a3c5f11c5",
        "stack.yaml": "8b2ad4ac1aa0be90",
        "tap-resnap.yaml": "efa3d27936ce147b",
        "throw-sheet.yaml": "5f05f889927755b9",
        "transform-nest.yaml": "b7981359fe72c888",
        "transitions.yaml": "8215dec82077f514",
        "watcher.yaml": "0b6ec7f37c28799c",
        "widgets.yaml": "bffbe83c412e3cbf",
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
