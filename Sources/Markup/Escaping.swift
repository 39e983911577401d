/// Text for XML-family documents (SVG figures, HTML reports, JUnit XML): the one escaping rule
/// they share. `&`, `<`, `>` and `"` become entities, so the result is safe in element content
/// and in double-quoted attributes alike. Scalars XML 1.0 forbids even as references (C0
/// controls other than tab, line feed and carriage return; U+FFFE, U+FFFF) are written as the
/// text `\u{1B}`, as `visibleEscaped` does, so a file name with an escape byte in it cannot make
/// a report unreadable by an XML parser.
extension String {
    public var xmlEscaped: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for c in unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(c)
            case _ where c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF:
                out += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
