import Foundation
import Pipeline
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
        "attachments.yaml": "98aa34336d1bc784",
        "collisions.yaml": "252c5307e8e9f865",
        "damped-resize.yaml": "c3bf41a20f4a4e63",
        "fields.yaml": "9b323c3f3add2a5b",
        "gradients.yaml": "f7ec17707bd1ab6d",
        "gravity.json": "5c03d7ff1d6ceb09",
        "images.yaml": "e4bddb154bac2c33",
        "interactive-cancel-displaylink.yaml": "b572cd7347662df7",
        "interactive-cancel.yaml": "a07436893b06a5ef",
        "interactive-complete.yaml": "8cc0a5b9de2dd8c3",
        "keyframes.yaml": "8a1dc7170fc0b925",
        "materials.yaml": "ef95860ebffb7021",
        "post.yaml": "3d81086431de42ae",
        "property-animator-scrub.yaml": "bd2503426bd02dab",
        "pull-down.yaml": "11595430ae792798",
        "push.yaml": "10e92f2e377f5454",
        "shapes.yaml": "9dd1c8aca29db382",
        "snap-zones.yaml": "61e586b9519d6aed",
        "snap.yaml": "ba48121ad0439a79",
        "spring-gallery.yaml": "6161750f26881d7b",
        "stack.yaml": "f555523000840ad3",
        "tap-resnap.yaml": "1426e92b7dae8b98",
        "transform-nest.yaml": "f708f38c2532161a",
        "watcher.yaml": "6939d3b84d9960da",
        "widgets.yaml": "1fcb8bbec96525fd",
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
