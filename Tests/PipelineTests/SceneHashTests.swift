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
        "attachments.yaml": "a7a6b044cafd1e60",
        "card-flip.yaml": "ac3a9dcafe7b8a74",
        "carousel.yaml": "5442159b7596f3f8",
        "collisions.yaml": "200d1328a023324d",
        "cover-flow.yaml": "172d4aa9b9d9eb29",
        "damped-resize.yaml": "b4ef99227231227a",
        "display.yaml": "59cfb7c53e393a44",
        "doors.yaml": "29f25f6805993a22",
        "feed.yaml": "93ec8f37268653d6",
        "fields.yaml": "86a22a9bc5d4f990",
        "gradients.yaml": "9d4fcaa6c1dd4b36",
        "gravity.json": "02ab50b76abdcbd1",
        "hinged-sign.yaml": "f43c2f1e1fc4247a",
        "images.yaml": "c1c4c06922482554",
        "interactive-cancel-displaylink.yaml": "b17d28dec2c78d17",
        "interactive-cancel.yaml": "17ca03bd26339cf1",
        "interactive-complete.yaml": "bf7a3b7393a0e70a",
        "keyframes.yaml": "385b7807ce3cc27e",
        "new-event.yaml": "7c64de01d8de82da",
        "materials.yaml": "9e9f88976bdddade",
        "payment-sent.yaml": "abe65ab70091822a",
        "post.yaml": "819289f34b619cda",
        "property-animator-scrub.yaml": "4cb46107959cbd1f",
        "pull-down.yaml": "a50e829d6fac5703",
        "push.yaml": "15cf9e55a7f82bb5",
        "refresh.yaml": "4cb9dbe01b7bbd57",
        "send.yaml": "34876e6019aa742e",
        "settings.yaml": "aeda3bc78205ce36",
        "shapes.yaml": "8d4f6c56ee298db4",
        "sheet.yaml": "77b0127eb229be92",
        "snap-zones.yaml": "c98b782fc327e101",
        "snap.yaml": "2f29376cfb84aa89",
        "spring-gallery.yaml": "4def07591c5dfd69",
        "stack.yaml": "79624cbf7a020af3",
        "tap-resnap.yaml": "0abb535a604d4ec9",
        "throw-sheet.yaml": "c062fef9f76a416c",
        "transform-nest.yaml": "957c1339783e959f",
        "transitions.yaml": "0912bb5b5d143cff",
        "watcher.yaml": "cd68babbe74744a4",
        "widgets.yaml": "6d8115f66749dc20",
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
