/// Conditional processing: `<switch>`, `systemLanguage`, `requiredExtensions`, `requiredFeatures`.
extension IconBuilder {
    static let conditionalAttributes: Set<String> = ["systemLanguage", "requiredExtensions", "requiredFeatures"]

    /// Whether a drawn element is drawn: its conditional attributes hold, and inside a `<switch>`
    /// it is the first child whose conditions hold. Definitions and what they contain are not
    /// conditional.
    func chosen(_ element: String, _ attributes: [String: String]) -> Bool {
        guard element != "defs", element != "style", element != "symbol" else { return true }
        let inSwitch = switchDepths.last == styles.count
        if inSwitch && switchChosen.contains(styles.count) { return false }
        guard Self.conditionsHold(attributes) else { return false }
        if inSwitch { switchChosen.insert(styles.count) }
        return true
    }

    /// SVG's conditional processing, for a renderer that knows no extensions and whose language is
    /// English (fixed, so a render never depends on the machine's locale): `requiredExtensions`
    /// fails when present, `systemLanguage` holds when one of its tags is `en` or `en-…`, and
    /// `requiredFeatures` (dropped from SVG 2) always holds.
    static func conditionsHold(_ a: [String: String]) -> Bool {
        if a["requiredExtensions"] != nil { return false }
        if let languages = a["systemLanguage"] {
            let tags = languages.split(separator: ",").map { $0.trimmingWhitespace.lowercased() }
            return tags.contains { $0 == "en" || $0.hasPrefix("en-") }
        }
        return true
    }
}
