extension IconBuilder {
    /// SVG's namespace, what an `xmlns` inside the file may restate (`isIgnored` lets it by).
    static let svgNamespace = "http://www.w3.org/2000/svg"

    /// An element whose `xmlns` puts it (and what it holds) in a namespace other than SVG's: not
    /// an SVG element at all, so it draws nothing, as an editor's prefixed elements do not (XML
    /// Namespaces: a default namespace declared on an element applies to it and its children).
    static func inOtherNamespace(_ attributes: [String: String]) -> Bool {
        attributes["xmlns"].map { $0 != svgNamespace } ?? false
    }
}
