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
        "attachments.yaml": "1ec2a79b3925792c",
        "card-flip.yaml": "818bb2884bdd835e",
        "carousel.yaml": "1ce9acfd0245c711",
        "collisions.yaml": "58d23b37184cf203",
        "cover-flow.yaml": "66eb60eab1cac613",
        "damped-resize.yaml": "b08a6bd41dae260a",
        "doors.yaml": "cd8b8f5c6d4caeca",
        "feed.yaml": "0b4d8b32a9b9df04",
        "fields.yaml": "3d08f0cc3e3eb546",
        "gradients.yaml": "f6d8bccb6b87ed20",
        "gravity.json": "db554a36cdb84f45",
        "hinged-sign.yaml": "5f54f83e7ec367ae",
        "images.yaml": "9c982b61e7bcc724",
        "interactive-cancel-displaylink.yaml": "de9ca89056ac5044",
        "interactive-cancel.yaml": "61d6cdd119287776",
        "interactive-complete.yaml": "ac38533a762152c2",
        "keyframes.yaml": "778f0ca244cb7ea7",
        "materials.yaml": "11ce7a0c938786fa",
        "post.yaml": "300200b9da658d99",
        "property-animator-scrub.yaml": "66312bd6a58503f1",
        "pull-down.yaml": "162bf3f34c78e6ce",
        "push.yaml": "79d73339f5a22223",
        "refresh.yaml": "ea8a200769f3dff5",
        "send.yaml": "44b7a2c24af821e1",
        "shapes.yaml": "336fb7a15bfe7518",
        "sheet.yaml": "7083e0af95e4d37c",
        "snap-zones.yaml": "e832df2b30087a0a",
        "snap.yaml": "f94fa9ab943ec145",
        "spring-gallery.yaml": "eabebbb9d37f19c7",
        "stack.yaml": "c8b2d2c8f756b6f7",
        "tap-resnap.yaml": "24f39b64da9a5232",
        "throw-sheet.yaml": "797ecd5d4d58ac09",
        "transform-nest.yaml": "3749c413bf0574be",
        "transitions.yaml": "57f4ada735c43b79",
        "watcher.yaml": "53f6482b83400e24",
        "widgets.yaml": "dafa2d93f594012a",
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
