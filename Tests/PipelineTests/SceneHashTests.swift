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
        "attachments.yaml": "dd7819868c458b13",
        "card-flip.yaml": "8ae741c6d31be9e3",
        "carousel.yaml": "8a7e1d5bfd1d3b6e",
        "collisions.yaml": "e13a0d887fdc32ba",
        "cover-flow.yaml": "73a5f36b01413a9f",
        "damped-resize.yaml": "dab71fc35e0e1b91",
        "display.yaml": "59cfb7c53e393a44",
        "doors.yaml": "b0af111f2bd5350b",
        "feed.yaml": "9f7dadc54f539270",
        "fields.yaml": "e377803d95ec2ebf",
        "gradients.yaml": "b24bf1719a443743",
        "gravity.json": "f20faa0855f4c504",
        "hinged-sign.yaml": "52b676637605a99c",
        "images.yaml": "f9f4fea7430445bc",
        "interactive-cancel-displaylink.yaml": "908dff58bc76e7aa",
        "interactive-cancel.yaml": "d115e2d49b3ed818",
        "interactive-complete.yaml": "cda141a2bb2fea42",
        "keyframes.yaml": "3e4057f28bee7d53",
        "new-event.yaml": "7c64de01d8de82da",
        "materials.yaml": "6d0cfad274fe0691",
        "payment-sent.yaml": "cd0cff27d97ab82c",
        "post.yaml": "f93d002e8d2fd623",
        "property-animator-scrub.yaml": "3df68554b3f65551",
        "pull-down.yaml": "3eb18b7c9f2366e6",
        "push.yaml": "6f73ccaa6b96b7d2",
        "refresh.yaml": "23612188b4e19019",
        "send.yaml": "1a1c4cc80391a5eb",
        "settings.yaml": "aeda3bc78205ce36",
        "shapes.yaml": "59732cf0374caa7e",
        "sheet.yaml": "35edc8ab5fdeee9c",
        "snap-zones.yaml": "e9e0465bc1fbe4c3",
        "snap.yaml": "64852f129807144a",
        "spring-gallery.yaml": "4def07591c5dfd69",
        "stack.yaml": "1e069498cf073581",
        "tap-resnap.yaml": "2ddfc98b3fbda112",
        "throw-sheet.yaml": "d5033301a1766375",
        "transform-nest.yaml": "1620571135667bc0",
        "transitions.yaml": "942fb05c9ebd8525",
        "watcher.yaml": "e416f34aee29ef5b",
        "widgets.yaml": "fe7319bcb00b41a3",
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
