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
        "attachments.yaml": "addb8c1455e18d6c",
        "carousel.yaml": "5b8110ad595154d3",
        "collisions.yaml": "4f76d9942c427d73",
        "damped-resize.yaml": "c98c28cd8db7d0a4",
        "feed.yaml": "81a14ad7bafea194",
        "fields.yaml": "c5948558a5025694",
        "gradients.yaml": "748970f39661c12b",
        "gravity.json": "3ad2a437615731d3",
        "hinged-sign.yaml": "5b42f5365cfd9ad4",
        "images.yaml": "f39c6254204490fe",
        "interactive-cancel-displaylink.yaml": "685b7cc7ece52614",
        "interactive-cancel.yaml": "d1672d1479f81888",
        "interactive-complete.yaml": "40a011e5d64e2d3f",
        "keyframes.yaml": "8b0205d68a32e04d",
        "materials.yaml": "55255069006ce8a0",
        "post.yaml": "265b257850b547e8",
        "property-animator-scrub.yaml": "604c7b0ad47b965f",
        "pull-down.yaml": "5b1b2aad7019e354",
        "push.yaml": "e6eeb43cb87d5f1d",
        "refresh.yaml": "8a8a74de7cf31931",
        "send.yaml": "850b9ffd70a8fe4d",
        "shapes.yaml": "2e34ea0c096dd27a",
        "sheet.yaml": "93f3e4bc46de9787",
        "snap-zones.yaml": "36de05cc75318d10",
        "snap.yaml": "196e0dbc2dab1b19",
        "spring-gallery.yaml": "80eaf4cff77710ac",
        "stack.yaml": "63a1fac794487501",
        "tap-resnap.yaml": "cfb8b9d317d2d3d9",
        "throw-sheet.yaml": "b513dd529d3e2c48",
        "transform-nest.yaml": "9b5eac2c0665e5cb",
        "watcher.yaml": "332439ccd8a80f64",
        "widgets.yaml": "6d99b2780cf64288",
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
