/// `<tref xlink:href="#id">` (SVG 1.1 §10.6): inside a `<text>`, the character data of the
/// referenced element set as a `<tspan>` holding it would be, with the tref's own attributes
/// (positions, paints, fonts, `display`). SVG 2 removed the element and browsers never drew it;
/// resvg draws it, and its references are the pictures measured here.
extension IconBuilder {
    /// The referenced element's characters, added as the tref's own; the tref's content is not
    /// drawn (SVG 1.1: the referenced character data replaces it). All the character data inside
    /// the referenced element counts, its descendants' included, whatever the element (SVG 1.1;
    /// resvg draws a `<rect>`'s), as the first pass kept it (runs of whitespace outside a text
    /// excepted). A reference to nothing adds nothing, with a warning (SVG 1.1 calls it an error;
    /// renderers draw the rest).
    func addReferencedText(_ attributes: [String: String]) {
        guard error == nil, textState != nil else { return }
        let href = attributes["xlink:href"] ?? attributes["href"] ?? ""
        guard href.hasPrefix("#"), let range = references.ranges[String(href.dropFirst())] else {
            warn("<tref> names no text of this file (href=\"\(href.prefix(40))\"): it adds no characters")
            textState?.referenceDepth = styles.count
            return
        }
        // Bounded by the file's size: the first pass stored these characters once.
        var string = ""
        for event in references.events[range] {
            if case .characters(let text) = event { string += text }
        }
        addText(string)
        textState?.referenceDepth = styles.count
    }

    /// At `</tref>`: characters count again.
    func endReference() {
        if textState?.referenceDepth == styles.count { textState?.referenceDepth = nil }
    }
}
