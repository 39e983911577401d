// CSS selectors as SVG renderers match them (Selectors Level 3, the part resvg reads through
// simplecss): compounds of a type or `*`, `#id`, `.class`, attribute tests (`[x]`, `[x=v]`,
// `~=`, `|=`, `^=`, `$=`, `*=`) and `:first-child`, joined by the descendant (space), child
// (`>`), adjacent (`+`) and general sibling (`~`) combinators. The interactive pseudo-classes
// (`:hover`, `:link`…) never match a still picture; any other pseudo-class or a pseudo-element is
// refused in words, since it would style what the loader cannot tell.

/// One selector of a rule (a rule's comma-separated list is split before).
struct SVGSelector: Equatable {
    enum Combinator: Equatable {
        case descendant, child, adjacent, sibling
    }

    /// `[name]` (`value` nil) or `[name op value]`.
    struct AttributeTest: Equatable {
        var name: String
        /// `=`, `~=`, `|=`, `^=`, `$=` or `*=`, nil for presence alone.
        var op: String?
        var value: String

        func matches(_ attributes: [String: String]) -> Bool {
            guard let actual = attributes[name] else { return false }
            switch op {
            case nil: return true
            case "=": return actual == value
            case "~=":
                return actual.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains { $0 == value }
            case "|=": return actual == value || actual.hasPrefix(value + "-")
            case "^=": return !value.isEmpty && actual.hasPrefix(value)
            case "$=": return !value.isEmpty && actual.hasSuffix(value)
            default: return !value.isEmpty && actual.contains(value)
            }
        }
    }

    /// Conditions on one element, all of which must hold.
    struct Compound: Equatable {
        /// The element's name; nil for `*` or none written.
        var type: String?
        var ids: [String] = []
        var classes: [String] = []
        var attributes: [AttributeTest] = []
        var firstChild = false
        /// An interactive pseudo-class: the compound matches nothing.
        var never = false
    }

    /// The element a compound is tested against, and its neighbours in the document.
    protocol Element {
        var name: String { get }
        var attributes: [String: String] { get }
        var parent: Self? { get }
        var previousSibling: Self? { get }
    }

    /// Left to right; `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`.
    var compounds: [Compound]
    var combinators: [Combinator]

    /// The most compounds one selector may chain (matching recurses once per compound).
    static let maxCompounds = 32

    /// CSS specificity as (ids, classes with attributes and pseudo-classes, types).
    var specificity: (Int, Int, Int) {
        compounds.reduce((0, 0, 0)) { s, c in
            (
                s.0 + c.ids.count, s.1 + c.classes.count + c.attributes.count + (c.firstChild || c.never ? 1 : 0),
                s.2 + (c.type == nil ? 0 : 1)
            )
        }
    }

    static func == (a: SVGSelector, b: SVGSelector) -> Bool {
        a.compounds == b.compounds && a.combinators == b.combinators
    }
}

extension SVGSelector {
    /// Whether the selector matches `element`. `steps` counts the neighbours visited, across
    /// calls: matching stops (false) once it reaches `limit`, so a hostile sheet over a deep tree
    /// cannot take unbounded time; the caller reports that.
    func matches<E: Element>(_ element: E, steps: inout Int, limit: Int) -> Bool {
        matches(element, upTo: compounds.count - 1, steps: &steps, limit: limit)
    }

    private func matches<E: Element>(_ element: E, upTo index: Int, steps: inout Int, limit: Int) -> Bool {
        guard Self.compound(compounds[index], matches: element) else { return false }
        guard index > 0 else { return true }
        var candidate: E? = element
        let combinator = combinators[index - 1]
        while true {
            steps += 1
            guard steps < limit else { return false }
            switch combinator {
            case .descendant, .child: candidate = candidate?.parent
            case .adjacent, .sibling: candidate = candidate?.previousSibling
            }
            guard let next = candidate else { return false }
            if matches(next, upTo: index - 1, steps: &steps, limit: limit) { return true }
            if combinator == .child || combinator == .adjacent { return false }
        }
    }

