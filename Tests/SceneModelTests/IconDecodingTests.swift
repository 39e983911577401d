import Foundation
import Testing

@testable import SceneLoading
@testable import SceneModel

@Suite("Icons in scene files")
struct IconDecodingTests {
    /// Calls `body` with the path of `scene.yaml` (holding `yaml`) in a temporary folder with the
    /// given files, and removes the folder afterwards.
    private func withFolder(_ yaml: String, files: [String: String], _ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-icons-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("icons"), withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let scene = dir.appendingPathComponent("scene.yaml")
        try (header + yaml).write(to: scene, atomically: true, encoding: .utf8)
        try body(scene.path)
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
        try withFolder(
            item, files: ["icons/a.svg": "<svg viewBox=\"0 0 24 24\"><circle cx=\"12\" cy=\"12\" r=\"10\"/></svg>"]
        ) { path in
            let scene = try SceneLoader.load(path: path)
            let icon = try #require(scene.items[0].icon)
            #expect(icon.file == "icons/a.svg" && icon.icon.pieces.count == 1 && icon.icon.hash.count == 16)
        }
    }

    @Test("every item showing an icon counts its shapes against --max-svg-elements; the file is parsed once")
    func shapeBudget() throws {
        let three =
            "<svg viewBox=\"0 0 24 24\"><circle cx=\"12\" cy=\"12\" r=\"10\"/><rect width=\"4\" height=\"4\"/><rect width=\"2\" height=\"2\"/></svg>"
        var items = "items:\n"
        for i in 0..<4 { items += "  - { id: i\(i), size: [24, 24], center: [20, 20], icon: icons/a.svg }\n" }
        try withFolder(items, files: ["icons/a.svg": three]) { path in
            #expect(try SceneLoader.load(path: path, limits: SceneLimits(maxSVGElements: 12)).items.count == 4)
            let error = try #require(
                sceneError { try SceneLoader.load(path: path, limits: SceneLimits(maxSVGElements: 11)) })
            #expect(error.keyPath == "items[3].icon")
            #expect(
                error.message
                    == "icon 'icons/a.svg' brings the scene's icons to 12 SVG shapes; expected at most 11 in all")
            #expect(
                error.suggestion
                    == "raise the limit with --max-svg-elements (SceneLimits.maxSVGElements in Swift), or use simpler icons"
            )
        }
    }

    @Test("an icon outside the subset is an error at the scene line naming the icon file, its line and the element")
    func badIcon() throws {
        try withFolder(item, files: ["icons/a.svg": "<svg viewBox=\"0 0 24 24\">\n  <foreignObject id=\"m\"/>\n</svg>"])
        {
            path in
            let error = try #require(sceneError { try SceneLoader.load(path: path) })
            #expect(error.line == 7)
            #expect(
                error.message.hasPrefix(
                    "icon icons/a.svg:2: element <foreignObject> is not in the supported SVG subset"),
                "\(error.message)")
        }
    }

    @Test("an icon path leaving the scene's folder or missing is refused")
    func outside() throws {
        try withFolder(item.replacingOccurrences(of: "icons/a.svg", with: "../x.svg"), files: [:]) { path in
            let error = try #require(sceneError { try SceneLoader.load(path: path) })
            #expect(error.message.contains("lies outside the scene's folder"))
        }
        try withFolder(item, files: [:]) { missing in
            let error = try #require(sceneError { try SceneLoader.load(path: missing) })
            #expect(error.message == "icon icons/a.svg: no such file")
        }
    }
}
