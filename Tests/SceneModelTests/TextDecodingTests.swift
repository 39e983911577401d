import Foundation
import Raster
import Testing
import Text

@testable import SceneLoading
@testable import SceneModel

/// `text:` and `fonts:`: defaults, keys, and bad input as one precise error.
@Suite("Text decoding")
struct TextDecodingTests {
    static func scene(_ text: String, fonts: String = "", fileName: String = "t.yaml") throws -> Scene {
        try SceneLoader.decode(
            "canvas: { size: [100, 100] }\nduration: 1\n\(fonts)items:\n  - id: label\n    size: [80, 20]\n    center: [50, 50]\n    text: \(text)\n",
            fileName: fileName, format: .yaml)
    }

    static func message(_ text: String, fonts: String = "", fileName: String = "t.yaml") -> String {
        do {
            _ = try scene(text, fonts: fonts, fileName: fileName)
            return "<no error>"
        } catch { return "\(error)" }
    }

    @Test(
        "defaults follow UILabel: Inter 17 pt regular, black, natural alignment, one line, truncating tail, centred vertically, no shrinking"
    )
    func defaults() throws {
        let spec = try #require(try Self.scene("{ string: Hi }").items[0].text)
        #expect(
            spec
                == TextSpec(
                    string: "Hi",
                    style: TextStyle(
                        family: "Inter", size: 17, weight: 400, alignment: .natural,
                        numberOfLines: 1, lineBreakMode: .truncateTail), color: .black))
        #expect(spec.style.verticalAlignment == .center)
        #expect(!spec.style.adjustsFontSizeToFitWidth && spec.style.minimumScaleFactor == 0)
    }

    @Test(
        "verticalAlignment, adjustsFontSizeToFitWidth and minimumScaleFactor decode; a bad factor or word names the key"
    )
    func labelKeys() throws {
        let spec = try #require(
            try Self.scene(
                "{ string: Hi, verticalAlignment: top, adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5 }"
            )
            .items[0].text)
        #expect(spec.style.verticalAlignment == .top)
        #expect(spec.style.adjustsFontSizeToFitWidth && spec.style.minimumScaleFactor == 0.5)
        #expect(
            Self.message("{ string: Hi, minimumScaleFactor: 1.5 }").contains(
                "items[0].text.minimumScaleFactor: expected a minimum scale factor from 0 to 1, found 1.5"
            ))
        #expect(Self.message("{ string: Hi, verticalAlignment: middle }").contains("items[0].text.verticalAlignment"))
    }

    @Test("every key decodes, weights by number or UIFont.Weight name")
    func keys() throws {
        let spec = try #require(
            try Self.scene(
                """
                { string: "a b", font: { family: DejaVu Sans, size: 12.5, weight: semibold }, color: "#FF0000", alignment: right, numberOfLines: 0, lineBreakMode: wordWrap, lineHeight: 20, letterSpacing: -0.5 }
                """
            ).items[0].text)
        #expect(
            spec.style
                == TextStyle(
                    family: "DejaVu Sans", size: 12.5, weight: 600, alignment: .right, numberOfLines: 0,
                    lineBreakMode: .wordWrap, lineHeight: 20, letterSpacing: -0.5))
        #expect(spec.color == ColorRGBA8(hex: "#FF0000"))
    }

    @Test("an unknown family is an error at its line listing the families, with a suggestion")
    func unknownFamily() {
        #expect(
            Self.message("{ string: Hi, font: { family: Intre } }")
                == "t.yaml:7:41: items[0].text.font.family: unknown font family \"Intre\"; available: DejaVu Sans, Inter (did you mean \"Inter\"?)"
        )
    }

    @Test("out-of-range values and misspelt words are errors naming the key")
    func badValues() {
        #expect(
            Self.message("{ string: Hi, font: { size: 0 } }").contains(
                "items[0].text.font.size: expected a font size in points from 1 to 1000, found 0"))
        #expect(
            Self.message("{ string: Hi, font: { weight: bolder } }").contains(
                "items[0].text.font.weight: expected a weight 1...1000 or one of:"))
        #expect(Self.message("{ string: Hi, alignment: centre }").contains("(did you mean 'center'?)"))
        #expect(
            Self.message("{ string: Hi, numberOfLines: -1 }").contains(
                "items[0].text.numberOfLines: expected a number of lines of at least 0, found -1"))
        #expect(Self.message("{ string: Hi, colour: \"#000\" }").contains("unknown key 'colour'"))
        #expect(Self.message("{ font: { size: 3 } }").contains("missing key 'string'"))
    }

    @Test("a string longer than the limit is an error naming the limit")
    func tooLong() {
        let long = String(repeating: "a", count: TextLimits.maxStringScalars + 1)
        #expect(
            Self.message("{ string: \(long) }").contains(
                "text of 10001 Unicode scalars is longer than the limit of 10000"))
    }

    @Test("fonts: a path leaving the scene's folder, a missing file and a non-font file are errors at the entry")
    func badFonts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-text-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("hello".utf8).write(to: URL(fileURLWithPath: folder + "/notes.ttf"))
        let file = folder + "/t.yaml"
        #expect(
            Self.message("{ string: Hi }", fonts: "fonts: [../x.ttf]\n", fileName: file)
                .contains("t.yaml:3:9: fonts[0]: font path ../x.ttf leaves the scene's folder"))
        #expect(
            Self.message("{ string: Hi }", fonts: "fonts: [gone.ttf]\n", fileName: file).contains(
                "fonts[0]: cannot read font file"))
        #expect(
            Self.message("{ string: Hi }", fonts: "fonts: [notes.ttf]\n", fileName: file)
                .contains("fonts[0]: \(folder)/notes.ttf is not a font FreeType can open"))
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", toPath: folder + "/Mono.ttf")
        let scene = try Self.scene(
            "{ string: Hi, font: { family: DejaVu Sans Mono } }", fonts: "fonts: [Mono.ttf]\n", fileName: file)
        #expect(scene.fonts.map(\.path) == ["Mono.ttf"])
        #expect(
            String(reflecting: scene).contains("fnv1a64: \(scene.fonts[0].face.contentHash)"),
            "the scene hash sees the font's content")
    }

    @Test("textColor and foregroundColor animate a text item's colour")
    func animatable() {
        #expect(AnimatedProperty.property(named: "textColor") == .textColor)
        #expect(AnimatedProperty.property(named: "foregroundColor") == .textColor)
    }
}
