import Foundation
import Testing

@testable import SceneModel

@Suite("Icons in scene files")
struct IconDecodingTests {
    /// A temporary folder holding `scene.yaml` with `yaml` and the given files.
    private func folder(_ yaml: String, files: [String: String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-icons-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("icons"), withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let scene = dir.appendingPathComponent("scene.yaml")
        try (header + yaml).write(to: scene, atomically: true, encoding: .utf8)
        return scene.path
    }

    private let item = """
        items:
          - id: i
            size: [24, 24]
            center: [20, 20]
            icon: icons/a.svg

        """

    @Test("an icon next to the scene loads, with its file and hash")
    func loads() throws {
        let path = try folder(
            item, files: ["icons/a.svg": "<svg viewBox=\"0 0 24 24\"><circle cx=\"12\" cy=\"12\" r=\"10\"/></svg>"])
        let scene = try SceneLoader.load(path: path)
        let icon = try #require(scene.items[0].icon)
        #expect(icon.file == "icons/a.svg" && icon.icon.pieces.count == 1 && icon.icon.hash.count == 16)
    }

    @Test("an icon outside the subset is an error at the scene line naming the icon file, its line and the element")
    func badIcon() throws {
        let path = try folder(item, files: ["icons/a.svg": "<svg viewBox=\"0 0 24 24\">\n  <text>hi</text>\n</svg>"])
        let error = try #require(sceneError { try SceneLoader.load(path: path) })
        #expect(error.line == 7)
        #expect(
            error.message.hasPrefix("icon icons/a.svg:2: element <text> is not in the supported SVG subset"),
            "\(error.message)")
    }

    @Test("an icon path leaving the scene's folder or missing is refused")
    func outside() throws {
        let path = try folder(item.replacingOccurrences(of: "icons/a.svg", with: "../x.svg"), files: [:])
        #expect(
            try #require(sceneError { try SceneLoader.load(path: path) }).message.contains(
                "lies outside the scene's folder"))
        let missing = try folder(item, files: [:])
        #expect(
            try #require(sceneError { try SceneLoader.load(path: missing) }).message == "icon icons/a.svg: no such file"
        )
    }
}
