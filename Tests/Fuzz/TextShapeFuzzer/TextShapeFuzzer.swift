import FuzzDriver
import Geometry
import Raster
import Text

// libFuzzer harness of fonts and text: a font file's bytes opened by FreeType and HarfBuzz
// (`FontFace(data:path:)`), a string laid out in it (`TextLayout.layout`: itemizing with the
// fallback chain Inter and DejaVu Sans, FriBidi levels, HarfBuzz shaping, line breaking,
// truncation), and the glyph outlines (FreeType's outline decomposition) drawn through the glyph
// cache on a 128 × 48 pixmap. The only acceptable failure is a `TextError`; a crash, a
// precondition, an ASan report or another error type fails the run.
//
// Input layout (Tests/Fuzz/make_fuzz_seeds.py writes seeds in it):
//   byte 0-1   length n of the string in bytes, little-endian, at most 1,024 taken
//   byte 2     style: bits 0-1 alignment, bits 2-3 numberOfLines (0-3), bit 4 truncateTail,
//              bit 5 a line height of its own
//   byte 3     size: 1 + 4 × byte points (1...1021 → clamped to TextLimits' 1...1000)
//   byte 4     box width in points (0...255)
//   byte 5     letter spacing, a signed byte / 4 points
//   then n bytes of UTF-8 (invalid sequences become U+FFFD), then the font file.
@_cdecl("LLVMFuzzerTestOneInput")
public func textShapeFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let length = min(1_024, Int(input.byte()) | Int(input.byte()) << 8)
    let styleBits = input.byte()
    let pointSize = min(1_000, 1 + 4 * Double(input.byte()))
    let width = Double(input.byte())
    let letterSpacing = Double(Int8(bitPattern: input.byte())) / 4
    let string = String(decoding: input.take(length), as: UTF8.self)
    let face: FontFace
    do {
        face = try FontFace(data: Array(input.rest()), path: "fuzz.ttf")
    } catch is TextError {
        return 0
    } catch {
        fatalError("not a TextError: \(error)")
    }
    let alignments = TextStyle.Alignment.allCases
    let style = TextStyle(
        family: face.familyName, size: pointSize, weight: face.weight,
        alignment: alignments[Int(styleBits & 3) % alignments.count], numberOfLines: Int(styleBits >> 2 & 3),
        lineBreakMode: styleBits & 16 != 0 ? .truncateTail : .wordWrap,
        lineHeight: styleBits & 32 != 0 ? pointSize * 0.8 : nil, letterSpacing: letterSpacing)
    let layout: TextLayout
    do {
        layout = try TextLayout.layout(string, style: style, width: width, registry: FontRegistry(userFaces: [face]))
    } catch is TextError {
        return 0
    } catch {
        fatalError("not a TextError: \(error)")
    }
    // As a text item draws its glyphs (Pipeline's SceneTexts): keyed by the face's hash, so the
    // glyph cache masks them; at most 64, which is more than the box shows.
    var rasterizer = Rasterizer()
    var pixmap = Pixmap(width: 128, height: 48, background: .white)
    let toPixels = AffineTransform(translationX: 4, y: 4)
    for glyph in layout.glyphs.prefix(64) {
        let command = DrawPath(
            path: glyph.face.outline(glyph: glyph.glyph), transform: glyph.transform.concatenating(toPixels),
            paint: .solid(.black), glyph: GlyphKey(font: glyph.face.hashValue64, glyph: glyph.glyph))
        rasterizer.draw(command, onto: &pixmap)
    }
    return 0
}

@main
enum TextShapeFuzzerMain {
    static func main() { FuzzDriver.run { textShapeFuzzOne($0, $1) } }
}
