import Yams

/// The two spellings of a scene file. Both have one schema (`scenes/schema.json`) and decode to
/// equal scenes.
public enum SceneFileFormat: String, Sendable, CaseIterable {
    case yaml, json

    /// The format a file's extension names: `.yaml`/`.yml` or `.json` (any case), else nil.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "yaml", "yml": self = .yaml
        case "json": self = .json
        default: return nil
        }
    }
}

/// Scene text in, the located tree out (YAML through Yams' composer, JSON through `JSONReader`),
/// with libyaml's syntax errors turned into one-line `SceneError`s that suggest the usual fix.
package enum SourceReader {
    /// The located tree, or nil for a file with no content (only whitespace and comments, or a
    /// bare YAML null such as `---`).
    /// `maxNestingDepth` and `maxNodes` are the scene's limits (`SceneLimits`), checked while reading.
    package static func parse(
        _ text: String, fileName: String, format: SceneFileFormat, maxNestingDepth: Int, maxNodes: Int
    ) throws -> SourceNode? {
        switch format {
        case .json:
            return try JSONReader.parse(text, file: fileName, maxDepth: maxNestingDepth)
        case .yaml:
            // Before Yams: its composer recurses once per nesting level, so `[[[[…]]]]` 100k deep
            // would overflow the stack instead of failing.
            if let deep = YAMLDepthScan.firstTooDeep(text, limit: maxNestingDepth) {
                throw SceneError(
                    file: fileName, line: deep.line,
                    message: "nesting deeper than \(maxNestingDepth) levels; a scene needs fewer than 16",
                    kind: .syntax)
            }
            let node: Yams.Node?
            do {
                node = try Yams.compose(yaml: text)
            } catch let error as YamlError {
                throw syntaxError(error, text: text, fileName: fileName)
            }
            guard let node else { return nil }
            var budget = maxNodes
            let root = try SourceNode(yaml: node, file: fileName, budget: &budget, limit: maxNodes)
            if case .null? = root.scalarMeaning { return nil }
            return root
        }
    }

    /// libyaml's problem and position, in one line: "invalid YAML: did not find expected ',' or
    /// ']' (while parsing a flow sequence that starts at line 3, column 7)".
    private static func syntaxError(_ error: YamlError, text: String, fileName: String) -> SceneError {
        let context: YamlError.Context?
        let problem: String
        let mark: Yams.Mark
        switch error {
        case .scanner(let c, let p, let m, _), .parser(let c, let p, let m, _), .composer(let c, let p, let m, _):
            (context, problem, mark) = (c, p, m)
        case .reader(let problem, _, _, _):
            return SceneError(file: fileName, message: "invalid YAML: \(problem)", kind: .syntax)
        default:
            return SceneError(file: fileName, message: "invalid YAML: \(error)", kind: .syntax)
        }
        var message = "invalid YAML: \(problem)"
        var suggestion: String?
        if problem == "but found another document" {
            message = "invalid YAML: found a second document; expected one scene per file"
        } else if let context {
            message += ", \(context.text) that starts at line \(context.mark.line), column \(context.mark.column)"
        }
        if character(in: text, line: mark.line, column: mark.column) == "\t" {
            suggestion = "indent with spaces; YAML does not allow tabs for indentation"
        } else if hasUnquotedColor(in: text, lines: (min(context?.mark.line ?? mark.line, mark.line) - 1)...mark.line) {
            // `fill: #FF9500 }` comments out the rest of the line, closing brace included.
            suggestion = "quote colours, as in fill: \"#FF9500\"; in YAML an unquoted # starts a comment"
        }
        return SceneError(
            file: fileName, line: mark.line, column: mark.column,
            message: message, suggestion: suggestion, kind: .syntax)
    }

    /// Whether any of `lines` (1-based) has a key followed by an unquoted hex colour.
    private static func hasUnquotedColor(in text: String, lines: ClosedRange<Int>) -> Bool {
        let all = text.split(separator: "\n", omittingEmptySubsequences: false)
        return all.indices.filter { lines.contains($0 + 1) }.contains { i in
            guard let range = all[i].range(of: ": #") else { return false }
            return all[i][range.upperBound...].prefix(while: \.isHexDigit).count >= 3
        }
    }

    /// The character at a 1-based line and column (in Unicode scalars), if there is one.
    private static func character(in text: String, line: Int, column: Int) -> Unicode.Scalar? {
        var l = 1
        var c = 1
        for scalar in text.unicodeScalars {
            if l == line && c == column { return scalar }
            if scalar == "\n" {
                l += 1
                c = 1
            } else {
                c += 1
            }
            if l > line { return nil }
        }
        return nil
    }
}
