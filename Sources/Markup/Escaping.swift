/// Text for XML-family documents (SVG figures, HTML reports, JUnit XML): the one escaping rule
/// they share. `&`, `<`, `>` and `"` become entities, so the result is safe in element content
/// and in double-quoted attributes alike.
extension String {
    public var xmlEscaped: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for c in self {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
