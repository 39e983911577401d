import Determinism
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
        "attachments.yaml": "cef6b460f14309b6",
        "card-flip.yaml": "d565946b1345f76a",
        "carousel.yaml": "c780acca543cac44",
        "collisions.yaml": "12b4b5a27b314c16",
        "cover-flow.yaml": "d79b6669d20f50ec",
        "damped-resize.yaml": "a3e52b27f95aa38b",
        "design-screen.yaml": "190316e71f19edeb",
        "display.yaml": "837288143f7671f7",
        "doors.yaml": "a29e09600c5b3c37",
        "feed.yaml": "df499154b19eefc1",
        "fields.yaml": "5ea43a73c630e331",
        "gradients.yaml": "83f7add97e2faf41",
        "gravity.json": "ac7b89135e2965b0",
        "hinged-sign.yaml": "4acf13d6d895768f",
        "images.yaml": "d2ef70ac2fb4143f",
        "interactive-cancel-displaylink.yaml": "f7965ecae55e3b23",
        "interactive-cancel.yaml": "f6fd040e50e6ef03",
        "interactive-complete.yaml": "ab419a532fb8d2b6",
        "keyframes.yaml": "bad70f5247ab25f2",
        "materials.yaml": "ca41bb471116caf5",
        "new-event.yaml": "d17ca434562317c7",
        "payment-sent.yaml": "1ab69dfab534ba1b",
        "post.yaml": "d203b41dbcffaff3",
        "property-animator-scrub.yaml": "f7a8e5dd0f5d65f7",
        "pull-down.yaml": "01066397fe45a0b0",
        "push.yaml": "fc29cfd929a27bf5",
        "refresh.yaml": "8150782fd3d34ee3",
        "send.yaml": "84136807c5c95048",
        "settings.yaml": "da6f1a7cce4e97dc",
        "shapes.yaml": "82d1053bd3460df3",
        "sheet.yaml": "43037bf8a62a37af",
        "snap-zones.yaml": "caaaaf967f632045",
        "snap.yaml": "f153b5f352d9c490",
        "spring-gallery.yaml": "d1e55a348aa97d8a",
        "stack.yaml": "9ab7c08014cf8a4f",
        "tap-resnap.yaml": "26259147e0c5d99f",
        "throw-sheet.yaml": "1d2f6fea8833c001",
        "transform-nest.yaml": "15ad5ef8b3819cda",
        "transitions.yaml": "ae895575203032eb",
        "watcher.yaml": "96818b22eea30e7f",
        "widgets.yaml": "c2ff68be5c0a9eba",
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

    @Test("a text of many megabytes, hashed a chunk at a time as it is written, hashes as the whole text does")
    func streamedHash() throws {
        var lines = ["canvas: { size: [320, 568] }", "duration: 1", "items:"]
        for i in 0..<400 {
            lines.append(
                "  - { id: i\(i), size: [10, 10], center: [\(i % 300), 20], children: [{ id: c\(i), size: [2, 2], center: [1, 1] }] }"
            )
        }
        let scene = try SceneLoader.decode(lines.joined(separator: "\n"), fileName: "many.yaml", format: .yaml)
        let text = SceneHash.canonicalText(scene)
        #expect(text.utf8.count > 4 << 16, "the text spans several 64 KiB chunks")
        #expect(SceneHash.hex(scene) == FNV1a64.hexHash(Array(text.utf8)))
    }
}
