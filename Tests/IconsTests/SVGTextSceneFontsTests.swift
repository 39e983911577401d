import Foundation
import Geometry
import Icons
import Testing
import Text

/// `<text>` set in a scene's own fonts (`IconLoader.parse(…, fonts:)`): a family the scene lists
/// is found before the bundled ones, and the icon says which fonts it was set in, so the glyph
/// cache never mixes the same file's glyphs across fonts.
@Suite("Text in SVG files, set in a scene's fonts")
struct SVGTextSceneFontsTests {
    /// A family installed on the machine but not bundled with Flipbook (fonts-dejavu-core).
    static let monoPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
    static let svg = Data(
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">\
        <text x="10" y="50" font-size="20" font-family="'DejaVu Sans Mono', sans-serif">Hi</text></svg>
        """.utf8)

    static func sceneFonts() throws -> FontRegistry {
        FontRegistry(userFaces: [try FontFace(path: monoPath)])
    }

    /// The file read with `fonts` (the bundled ones when nil).
    static func icon(fonts: FontRegistry?) throws -> Icon {
        var warnings: [IconWarning] = []
        return try IconLoader.parse(svg, name: "t.svg", fonts: fonts, warnings: &warnings)
    }

    /// `string` set by the Text module in `family` at `size`, baseline at 0, pen at 0.
    static func outline(_ string: String, family: String, size: Double, registry: FontRegistry) throws -> Rect {
        let layout = try TextLayout.layout(
            string, style: TextStyle(family: family, size: size, alignment: .left, lineBreakMode: .wordWrap),
            width: 1e9, registry: registry)
        let line = try #require(layout.lines.first)
        let b = layout.path.bounds
        return Rect(x: b.minX - line.x, y: b.minY - line.baseline, width: b.width, height: b.height)
    }

    @Test("a font-family the scene's fonts have sets the text in that face, where without them it falls back to Inter")
    func sceneFamily() throws {
        let registry = try Self.sceneFonts()
        let inScene = try Self.icon(fonts: registry)
        let bundled = try Self.icon(fonts: nil)
        let mono = try Self.outline("Hi", family: "DejaVu Sans Mono", size: 20, registry: registry)
        let inter = try Self.outline("Hi", family: "Inter", size: 20, registry: FontRegistry())
        let a = try #require(inScene.pieces.first).path.bounds
        let b = try #require(bundled.pieces.first).path.bounds
        #expect(abs(a.minX - (10 + mono.minX)) < 1e-9 && abs(a.width - mono.width) < 1e-9)
        #expect(abs(a.minY - (50 + mono.minY)) < 1e-9 && abs(a.height - mono.height) < 1e-9)
        #expect(abs(b.minX - (10 + inter.minX)) < 1e-9 && abs(b.width - inter.width) < 1e-9)
        #expect(abs(a.width - b.width) > 0.5, "the two faces draw \"Hi\" differently")
    }

    @Test("an icon read with scene fonts carries their key (the glyph cache's), the bundled fonts none")
    func fontKey() throws {
        let registry = try Self.sceneFonts()
        let inScene = try Self.icon(fonts: registry)
        let bundled = try Self.icon(fonts: nil)
        #expect(bundled.fontKey == 0)
        #expect(inScene.fontKey != 0)
        #expect(inScene.hash == bundled.hash, "the hash stays the file's, as the render manifest records it")
        let dejaVu = FontRegistry(userFaces: [try FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")])
        let other = try Self.icon(fonts: dejaVu)
        #expect(other.fontKey != inScene.fontKey && other.fontKey != 0)
    }

    @Test("a layered SVG's text is set in the scene's fonts too, and each part carries their key")
    func layers() throws {
        let registry = try Self.sceneFonts()
        var warnings: [IconWarning] = []
        let tree = try IconLoader.parseLayers(
            Self.svg, name: "t.svg", itemSize: Size(200, 100), fonts: registry, warnings: &warnings)
        let mono = try Self.outline("Hi", family: "DejaVu Sans Mono", size: 20, registry: registry)
        let piece = try #require(tree.content.pieces.first)
        #expect(abs(piece.path.bounds.width - mono.width) < 1e-9)
        #expect(tree.content.fontKey == (try Self.icon(fonts: registry)).fontKey)
    }
}
