/// `<tref xlink:href="#id">` (SVG 1.1 §10.6): inside a `<text>`, the character data of the
/// referenced element set as a `<tspan>` holding it would be, with the tref's own attributes
/// (positions, paints, fonts, `display`). SVG 2 removed the element and browsers never drew it;
/// resvg draws it, and its references are the pictures measured here.
extension IconBuilder {
    /// The referenced element's characters, added as the tref's own. The first pass keeps the
    /// characters inside `<text>` elements only, so a tref names a text or a span (what SVG 1.1
    /// files do); an element without characters there, or a missing one, adds nothing, with a
    /// warning (SVG 1.1: a reference to nothing is an error, and renderers draw the rest).
    func addReferencedText(_ attributes: [String: String]) {
        guard error == nil, textState != nil else { return }
        let href = attributes["xlink:href"] ?? attributes["href"] ?? ""
        guard href.hasPrefix("#"), let range = references.ranges[String(href.dropFirst())] else {
            return warn("<tref> names no text of this file (href=\"\(href.prefix(40))\"): it adds no characters")
        }
        // Bounded by the file's size: the first pass stored these characters once.
        var string = ""
        for event in references.events[range] {
            if case .characters(let text) = event { string += text }
        }
        addText(string)
    }
}
