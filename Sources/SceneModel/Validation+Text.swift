import Text

extension Scene {
    /// Text items: a known family (listing the available ones), sizes and counts in range.
    func checkTexts() throws(Violation) {
        let items = allItems.filter { $0.item.text != nil }
        guard !items.isEmpty else { return }
        let registry = fontRegistry
        for (item, path, _) in items {
            guard let text = item.text else { continue }
            let at = path + ".text"
            let scalars = text.string.unicodeScalars.count
            if scalars > TextLimits.maxStringScalars {
                throw Violation(
                    keyPath: at + ".string",
                    message:
                        "text of \(scalars) Unicode scalars is longer than the limit of \(TextLimits.maxStringScalars)")
            }
            let style = text.style
            if !TextLimits.fontSizes.contains(style.size) {
                throw Violation(
                    keyPath: at + ".font.size",
                    message: "expected a font size from 1 to 1000 points, found \(style.size)")
            }
            if !(1...1000).contains(style.weight) {
                throw Violation(
                    keyPath: at + ".font.weight",
                    message: "expected a weight from 1 to 1000 (400 regular, 700 bold), found \(style.weight)")
            }
            if style.numberOfLines < 0 {
                throw Violation(
                    keyPath: at + ".numberOfLines",
                    message: "expected 0 (unlimited) or a positive number of lines, found \(style.numberOfLines)")
            }
            if let h = style.lineHeight, !(h > 0 && h <= 10_000) {
                throw Violation(
                    keyPath: at + ".lineHeight",
                    message: "expected a line height in points greater than 0 (at most 10000), found \(h)")
            }
            if !(abs(style.letterSpacing) <= 1000) {
                throw Violation(
                    keyPath: at + ".letterSpacing",
                    message: "expected a letter spacing in points from -1000 to 1000, found \(style.letterSpacing)")
            }
            do {
                _ = try registry.face(family: style.family, weight: style.weight)
            } catch let TextError.unknownFamily(name, available, suggestion) {
                throw Violation(
                    keyPath: at + ".font.family",
                    message: "unknown font family \"\(name)\"; available: \(available.joined(separator: ", "))",
                    suggestion: suggestion.map { "did you mean \"\($0)\"?" }
                        ?? "add the font file to the scene's fonts: list")
            } catch {
                throw Violation(keyPath: at + ".font.family", message: "\(error)")
            }
        }
    }
}
