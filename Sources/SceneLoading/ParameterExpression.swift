// Arithmetic inside a component's placeholders: `"{width - 16}"`, `"{value * (width - 28) + 14}"`,
// `"{on ? 20 : 0}"`. It lets one component follow its arguments where a value depends on another
// (a bar's right-hand button at its width less a margin, a slider's thumb at its value), which
// plain substitution cannot say.
//
// Rules of this file:
// - Numbers only: literals, parameters whose argument is a number or a boolean (true 1, false 0),
//   `+ - * /`, unary minus, parentheses and `c ? a : b` (c not 0). Evaluated in Double, left to
//   right, the same on every machine; a result that is not finite is an error, never a value.
// - Bounded: at most `maxLength` characters and `maxDepth` nested parentheses, so a hostile file
//   cannot make the parser recurse without end.

/// A parsed placeholder expression, evaluated against a component instance's arguments.
struct ParameterExpression {
    static let maxLength = 200
    static let maxDepth = 16

    enum Failure: Error, Equatable {
        /// The text is not an expression; `detail` says what was expected where.
        case syntax(String)
        /// A name that is no parameter of the component.
        case unknownName(String)
        /// A parameter whose argument is not a number or boolean.
        case notNumeric(String)
        case notFinite
    }

    private let tokens: [Token]

    private enum Token: Equatable {
        case number(Double)
        case name(String)
        case symbol(Character)
    }

    /// Tokenizes `text` (the placeholder without its braces).
    init(_ text: String) throws(Failure) {
        guard text.count <= Self.maxLength else {
            throw .syntax("an expression of at most \(Self.maxLength) characters")
        }
        var tokens: [Token] = []
        var rest = Substring(text)
        while let c = rest.first {
            if c == " " {
                rest = rest.dropFirst()
            } else if "+-*/()?:".contains(c) {
                tokens.append(.symbol(c))
                rest = rest.dropFirst()
            } else if c.isNumber || c == "." {
                let literal = rest.prefix { $0.isNumber || $0 == "." }
                guard let value = Double(literal), value.isFinite else {
                    throw .syntax("a number, found '\(literal)'")
                }
                tokens.append(.number(value))
                rest = rest.dropFirst(literal.count)
            } else if c.isLetter || c == "_" {
                let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                tokens.append(.name(String(name)))
                rest = rest.dropFirst(name.count)
            } else {
                throw .syntax("a number, a parameter, + - * / ( ) or ? :, found '\(c)'")
            }
        }
        self.tokens = tokens
    }

    /// The value, with `lookup` giving each parameter's argument as a number (nil: no such
    /// parameter; throws `.notNumeric` for one that is not a number).
    func evaluate(_ lookup: (String) throws(Failure) -> Double) throws(Failure) -> Double {
        try withoutActuallyEscaping(lookup) { (lookup) throws(Failure) -> Double in
            var parser = Parser(tokens: tokens, lookup: lookup)
            let value = try parser.conditional(depth: 0)
            guard parser.position == tokens.count else {
                throw .syntax("an operator or the end, found \(parser.describe(tokens[parser.position]))")
            }
            guard value.isFinite else { throw .notFinite }
            return value
        }
    }

    private struct Parser {
        let tokens: [Token]
        let lookup: (String) throws(Failure) -> Double
        var position = 0

        mutating func conditional(depth: Int) throws(Failure) -> Double {
            let condition = try sum(depth: depth)
            guard take("?") else { return condition }
            let yes = try conditional(depth: depth + 1)
            guard take(":") else { throw .syntax("':' after the value of '?'") }
            let no = try conditional(depth: depth + 1)
            return condition != 0 ? yes : no
        }

        mutating func sum(depth: Int) throws(Failure) -> Double {
            var value = try product(depth: depth)
            while true {
                if take("+") {
                    value += try product(depth: depth)
                } else if take("-") {
                    value -= try product(depth: depth)
                } else {
                    return value
                }
            }
        }

        mutating func product(depth: Int) throws(Failure) -> Double {
            var value = try factor(depth: depth)
            while true {
                if take("*") {
                    value *= try factor(depth: depth)
                } else if take("/") {
                    value /= try factor(depth: depth)
                } else {
                    return value
                }
            }
        }

        mutating func factor(depth: Int) throws(Failure) -> Double {
            guard depth < ParameterExpression.maxDepth else {
                throw .syntax("at most \(ParameterExpression.maxDepth) nested parentheses or conditions")
            }
            guard position < tokens.count else { throw .syntax("a value at the end") }
            let token = tokens[position]
            position += 1
            switch token {
            case .number(let v): return v
            case .name(let n): return try lookup(n)
            case .symbol("-"): return -(try factor(depth: depth + 1))
            case .symbol("("):
                let v = try conditional(depth: depth + 1)
                guard take(")") else { throw .syntax("')'") }
                return v
            case .symbol: throw .syntax("a value, found \(describe(token))")
            }
        }

        mutating func take(_ symbol: Character) -> Bool {
            guard position < tokens.count, tokens[position] == .symbol(symbol) else { return false }
            position += 1
            return true
        }

        func describe(_ token: Token) -> String {
            switch token {
            case .number(let v): "the number \(v)"
            case .name(let n): "'\(n)'"
            case .symbol(let c): "'\(c)'"
            }
        }
    }

    /// A result as a scene file writes it: an integer without a point, else the shortest
    /// decimal that reads back as the same Double.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
