import Testing

@testable import Text

/// Line breaking and truncation with exact expected lines. DejaVu Sans Mono makes every glyph
/// (the ellipsis too) advance 1233 font units, so the expected lines follow from counting
/// characters, not from the code under test.
@Suite("Line breaking and truncation")
struct LineBreakingTests {
    static let mono = try! FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
    /// One character's advance at size 20.48: 1233 / 2048 × 20.48 = 12.33 points.
    static let size = 20.48
    static let cell = 12.33
    static let fox = "The quick brown fox jumps over the lazy dog"

    static func lines(
        _ text: String, columns: Double, lines: Int, mode: TextStyle.LineBreakMode,
        alignment: TextStyle.Alignment = .left
    ) -> [String] {
        let style = TextStyle(
            family: "DejaVu Sans Mono", size: size, alignment: alignment, numberOfLines: lines, lineBreakMode: mode)
        return TextLayout.layout(text, style: style, width: columns * cell, chain: [mono]).lines.map(\.text)
    }

    @Test("word wrap breaks at the last space that fits, with unlimited lines")
    func wordWrap() {
        #expect(
            Self.lines(Self.fox, columns: 10.5, lines: 0, mode: .wordWrap)
                == ["The quick ", "brown fox ", "jumps over", "the lazy ", "dog"].map { trimmedSpaces($0) })
    }

    @Test("numberOfLines drops the lines past the limit in word-wrap mode")
    func lineLimit() {
        #expect(Self.lines(Self.fox, columns: 10.5, lines: 2, mode: .wordWrap) == ["The quick", "brown fox"])
    }

    @Test("truncateTail ends the last allowed line with an ellipsis that fits in the width")
    func truncateTail() {
        #expect(Self.lines(Self.fox, columns: 10.5, lines: 2, mode: .truncateTail) == ["The quick", "brown fox…"])
        #expect(Self.lines(Self.fox, columns: 12.5, lines: 1, mode: .truncateTail) == ["The quick b…"])
        #expect(
            Self.lines("Short", columns: 12.5, lines: 1, mode: .truncateTail) == ["Short"],
            "text that fits is not truncated")
    }

    @Test("a word wider than the line is cut between characters")
    func longWord() {
        #expect(
            Self.lines("Supercalifragilistic", columns: 10.5, lines: 0, mode: .wordWrap) == [
                "Supercalif", "ragilistic",
            ])
    }

    @Test("hard line breaks start new paragraphs, an empty one giving an empty line")
    func hardBreaks() {
        #expect(Self.lines("one\n\ntwo three", columns: 20, lines: 0, mode: .wordWrap) == ["one", "", "two three"])
    }

    @Test("CJK text may break between any two ideographs or kana, but not before closing punctuation")
    func cjkOpportunities() {
        let text = "日本語のテキスト。ok go"
        let scalars = text.unicodeScalars.map(\.value)
        let starts = Array(0..<scalars.count)
        // 日0 本1 語2 の3 テ4 キ5 ス6 ト7 。8 o9 k10 space11 g12 o13
        #expect(LineBreaks.opportunities(scalars, graphemeStarts: starts) == [1, 2, 3, 4, 5, 6, 7, 9, 12])
    }

    @Test("alignment places each line's left edge: left 0, centre half the slack, right all of it")
    func alignment() {
        func x(_ alignment: TextStyle.Alignment) -> Double {
            let style = TextStyle(size: Self.size, alignment: alignment, numberOfLines: 0, lineBreakMode: .wordWrap)
            return TextLayout.layout("abc", style: style, width: 20 * Self.cell, chain: [Self.mono]).lines[0].x
        }
        #expect(x(.left) == 0)
        #expect(abs(x(.center) - 8.5 * Self.cell) < 1e-9)
        #expect(abs(x(.right) - 17 * Self.cell) < 1e-9)
        #expect(x(.natural) == 0, "natural is left for a left-to-right paragraph")
    }

    @Test("lineHeight spaces baselines and letterSpacing widens every advancing glyph")
    func spacing() {
        let style = TextStyle(
            size: Self.size, numberOfLines: 0, lineBreakMode: .wordWrap, lineHeight: 30, letterSpacing: 2)
        let layout = TextLayout.layout("ab\ncd", style: style, width: 100, chain: [Self.mono])
        #expect(layout.lines.map(\.baseline).count == 2)
        #expect(abs(layout.lines[1].baseline - layout.lines[0].baseline - 30) < 1e-12)
        #expect(abs(layout.lines[0].width - 2 * (Self.cell + 2)) < 1e-9)
        #expect(abs(layout.glyphs[1].origin.x - layout.glyphs[0].origin.x - (Self.cell + 2)) < 1e-9)
    }

    func trimmedSpaces(_ s: String) -> String {
        var s = s
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
