import Colors
import Testing

/// `#RGB`, `#RGBA`, `#RRGGBB` and `#RRGGBBAA`, read byte by byte.
@Suite("Hex colours")
struct HexColorTests {
    @Test("each of the four spellings gives its exact bytes, short digits doubled, in either case")
    func spellings() {
        #expect(ColorRGBA8(hex: "#3366CC") == ColorRGBA8(r: 0x33, g: 0x66, b: 0xCC, a: 255))
        #expect(ColorRGBA8(hex: "#3366cc80") == ColorRGBA8(r: 0x33, g: 0x66, b: 0xCC, a: 0x80))
        #expect(ColorRGBA8(hex: "#F0a") == ColorRGBA8(r: 0xFF, g: 0x00, b: 0xAA, a: 255))
        #expect(ColorRGBA8(hex: "#F0a7") == ColorRGBA8(r: 0xFF, g: 0x00, b: 0xAA, a: 0x77))
        #expect(ColorRGBA8(hex: "#000000") == ColorRGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(ColorRGBA8(hex: "#FFFFFF00") == ColorRGBA8(r: 255, g: 255, b: 255, a: 0))
    }

    @Test("anything else is nil: no #, other lengths, non-hex and non-ASCII digits")
    func rejects() {
        for text in [
            "", "#", "3366CC", "#12", "#12345", "#1234567", "#123456789", "#GGG", "#12 3", " #123",
            "#１２３", "#\u{301}123", "##123",
        ] {
            #expect(ColorRGBA8(hex: text) == nil, "\(text)")
        }
    }

    @Test("the hex spelling reads back as the same colour")
    func roundTrip() {
        for colour in [ColorRGBA8(r: 1, g: 2, b: 3, a: 255), ColorRGBA8(r: 0xAB, g: 0xCD, b: 0xEF, a: 0x10)] {
            #expect(ColorRGBA8(hex: colour.hex) == colour)
        }
    }
}
