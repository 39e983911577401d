import Testing

@testable import Text

/// UILabel's box: the lines centred in its height (or at the bottom, or from the top as
/// CATextLayer draws), the height limiting the lines, and the font shrinking to fit. DejaVu Sans
/// Mono makes every glyph advance 1233/2048 em and lines 2384/2048 em apart, so the expected
/// numbers follow from counting characters and lines.
@Suite("Label boxes: vertical alignment, lines that fit, fonts that shrink")
struct LabelBoxTests {
    static let mono = LineBreakingTests.mono
    /// At 20.48 pt: 12.33 pt a character, 23.84 pt a line.
    static let size = 20.48
    static let cell = 12.33
    static let line = 23.84

    static func layout(
        _ text: String, columns: Double, height: Double?, lines: Int = 0,
        vertical: TextStyle.VerticalAlignment = .center, shrink: Double? = nil
    ) -> TextLayout {
        let style = TextStyle(
            family: "DejaVu Sans Mono", size: size, alignment: .left, numberOfLines: lines,
            lineBreakMode: .truncateTail, verticalAlignment: vertical,
            adjustsFontSizeToFitWidth: shrink != nil, minimumScaleFactor: shrink ?? 0)
        return TextLayout.layout(text, style: style, width: columns * cell, height: height, chain: [mono])
    }

    static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test("two lines in a 100 pt box: centred 26.16 pt down, at the bottom 52.32 pt down, from the top 0")
    func verticalAlignment() {
        let top = Self.layout("The quick brown fox", columns: 10.5, height: 100, vertical: .top)
        #expect(top.lines.map(\.text) == ["The quick", "brown fox"])
        #expect(top.top == 0 && Self.near(top.lines[1].baseline - top.lines[0].baseline, Self.line))
        for (vertical, down) in [(TextStyle.VerticalAlignment.center, 26.16), (.bottom, 52.32)] {
            let moved = Self.layout("The quick brown fox", columns: 10.5, height: 100, vertical: vertical)
            #expect(Self.near(moved.top, down), "\(vertical)")
            #expect(Self.near(moved.bounds.minY, down) && Self.near(moved.bounds.height, 2 * Self.line))
            #expect(zip(moved.lines, top.lines).allSatisfy { Self.near($0.baseline, $1.baseline + down) })
            #expect(zip(moved.glyphs, top.glyphs).allSatisfy { Self.near($0.origin.y, $1.origin.y + down) })
        }
    }

    @Test("a centred label sets only the whole lines its height holds, at least one; from the top, every line")
    func heightLimitsLines() {
        let fox = "The quick brown fox jumps over the lazy dog"
        // 50 pt holds two lines of 23.84 pt: the second ends in "…", as numberOfLines 2 would.
        let two = Self.layout(fox, columns: 10.5, height: 50)
        #expect(two.lines.map(\.text) == ["The quick", "brown fox…"] && two.isTruncated)
        #expect(Self.near(two.top, (50 - 2 * Self.line) / 2))
        // 10 pt holds none: one line, overflowing the box evenly.
        let one = Self.layout(fox, columns: 10.5, height: 10)
        #expect(one.lines.map(\.text) == ["The quick…"] && Self.near(one.top, (10 - Self.line) / 2))
        // CATextLayer's top alignment draws all five, past the bottom.
        let all = Self.layout(fox, columns: 10.5, height: 50, vertical: .top)
        #expect(all.lines.count == 5 && !all.isTruncated)
        // numberOfLines still applies within the height.
        #expect(Self.layout(fox, columns: 10.5, height: 500, lines: 3).lines.count == 3)
    }

    @Test(
        "adjustsFontSizeToFitWidth: 12 characters in 6 columns shrink to the largest 1/1024 step at or under half size")
    func shrinkToFit() {
        // The exact fit is a scale of 6/12 = 0.5; the steps are 0.25 + 0.75·k/1024 and the largest
        // at or under 0.5 is k = 341: 0.499755859375 × 20.48 = 10.235 pt.
        let shrunk = Self.layout("Hello, world", columns: 6, height: nil, lines: 1, shrink: 0.25)
        #expect(Self.near(shrunk.fontSize, 10.235), "\(shrunk.fontSize)")
        #expect(shrunk.lines.map(\.text) == ["Hello, world"] && !shrunk.isTruncated)
        #expect(shrunk.lines[0].width <= 6 * Self.cell && Self.near(shrunk.lines[0].width, 12 * 1233 / 2048 * 10.235))
        // A floor above the fit: the font stops at half size and the tail is cut.
        let floored = Self.layout("Hello, world", columns: 3, height: nil, lines: 1, shrink: 0.5)
        #expect(Self.near(floored.fontSize, 10.24) && floored.lines.map(\.text) == ["Hello…"])
        // minimumScaleFactor 0, UILabel's default, keeps the size.
        let kept = Self.layout("Hello, world", columns: 6, height: nil, lines: 1, shrink: 0)
        #expect(kept.fontSize == Self.size && kept.lines.map(\.text) == ["Hello…"])
        // Text that fits keeps its size.
        #expect(Self.layout("Hello", columns: 6, height: nil, lines: 1, shrink: 0.25).fontSize == Self.size)
    }

    @Test("a shrinking two-line label takes the largest step at which the whole text fits in its lines")
    func shrinkMultiline() {
        let fox = "The quick brown fox jumps over the lazy dog"
        let shrunk = Self.layout(fox, columns: 10.5, height: nil, lines: 2, shrink: 0.25)
        #expect(!shrunk.isTruncated && shrunk.lines.count == 2 && shrunk.fontSize < Self.size)
        // One step larger no longer fits.
        var style = TextStyle(
            family: "DejaVu Sans Mono", size: shrunk.fontSize + 0.75 / 1024 * Self.size, alignment: .left,
            numberOfLines: 2, lineBreakMode: .truncateTail)
        style.verticalAlignment = .top
        #expect(TextLayout.layout(fox, style: style, width: 10.5 * Self.cell, chain: [Self.mono]).isTruncated)
    }
}
