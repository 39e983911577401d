/// What can go wrong turning font files and strings into glyphs: every case names the file or the
/// value and says what was expected. Laying out text with loaded fonts cannot fail (a character
/// no font has becomes a `TextWarning`).
public enum TextError: Error, Equatable, Sendable, CustomStringConvertible {
    case fontUnreadable(path: String, reason: String)
    case fontTooLarge(path: String, bytes: Int, limit: Int)
    case notAFont(path: String, freeTypeError: Int32)
    case fontPathOutsideFolder(path: String, folder: String)
    case unknownFamily(String, available: [String], suggestion: String?)
    case stringTooLong(scalars: Int, limit: Int)

    public var description: String {
        switch self {
        case .fontUnreadable(let path, let reason):
            return "cannot read font file \(path): \(reason)"
        case .fontTooLarge(let path, let bytes, let limit):
            return
                "font file \(path) is \(bytes) bytes, more than the limit of \(limit) bytes (TextLimits.maxFontFileBytes)"
        case .notAFont(let path, let error):
            return
                "\(path) is not a font FreeType can open (FreeType error \(error)); expected a TrueType (.ttf), OpenType (.otf) or collection (.ttc) file"
        case .fontPathOutsideFolder(let path, let folder):
            return "font path \(path) leaves the scene's folder \(folder); put the font next to the scene or below it"
        case .unknownFamily(let name, let available, let suggestion):
            let hint = suggestion.map { " Did you mean \"\($0)\"?" } ?? ""
            return "unknown font family \"\(name)\"; available: \(available.joined(separator: ", ")).\(hint)"
        case .stringTooLong(let scalars, let limit):
            return
                "text of \(scalars) Unicode scalars is longer than the limit of \(limit) (TextLimits.maxStringScalars)"
        }
    }
}

/// A problem that does not stop a render: a character no font in the chain has is drawn as the
/// primary font's missing-glyph box.
public struct TextWarning: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The Unicode scalar no font has.
    public var scalar: UInt32
    public var fontChain: [String]

    public var codePoint: String {
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    public var description: String {
        "no font has \(codePoint) (tried \(fontChain.joined(separator: ", "))); it is drawn as a missing-glyph box"
    }
}

/// The documented bounds on untrusted input, checked before anything is allocated for it.
public enum TextLimits {
    /// Longest string a text item may hold, in Unicode scalars: 10,000 (a few pages; a label is
    /// far shorter). Longer is a load error.
    public static let maxStringScalars = 10_000
    /// Largest font file a scene may load: 32 MiB (large CJK fonts are ~20 MB). Larger is a load error.
    public static let maxFontFileBytes = 32 << 20
    /// Most font files one scene's `fonts:` may list: 64.
    public static let maxSceneFonts = 64
    /// Font sizes a text item may use, in points: 1...1000.
    public static let fontSizes: ClosedRange<Double> = 1...1000
}
