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
        "attachments.yaml": "9c1cee0872f36173",
        "collisions.yaml": "d31dd589c6eae480",
        "damped-resize.yaml": "0f26f6bef60e6158",
        "fields.yaml": "3110d11092e15e22",
        "gradients.yaml": "f8056ae54296e2c0",
        "gravity.json": "a6c0379d7288ebae",
        "images.yaml": "e0f3f2016b56bf96",
        "interactive-cancel-displaylink.yaml": "8cfbc43e25ae2456",
        "interactive-cancel.yaml": "81076193dd0d0456",
        "interactive-complete.yaml": "0256eaf9badbe816",
        "keyframes.yaml": "2a2591310fe2c1c8",
        "post.yaml": "42edd275b5b76e9e",
        "property-animator-scrub.yaml": "228e293e10ff50c4",
        "pull-down.yaml": "7f15117466db4b18",
        "push.yaml": "f629d6c74fe0210b",
        "shapes.yaml": "a9b32eac6de1185f",
        "snap-zones.yaml": "10ffafbaa3977a3e",
        "snap.yaml": "aee6e9489696f990",
        "spring-gallery.yaml": "01968e69d1a4cf67",
        "stack.yaml": "2ce60b1e6803b426",
        "tap-resnap.yaml": "35a7ff5b0465001b",
        "transform-nest.yaml": "337fe783db46f941",
        "watcher.yaml": "91dd38743bcf8f21",
        "widgets.yaml": "d61f4d7d2149d2ac",
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
