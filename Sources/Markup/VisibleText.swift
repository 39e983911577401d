/// Text for a terminal line (error messages, warnings, progress): the one escaping rule for
/// user-supplied strings (file names, scene values, paths from manifests) quoted in messages.
///
/// A message must show what the user has to type to fix the problem, and must not be able to
/// rewrite the terminal line it is printed on. So every scalar that is invisible or moves the
/// cursor is spelled as a Swift escape: C0 and C1 controls and DEL (NUL, ESC starting a colour
/// sequence, a carriage return hiding the line's start), format characters (zero-width space and
/// joiners, the bidi embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, which
/// reorder the rest of the line, the byte-order mark), line and paragraph separators,
/// unassigned and private-use scalars (drawn as nothing or as a box, never as what was typed)
/// and the Hangul fillers (blank, letter-wide).
/// Tab and line feed become `\t` and `\n` so a message stays one line. Everything else,
/// including non-Latin letters and emoji, is kept as it is.
extension String {
    /// `self` with invisible and reordering scalars written as `\u{202E}` (upper-case hex, no
    /// padding), tab as `\t`, line feed as `\n`, carriage return as `\r`. Idempotent: the result
    /// contains only visible scalars, so escaping it again changes nothing.
    public var visibleEscaped: String {
        guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            switch scalar {
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case _ where Self.needsEscape(scalar):
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether a scalar is invisible or moves the cursor (see the type's rules).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        default:
            // Noncharacters (U+FDD0–U+FDEF, U+xFFFE, U+xFFFF) are "unassigned" already; the
            // Hangul fillers are letters that draw as blank space.
            return scalar.value == 0x115F || scalar.value == 0x1160 || scalar.value == 0x3164
                || scalar.value == 0xFFA0
        }
    }
}