    private static func compound<E: Element>(_ c: Compound, matches element: E) -> Bool {
        guard !c.never, c.type == nil || c.type == element.name else { return false }
        let attributes = element.attributes
        if !c.ids.allSatisfy({ $0 == attributes["id"] }) { return false }
        if !c.classes.isEmpty {
            let classes = (attributes["class"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            if !c.classes.allSatisfy({ name in classes.contains { $0 == name } }) { return false }
        }
        if c.firstChild && element.previousSibling != nil { return false }
        return c.attributes.allSatisfy { $0.matches(attributes) }
    }
}

extension SVGSelector {
    /// Why a selector could not be read: what a rule's selector says, in words.
    struct Failure: Error { var message: String }

    /// Parses one selector (no commas).
    static func parse(_ text: String) throws(Failure) -> SVGSelector {
        var reader = Reader(text: Array(text), whole: text)
        return try reader.selector()
    }

    private struct Reader {
        var text: [Character]
        var whole: String
        var at = 0

        private static let nameCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
        private static func isName(_ c: Character) -> Bool { nameCharacters.contains(c) || !c.isASCII }
        /// Pseudo-classes of user interaction: a rendered file is never hovered, visited or focused.
        private static let interactive: Set<String> = ["hover", "link", "visited", "active", "focus"]

        func failure(_ why: String) -> Failure {
            Failure(message: "the selector '\(whole.prefix(40))' in <style> \(why)")
        }

        mutating func selector() throws(Failure) -> SVGSelector {
            var result = SVGSelector(compounds: [], combinators: [])
            skipSpaces()
            while at < text.count {
                result.compounds.append(try compound())
                guard result.compounds.count <= SVGSelector.maxCompounds else {
                    throw failure("chains more than \(SVGSelector.maxCompounds) compounds")
                }
                let spaced = skipSpaces()
                guard at < text.count else { break }
                switch text[at] {
                case ">": result.combinators.append(.child)
                case "+": result.combinators.append(.adjacent)
                case "~": result.combinators.append(.sibling)
                default:
                    guard spaced else { throw failure("has '\(text[at])' where a combinator or the end belongs") }
                    result.combinators.append(.descendant)
                    continue
                }
                at += 1
                skipSpaces()
                guard at < text.count else { throw failure("ends in a combinator") }
            }
            guard !result.compounds.isEmpty else { throw failure("is empty") }
            return result
        }

        @discardableResult
        mutating func skipSpaces() -> Bool {
            let start = at
            while at < text.count, text[at].isWhitespace { at += 1 }
            return at > start
        }

        mutating func name() -> String {
            let start = at
            while at < text.count, Self.isName(text[at]) { at += 1 }
            return String(text[start..<at])
        }

        mutating func compound() throws(Failure) -> Compound {
            var c = Compound()
            var empty = true
            if text[at] == "*" {
                at += 1
                empty = false
            } else if Self.isName(text[at]) {
                c.type = name()
                empty = false
            }
            while at < text.count, !text[at].isWhitespace, !">+~".contains(text[at]) {
                let mark = text[at]
                at += 1
                switch mark {
                case "#", ".":
                    let n = name()
                    guard !n.isEmpty else { throw failure("has '\(mark)' without a name") }
                    if mark == "#" { c.ids.append(n) } else { c.classes.append(n) }
                case "[": c.attributes.append(try attributeTest())
                case ":":
                    let pseudo = name().lowercased()
                    if pseudo == "first-child" {
                        c.firstChild = true
                    } else if Self.interactive.contains(pseudo) {
                        c.never = true
                    } else {
                        throw failure(
                            "is not supported: the pseudo-class or pseudo-element after ':' (expected :first-child)")
                    }
                default:
                    throw failure(
                        "is not supported: '\(mark)' (expected type, *, #id, .class, [attribute], :first-child and combinators)"
                    )
                }
                empty = false
            }
            guard !empty else { throw failure("has an empty compound") }
            return c
        }

        mutating func attributeTest() throws(Failure) -> AttributeTest {
            skipSpaces()
            let attribute = name()
            guard !attribute.isEmpty else { throw failure("has '[' without an attribute name") }
            skipSpaces()
            guard at < text.count else { throw failure("has no closing ']'") }
            if text[at] == "]" {
                at += 1
                return AttributeTest(name: attribute, op: nil, value: "")
            }
            var op = ""
            while at < text.count, "=~|^$*".contains(text[at]) {
                op.append(text[at])
                at += 1
            }
            guard ["=", "~=", "|=", "^=", "$=", "*="].contains(op) else {
                throw failure("has the attribute operator '\(op)'; expected =, ~=, |=, ^=, $= or *=")
            }
            skipSpaces()
            var value = ""
            if at < text.count, text[at] == "\"" || text[at] == "'" {
                let quote = text[at]
                at += 1
                while at < text.count, text[at] != quote {
                    value.append(text[at])
                    at += 1
                }
                guard at < text.count else { throw failure("has an unclosed quote") }
                at += 1
            } else {
                value = name()
            }
            skipSpaces()
            guard at < text.count, text[at] == "]" else { throw failure("has no closing ']'") }
            at += 1
            return AttributeTest(name: attribute, op: op, value: value)
        }
    }
}
