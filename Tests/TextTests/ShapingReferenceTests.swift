import Foundation
import Testing

@testable import Text

/// Shaping checked against HarfBuzz's own command-line shaper, `hb-shape` (package libharfbuzz-bin,
/// test-only): an independent program over the same font file, whose glyph ids, clusters,
/// offsets and advances in font units must equal ours exactly.
@Suite("Shaping against hb-shape")
struct ShapingReferenceTests {
    static let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let lohit = "/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf"

    /// `hb-shape`'s plain output, "[gid=cluster@dx,dy+ax|...]" (offsets shown only when non-zero).
    static func reference(font: String, text: String, rightToLeft: Bool, features: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        process.arguments = [
            "--language=en", "--font-funcs=ot", "--no-glyph-names",
            "--direction=\(rightToLeft ? "rtl" : "ltr")", "--features=\(features)", font, text,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func ours(font: String, text: String, rightToLeft: Bool) throws -> String {
        let face = try FontFace(path: font)
        let scalars = text.unicodeScalars.map(\.value)
        let glyphs = Shaper.shape(scalars, range: 0..<scalars.count, face: face, rightToLeft: rightToLeft)
        let items = glyphs.map { g -> String in
            var s = "\(g.glyph)=\(g.cluster)"
            if g.xOffset != 0 || g.yOffset != 0 { s += "@\(g.xOffset),\(g.yOffset)" }
            s += "+\(g.xAdvance)"
            if g.yAdvance != 0 { s += ",\(g.yAdvance)" }
            return s
        }
        return "[" + items.joined(separator: "|") + "]"
    }

    @Test(
        "Latin with kerning (AVA, Wa, To) shapes as hb-shape does in Inter",
        arguments: ["AVATAR Wave To", "Typography, yes."])
    func latinKerning(text: String) throws {
        let reference = try Self.reference(font: Self.inter, text: text, rightToLeft: false)
        #expect(try Self.ours(font: Self.inter, text: text, rightToLeft: false) == reference)
        let unkerned = try Self.reference(font: Self.inter, text: text, rightToLeft: false, features: "-kern")
        #expect(reference != unkerned, "the string has kerned pairs, so the comparison covers kerning")
    }

    @Test("the fi and ffi ligatures form in DejaVu Sans exactly as hb-shape forms them")
    func ligatures() throws {
        let text = "fi office flow"
        let reference = try Self.reference(font: Self.dejaVu, text: text, rightToLeft: false)
        let ours = try Self.ours(font: Self.dejaVu, text: text, rightToLeft: false)
        #expect(ours == reference)
        #expect(ours.hasPrefix("[5042=0+1290|"), "the fi ligature glyph 5042 covers clusters 0-1")
    }

    @Test(
        "Arabic joins into contextual forms right to left as hb-shape shapes it", arguments: ["مرحبا بالعالم", "سلام"])
    func arabic(text: String) throws {
        let reference = try Self.reference(font: Self.dejaVu, text: text, rightToLeft: true)
        #expect(try Self.ours(font: Self.dejaVu, text: text, rightToLeft: true) == reference)
    }

    @Test(
        "Devanagari conjuncts and reordered vowel signs match hb-shape (Lohit Devanagari)", arguments: ["क्षत्रिय", "हिन्दी भाषा"])
    func devanagari(text: String) throws {
        let reference = try Self.reference(font: Self.lohit, text: text, rightToLeft: false)
        let ours = try Self.ours(font: Self.lohit, text: text, rightToLeft: false)
        #expect(ours == reference)
        #expect(
            ours.split(separator: "|").count < text.unicodeScalars.count, "conjuncts make fewer glyphs than characters")
    }
}
