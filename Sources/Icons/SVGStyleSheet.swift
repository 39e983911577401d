// CSS in SVG files, the part design tools write: a `<style>` sheet of rules whose selectors are
// a type, classes and an id (`rect`, `.cls-1`, `#badge`, `path.cls-2`, several with commas),
// and `style=""` attributes. Illustrator exports its colours this way. A declaration's value
// takes precedence over the element's presentation attribute; among rules the higher
// specificity wins (ids, then classes, then the type), then the later rule; `style=""` wins
// over every rule. Anything else in a sheet (combinators, pseudo-classes, attribute selectors,
// at-rules) is refused in words rather than ignored, so an icon is never drawn other than its
// file says.

/// A parsed `<style>` sheet.
struct SVGStyleSheet {
    /// A compound selector: an optional type, an optional id, classes (all must match).
    struct Selector: Equatable {
        var type: String?
        var id: String?
        var classes: [String]

        /// CSS specificity as (ids, classes, types), compared in that order.
        var specificity: (Int, Int, Int) { (id == nil ? 0 : 1, classes.count, type == nil ? 0 : 1) }

        func matches(element: String, id elementID: String?, classes elementClasses: Set<String>) -> Bool {
            (type == nil || type == element) && (id == nil || id == elementID)
                && classes.allSatisfy(elementClasses.contains)
        }
    }

    struct Rule {
        var selector: Selector
        var declarations: [Declaration]
    }

    /// `property: value`, marked `!important` or not.
    struct Declaration: Equatable {
        var property: String
        var value: String
        var important = false
    }

    /// A property's value as the cascade holds it: an `!important` one beats every normal one.
    struct Cascaded: Equatable {
        var value: String
        var important: Bool
    }

    private(set) var rules: [Rule] = []
    /// Every element is matched against every rule: 1,000 rules × the loader's 10,000 elements
    /// bounds the work.
    static let maxRules = 1_000

    /// Why a sheet or a `style=""` could not be read.
    struct Failure: Error { var message: String }

    /// Adds the rules of one `<style>` element's text, after those already read.
    mutating func add(_ css: String) throws(Failure) {
        var text = Self.withoutComments(css)[...]
        while let open = text.firstIndex(of: "{") {
            let selectors = text[..<open].trimmingWhitespace
            guard let close = text[open...].firstIndex(of: "}") else {
                throw Failure(message: "a rule of the <style> sheet has no closing '}'")
            }
            if selectors.hasPrefix("@") {
                throw Failure(message: "the at-rule '\(selectors.prefix(30))' in <style> is not supported")
            }
            let declarations = try Self.declarations(String(text[text.index(after: open)..<close]))
            for selector in selectors.split(separator: ",") {
                guard rules.count < Self.maxRules else {
                    throw Failure(message: "more than \(Self.maxRules) rules in <style>")
                }
                rules.append(Rule(selector: try Self.selector(selector.trimmingWhitespace), declarations: declarations))
            }
            text = text[text.index(after: close)...]
        }
        guard text.trimmingWhitespace.isEmpty else {
            throw Failure(message: "the <style> sheet ends in '\(text.trimmingWhitespace.prefix(30))', not a rule")
        }
    }

    /// The declarations the sheet gives an element, each property's winning value: an
    /// `!important` one over normal ones, then by specificity, then by order (a later rule of
    /// equal importance and specificity wins).
    func declarations(element: String, id: String?, classes: Set<String>) -> [String: Cascaded] {
        var winners: [String: (important: Bool, specificity: (Int, Int, Int), value: String)] = [:]
        for rule in rules where rule.selector.matches(element: element, id: id, classes: classes) {
            let s = rule.selector.specificity
            for declaration in rule.declarations {
                if let held = winners[declaration.property],
                    held.important && !declaration.important
                        || (held.important == declaration.important && held.specificity > s)
                {
                    continue
                }
                winners[declaration.property] = (declaration.important, s, declaration.value)
            }
        }
        return winners.mapValues { Cascaded(value: $0.value, important: $0.important) }
    }

    /// `property: value; …` (a `style=""` attribute, or a rule's block), in order.
    static func declarations(_ text: String) throws(Failure) -> [Declaration] {
        var out: [Declaration] = []
        for part in text.split(separator: ";") where !part.trimmingWhitespace.isEmpty {
            guard let colon = part.firstIndex(of: ":") else {
                throw Failure(message: "the declaration '\(part.trimmingWhitespace.prefix(30))' has no ':'")
            }
            var value = part[part.index(after: colon)...].trimmingWhitespace
            let important = value.hasSuffix("!important")
            if important { value = String(value.dropLast(10)).trimmingWhitespace }
            out.append(
                Declaration(
                    property: part[..<colon].trimmingWhitespace.lowercased(), value: value, important: important))
        }
        return out
    }

    /// `type`, `.class`, `#id` and their compounds (`path.a.b`, `g#top`).
    static func selector(_ text: String) throws(Failure) -> Selector {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.#")
        guard !text.isEmpty, text.allSatisfy(allowed.contains) else {
            throw Failure(
                message:
                    "the selector '\(text.prefix(30))' in <style> is not supported; expected type, class and id selectors (rect, .cls-1, #badge, path.cls-2)"
            )
        }
        var selector = Selector(type: nil, id: nil, classes: [])
        var current = ""
        var kind: Character = " "
        func finish() throws(Failure) {
            guard !current.isEmpty || kind == " " else {
                throw Failure(message: "the selector '\(text)' has an empty part")
            }
            switch kind {
            case ".": selector.classes.append(current)
            case "#": selector.id = current
            default: if !current.isEmpty { selector.type = current }
            }
        }
        for character in text {
            if character == "." || character == "#" {
                try finish()
                (kind, current) = (character, "")
            } else {
                current.append(character)
            }
        }
        try finish()
        return selector
    }

    private static func withoutComments(_ css: String) -> String {
        var out = ""
        var rest = css[...]
        while let start = rest.range(of: "/*") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "*/") else { return out }
            rest = rest[end.upperBound...]
        }
        return out + rest
    }
}
