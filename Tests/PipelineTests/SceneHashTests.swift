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
        "attachments.yaml": "e987dc9c5b0356bf",
        "card-flip.yaml": "7cd0f6ae4ee4b503",
        "carousel.yaml": "86c890fab477271a",
        "collisions.yaml": "14e5d83eeed5bf3a",
        "cover-flow.yaml": "07e791c769e1e19f",
        "damped-resize.yaml": "330ac2bdf6166e5d",
        "display.yaml": "59cfb7c53e393a44",
        "doors.yaml": "67974f6246b695e3",
        "feed.yaml": "1b080baf0c2431ac",
        "fields.yaml": "e377803d95ec2ebf",
        "gradients.yaml": "299d9af7cb53782f",
        "gravity.json": "f20faa0855f4c504",
        "hinged-sign.yaml": "31b8d4327636b8d4",
        "images.yaml": "f9f4fea7430445bc",
        "interactive-cancel-displaylink.yaml": "2878f4ff4dedbfda",
        "interactive-cancel.yaml": "4f94d88573396b40",
        "interactive-complete.yaml": "d8516e43a97b477e",
        "keyframes.yaml": "3f752050513b29d3",
        "new-event.yaml": "7c64de01d8de82da",
        "materials.yaml": "6d0cfad274fe0691",
        "payment-sent.yaml": "39fe0d96ebfaf0a8",
        "post.yaml": "544320c7b5e7b78f",
        "property-animator-scrub.yaml": "3df68554b3f65551",
        "pull-down.yaml": "97c1cc76ddf3a2d2",
        "push.yaml": "e564b6a33929d35e",
        "refresh.yaml": "1d3d3959932ae6f9",
        "send.yaml": "38a8d75ab72174a3",
        "settings.yaml": "aeda3bc78205ce36",
        "shapes.yaml": "3f4f55ddbe971d2e",
        "sheet.yaml": "72adc20de6f20510",
        "snap-zones.yaml": "662da2c6dab7fbf7",
        "snap.yaml": "64852f129807144a",
        "spring-gallery.yaml": "4def07591c5dfd69",
        "stack.yaml": "ef37419dd7ad21a1",
        "tap-resnap.yaml": "054abf30cd0544de",
        "throw-sheet.yaml": "3e461d85b23c99e5",
        "transform-nest.yaml": "1a9c12911b249ab4",
        "transitions.yaml": "a2889eacf77b5201",
        "watcher.yaml": "308a29be2864664b",
        "widgets.yaml": "b44be7051feaebcb",
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
