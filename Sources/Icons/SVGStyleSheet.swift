// CSS in SVG files, as design tools and hand-written files use it: `<style>` sheets of rules
// whose selectors SVGSelector reads (types, `*`, classes, ids, attribute tests, `:first-child`
// and the four combinators), and `style=""` attributes. Illustrator exports its colours this
// way. A declaration's value takes precedence over the element's presentation attribute; among
// rules the higher specificity wins (ids, then classes and attribute tests, then types), then
// the later rule; `style=""` wins over every rule; `!important` over all of those. The sheets
// apply to the whole document wherever they stand, so the first pass (SVGReferences) reads and
// matches them before anything is drawn. `@import` of another file is ignored, as resvg does
// (an icon is one self-contained file); other at-rules are refused in words rather than ignored,
// so an icon is never drawn other than its file says.

/// A parsed `<style>` sheet.
struct SVGStyleSheet {
    struct Rule {
        var selector: SVGSelector
        /// Its block's declarations, in `declarations` (a block is shared by its selectors).
        var declarations: Range<Int>
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
    /// Every declaration of the sheet, in order, each stored once: what matching elements point
    /// at, so a long value is never copied per element.
    private(set) var declarations: [Declaration] = []
    /// Every element is matched against every rule: 1,000 rules × the loader's 10,000 elements
    /// bounds the work.
    static let maxRules = 1_000

    /// Why a sheet or a `style=""` could not be read.
    struct Failure: Error { var message: String }

    /// Adds the rules of one `<style>` element's text, after those already read; returns what
    /// it ignored, in words (an `@import`).
    mutating func add(_ css: String) throws(Failure) -> [String] {
        var ignored: [String] = []
        var text = Self.withoutComments(css)[...]
        while true {
            text = text.drop(while: \.isWhitespace)
            // `@import url;`: another file's rules, which resvg does not load either.
            if text.hasPrefix("@import") {
                let end = text.firstIndex(of: ";").map { text.index(after: $0) } ?? text.endIndex
                ignored.append(
                    "the <style> sheet's '\(text[..<end].trimmingWhitespace.prefix(60))' (another file's rules) is ignored"
                )
                text = text[end...]
                continue
            }
            guard let open = text.firstIndex(of: "{") else { break }
            let selectors = text[..<open].trimmingWhitespace
            guard let close = text[open...].firstIndex(of: "}") else {
                throw Failure(message: "a rule of the <style> sheet has no closing '}'")
            }
            if selectors.hasPrefix("@") {
                throw Failure(message: "the at-rule '\(selectors.prefix(30))' in <style> is not supported")
            }
            let block = try Self.declarations(String(text[text.index(after: open)..<close]))
            let declared = declarations.count..<(declarations.count + block.count)
            declarations += block
            for selector in selectors.split(separator: ",") {
                guard rules.count < Self.maxRules else {
                    throw Failure(message: "more than \(Self.maxRules) rules in <style>")
                }
                do {
                    let parsed = try SVGSelector.parse(String(selector))
                    rules.append(Rule(selector: parsed, declarations: declared))
                } catch { throw Failure(message: error.message) }
            }
            text = text[text.index(after: close)...]
        }
        guard text.trimmingWhitespace.isEmpty else {
            throw Failure(message: "the <style> sheet ends in '\(text.trimmingWhitespace.prefix(30))', not a rule")
        }
        return ignored
    }

    /// The declarations the sheet gives `element` (indexes into `declarations`, ordered by
    /// property), each property's winner: an `!important` one over normal ones, then by
    /// specificity, then by order (a later rule of equal importance and specificity wins).
    /// `steps` and `limit` bound the matching (SVGSelector.matches).
    func winners<E: SVGSelector.Element>(for element: E, steps: inout Int, limit: Int) -> [Int] {
        var winners: [String: (important: Bool, specificity: (Int, Int, Int), index: Int)] = [:]
        for rule in rules where rule.selector.matches(element, steps: &steps, limit: limit) {
            let s = rule.selector.specificity
            for index in rule.declarations {
                let declaration = declarations[index]
                if let held = winners[declaration.property],
                    held.important && !declaration.important
                        || (held.important == declaration.important && held.specificity > s)
                {
                    continue
                }
                winners[declaration.property] = (declaration.important, s, index)
            }
        }
        return winners.sorted { $0.key < $1.key }.map(\.value.index)
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

    static func withoutComments(_ css: String) -> String {
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
