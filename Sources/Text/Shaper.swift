import CHarfBuzz

/// One glyph as HarfBuzz placed it, in font units: `cluster` is the index (in Unicode scalars,
/// into the whole paragraph) of the first character it came from.
public struct ShapedGlyph: Equatable, Sendable {
    public var glyph: UInt32
    public var cluster: Int
    public var xAdvance: Int32
    public var yAdvance: Int32
    public var xOffset: Int32
    public var yOffset: Int32
}

/// HarfBuzz shaping of one run (one font, one direction): kerning, ligatures and the complex
/// scripts' contextual forms (Arabic joining, Devanagari reordering and conjuncts), all from the
/// font's own OpenType tables.
///
/// The whole paragraph is handed over as context (`hb_buffer_add_utf32` with an item range), so
/// a run cut at a font or direction change still joins with its neighbours. Script comes from
/// the text (`hb_buffer_guess_segment_properties`); the language is pinned to English rather
/// than taken from the process locale, so the environment never changes the glyphs (`hb-shape
/// --language=en` gives the same output, which the tests compare against).
public enum Shaper {
    public static func shape(_ scalars: [UInt32], range: Range<Int>, face: FontFace, rightToLeft: Bool) -> [ShapedGlyph]
    {
        precondition(range.lowerBound >= 0 && range.upperBound <= scalars.count)
        guard !range.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        scalars.withUnsafeBufferPointer {
            hb_buffer_add_utf32(
                buffer, $0.baseAddress, Int32(scalars.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_language(buffer, hb_language_from_string("en", -1))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { i in
            ShapedGlyph(
                glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                xAdvance: positions[i].x_advance, yAdvance: positions[i].y_advance,
                xOffset: positions[i].x_offset, yOffset: positions[i].y_offset)
        }
    }

    /// The linked HarfBuzz version, "8.3.0".
    public static var harfBuzzVersion: String { String(cString: hb_version_string()) }
}
