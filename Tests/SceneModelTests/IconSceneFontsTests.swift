import Foundation
import Testing
import Text

@testable import SceneLoading
@testable import SceneModel

/// An icon's and a layered SVG's `<text>` set in the scene's `fonts:` (read before the items),
/// then the bundled fonts.
@Suite("Icon text in the scene's fonts")
struct IconSceneFontsTests {
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">\
        <text id="label" x="10" y="50" font-size="20" font-family="DejaVu Sans Mono">Hi</text></svg>
        """

    /// A folder holding the SVG and a copy of DejaVu Sans Mono (not a bundled family), removed
    /// after `body`.
    static func inFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flipbook-icon-fonts-\(UUID().uuidString)"
        )
        .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(svg.utf8).write(to: URL(fileURLWithPath: folder + "/label.svg"))
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", toPath: folder + "/Mono.ttf")
        try body(folder)
    }

    /// The width of "Hi" in DejaVu Sans Mono (the copy in `folder`) or Inter at 20 units.
    static func width(inMono: Bool, _ folder: String) throws -> Double {
        let registry = FontRegistry(userFaces: [try FontFace(path: folder + "/Mono.ttf")])
        let style = TextStyle(
            family: inMono ? "DejaVu Sans Mono" : "Inter", size: 20, alignment: .left, lineBreakMode: .wordWrap)
        return try TextLayout.layout("Hi", style: style, width: 1e9, registry: registry).path.bounds.width
    }

    static func scene(_ folder: String, fonts: String, item: String) throws -> Scene {
        try SceneLoader.decode(
            "canvas: { size: [200, 100] }\nduration: 1\n\(fonts)items:\n  - { id: a, size: [200, 100], center: [100, 50], \(item) }\n",
            fileName: folder + "/t.yaml", format: .yaml)
    }

    @Test("an icon's text names a family of the scene's fonts: set in it, keyed apart from the bundled fonts")
    func icon() throws {
        try Self.inFolder { folder in
            let withFonts = try #require(
                try Self.scene(folder, fonts: "fonts: [Mono.ttf]\n", item: "icon: label.svg").items[0].icon)
            let without = try #require(try Self.scene(folder, fonts: "", item: "icon: label.svg").items[0].icon)
            let mono = try #require(withFonts.icon.pieces.first).path.bounds.width
            let inter = try #require(without.icon.pieces.first).path.bounds.width
            #expect(abs(mono - (try Self.width(inMono: true, folder))) < 1e-9)
            #expect(abs(inter - (try Self.width(inMono: false, folder))) < 1e-9, "without fonts: Inter")
            #expect(withFonts.icon.fontKey != 0 && without.icon.fontKey == 0)
            #expect(withFonts.icon.hash == without.icon.hash, "the manifest's hash stays the file's")
        }
    }

    @Test("a layered SVG's text is set in the scene's fonts as well")
    func layers() throws {
        try Self.inFolder { folder in
            let scene = try Self.scene(folder, fonts: "fonts: [Mono.ttf]\n", item: "layers: { svg: label.svg }")
            let label = try #require(scene.items[0].children.first { $0.id == "a.label" }?.icon)
            #expect(label.icon.fontKey != 0)
            let width = try #require(label.icon.pieces.first).path.bounds.width
            #expect(abs(width - (try Self.width(inMono: true, folder))) < 1e-9)
        }
    }
}
