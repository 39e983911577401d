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
        "attachments.yaml": "4b5e795ed07ed794",
        "card-flip.yaml": "ee6808ceb70f81c8",
        "carousel.yaml": "0458958231b5c58b",
        "collisions.yaml": "40fcb43a1bb56427",
        "cover-flow.yaml": "ff382e8a84cdf9b1",
        "damped-resize.yaml": "c9e6d12cee859458",
        "doors.yaml": "dac03032df15eff0",
        "feed.yaml": "27c5a86ed37b52fe",
        "fields.yaml": "3d08f0cc3e3eb546",
        "gradients.yaml": "f6d8bccb6b87ed20",
        "gravity.json": "db554a36cdb84f45",
        "hinged-sign.yaml": "15f8a7dd0435f4cc",
        "images.yaml": "9c982b61e7bcc724",
        "interactive-cancel-displaylink.yaml": "6a737215b2bbd359",
        "interactive-cancel.yaml": "d676899631c87caf",
        "interactive-complete.yaml": "c9aacd11def114f6",
        "keyframes.yaml": "92ade6aa719dd854",
        "materials.yaml": "11ce7a0c938786fa",
        "post.yaml": "25196290ab95e7e8",
        "property-animator-scrub.yaml": "66312bd6a58503f1",
        "pull-down.yaml": "16ff32a562fd4249",
        "push.yaml": "54b66076037b7eb9",
        "refresh.yaml": "86a25b8b84e067b3",
        "send.yaml": "38675706ba148ef8",
        "shapes.yaml": "9cc3708e0b1f24be",
        "sheet.yaml": "b409c297df743442",
        "snap-zones.yaml": "db18242cff033e2c",
        "snap.yaml": "f94fa9ab943ec145",
        "spring-gallery.yaml": "eabebbb9d37f19c7",
        "stack.yaml": "b4024d5c9162b309",
        "tap-resnap.yaml": "018558df180df9e9",
        "throw-sheet.yaml": "b89d8b80a6ffa90a",
        "transform-nest.yaml": "3cbb5b113062c67d",
        "transitions.yaml": "551d377bc9a9b103",
        "watcher.yaml": "2e9259b59096e80c",
        "widgets.yaml": "3ed3b2f00ebeadcc",
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
