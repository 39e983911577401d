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
        "attachments.yaml": "aa5f60938c22ef9e",
        "card-flip.yaml": "06c8f25db98b3ca2",
        "carousel.yaml": "96aa67a438d8f189",
        "collisions.yaml": "622f684cc52b4405",
        "cover-flow.yaml": "8cc887529ba75f27",
        "damped-resize.yaml": "0d883252c279c340",
        "doors.yaml": "aca382f18aac68a2",
        "feed.yaml": "f5554e0323e5bbcc",
        "fields.yaml": "3d08f0cc3e3eb546",
        "gradients.yaml": "f6d8bccb6b87ed20",
        "gravity.json": "db554a36cdb84f45",
        "hinged-sign.yaml": "80259fe0dc180fd6",
        "images.yaml": "9c982b61e7bcc724",
        "interactive-cancel-displaylink.yaml": "b53340ed0b7cb387",
        "interactive-cancel.yaml": "85c41be98a735a71",
        "interactive-complete.yaml": "f750721134c6779c",
        "keyframes.yaml": "5ed6d975ad07dc06",
        "materials.yaml": "11ce7a0c938786fa",
        "post.yaml": "9ba25f4cd086ba16",
        "property-animator-scrub.yaml": "66312bd6a58503f1",
        "pull-down.yaml": "0fce24b2ff484357",
        "push.yaml": "ecf197516a4fc505",
        "refresh.yaml": "14c183df143ff591",
        "send.yaml": "4d7000a32277c6ce",
        "shapes.yaml": "1b19b80ac1cb7ed6",
        "sheet.yaml": "fab68dd086076442",
        "snap-zones.yaml": "950f7b1cbede35fa",
        "snap.yaml": "f94fa9ab943ec145",
        "spring-gallery.yaml": "eabebbb9d37f19c7",
        "stack.yaml": "bc0cac11d8d0795b",
        "tap-resnap.yaml": "8bfa40db4f320ae3",
        "throw-sheet.yaml": "02233b16bac193f8",
        "transform-nest.yaml": "802aa324c46473c7",
        "transitions.yaml": "6e6ac289e699551d",
        "watcher.yaml": "449094c144c9ef5a",
        "widgets.yaml": "73c7cdc1d1057dba",
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
