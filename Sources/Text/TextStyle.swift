/// How a text item sets its string, with UILabel's names and defaults.
public struct TextStyle: Hashable, Sendable {
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        /// `natural`: left for a left-to-right paragraph, right for a right-to-left one (NSTextAlignment.natural).
        case left, center, right, natural
    }

    /// Where the lines sit in the box's height: UILabel centres them, CATextLayer starts at the top.
    public enum VerticalAlignment: String, Hashable, Sendable, CaseIterable {
        case top, center, bottom
    }

    public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
        /// Wrap at word boundaries (a word wider than the line wraps between characters); lines
        /// past `numberOfLines` are dropped.
        case wordWrap
        /// Wrap the same way, and end the last allowed line with "…" when text remains.
        case truncateTail
    }

    /// Family name, as `FontRegistry.families` lists it. Default "Inter".
    public var family: String
    /// Points per em, `TextLimits.fontSizes` (1...1000). Default 17 (UIKit's body size).
    public var size: Double
    /// CSS / OS/2 weight 1...1000 (400 regular, 700 bold); the nearest available face is used.
    public var weight: Int
    public var alignment: Alignment
    /// Most lines drawn; 0 = unlimited. Default 1, as UILabel.
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode
    /// Baseline-to-baseline distance in points; nil = the font's own (ascender + descender +
    /// line gap, scaled). Extra or missing space is split evenly above and below each line.
    public var lineHeight: Double?
    /// Points added after every glyph that advances (NSAttributedString's `kern`); may be negative. Default 0.
    public var letterSpacing: Double
    /// Default `.center`, as UILabel draws; `.top` is CATextLayer's. With `.center` and `.bottom`
    /// the box's height also limits the lines, as UILabel's does: only whole lines that fit are
    /// set (at least one), the last one truncated by `lineBreakMode`.
    public var verticalAlignment: VerticalAlignment
    /// UILabel's `adjustsFontSizeToFitWidth`: the font shrinks, down to `minimumScaleFactor` of
    /// its size, until the whole text fits the box. Default false.
    public var adjustsFontSizeToFitWidth: Bool
    /// The smallest scale `adjustsFontSizeToFitWidth` may use, in [0, 1); 0 (UILabel's default)
    /// means the font keeps its size.
    public var minimumScaleFactor: Double

    public init(
        family: String = FontRegistry.defaultFamily, size: Double = 17, weight: Int = 400,
        alignment: Alignment = .natural, numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .truncateTail,
        lineHeight: Double? = nil, letterSpacing: Double = 0, verticalAlignment: VerticalAlignment = .center,
        adjustsFontSizeToFitWidth: Bool = false, minimumScaleFactor: Double = 0
    ) {
        self.family = family
        self.size = size
        self.weight = weight
        self.alignment = alignment
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
        self.verticalAlignment = verticalAlignment
        self.adjustsFontSizeToFitWidth = adjustsFontSizeToFitWidth
        self.minimumScaleFactor = minimumScaleFactor
    }
}
