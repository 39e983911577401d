/// Where a line may end, a small subset of UAX #14 that labels need: after a run of spaces (a
/// word boundary), after a hyphen followed by a letter, and on either side of a CJK ideograph,
/// kana, Hangul syllable or CJK / full-width punctuation (CJK text has no spaces and breaks between characters), never before
/// closing punctuation. Breaks fall only on grapheme-cluster boundaries.
enum LineBreaks {
    /// Scalar indexes at which a new line may start (never 0), ascending.
    static func opportunities(_ scalars: [UInt32], graphemeStarts: [Int]) -> [Int] {
        var result: [Int] = []
        for (k, start) in graphemeStarts.enumerated() where k > 0 {
            let before = scalars[graphemeStarts[k - 1]]
            let current = scalars[start]
            let lastOfPrevious = scalars[start - 1]
            if isSpace(current) { continue }
            if isSpace(lastOfPrevious) || (lastOfPrevious == 0x2D && isLetter(current)) {
                result.append(start)
            } else if (isCJK(before) || isCJK(current)) && !isClosing(current) && !isOpening(lastOfPrevious) {
                result.append(start)
            }
        }
        return result
    }

    static func isSpace(_ s: UInt32) -> Bool {
        s == 0x20 || s == 0x09 || s == 0x3000 || s == 0x1680 || (0x2000...0x200A).contains(s) || s == 0x205F
    }

    static func isLetter(_ s: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(s) else { return false }
        return scalar.properties.isAlphabetic
    }

    static func isCJK(_ s: UInt32) -> Bool {
        (0x3000...0x30FF).contains(s) || (0xFF00...0xFFEF).contains(s) || (0x3400...0x4DBF).contains(s)
            || (0x4E00...0x9FFF).contains(s)
            || (0xAC00...0xD7AF).contains(s) || (0xF900...0xFAFF).contains(s) || (0x20000...0x3FFFF).contains(s)
    }

    /// Closing punctuation and small kana a line must not start with (UAX #14 CL, NS subset).
    static func isClosing(_ s: UInt32) -> Bool {
        [
            0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF01, 0xFF1F, 0x300D, 0x300F, 0x3011, 0xFF09, 0x30FC, 0x2C, 0x2E, 0x21,
            0x3F, 0x29,
        ]
        .contains(s)
    }

    /// Opening punctuation a line must not end with.
    static func isOpening(_ s: UInt32) -> Bool { [0x300C, 0x300E, 0x3010, 0xFF08, 0x28].contains(s) }
}
