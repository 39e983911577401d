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
        "attachments.yaml": "c7b4db4d11576c53",
        "card-flip.yaml": "c72a0557e6922fd7",
        "carousel.yaml": "e09eeee94de6f56a",
        "collisions.yaml": "06231d3620efcc4e",
        "cover-flow.yaml": "a74214c07c781c53",
        "damped-resize.yaml": "30b989ac45f6f135",
        "display.yaml": "59cfb7c53e393a44",
        "doors.yaml": "d10b64595d25e193",
        "feed.yaml": "b646fb1c3953385c",
        "fields.yaml": "e377803d95ec2ebf",
        "gradients.yaml": "9856d22348f7d17b",
        "gravity.json": "f20faa0855f4c504",
        "hinged-sign.yaml": "f9fa13be0de804c4",
        "images.yaml": "f9f4fea7430445bc",
        "interactive-cancel-displaylink.yaml": "f0e35b772f93a032",
        "interactive-cancel.yaml": "b09a14b3e7226170",
        "interactive-complete.yaml": "d32a0500248f5f8e",
        "keyframes.yaml": "b33dacb2cb34b5fb",
        "new-event.yaml": "7c64de01d8de82da",
        "materials.yaml": "6d0cfad274fe0691",
        "payment-sent.yaml": "70a4b77a00e3e518",
        "post.yaml": "3f7b4e9b688f228f",
        "property-animator-scrub.yaml": "3df68554b3f65551",
        "pull-down.yaml": "5eafa3b79b89e886",
        "push.yaml": "3fd86e839f7fb09a",
        "refresh.yaml": "6a433b2f238d62d5",
        "send.yaml": "3ff76ccb917cdf17",
        "settings.yaml": "aeda3bc78205ce36",
        "shapes.yaml": "f78da603e3f49c5a",
        "sheet.yaml": "f6668c50f8ff2cb0",
        "snap-zones.yaml": "a10dc3fd1d86d3bb",
        "snap.yaml": "64852f129807144a",
        "spring-gallery.yaml": "4def07591c5dfd69",
        "stack.yaml": "ba20394924484d75",
        "tap-resnap.yaml": "b8fa7457e4e884ce",
        "throw-sheet.yaml": "0751f6eb44d5bdad",
        "transform-nest.yaml": "d925d5363b1ea4c4",
        "transitions.yaml": "b56f2567b638fecd",
        "watcher.yaml": "d6527028593d12e3",
        "widgets.yaml": "b4c8d092678bec33",
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
