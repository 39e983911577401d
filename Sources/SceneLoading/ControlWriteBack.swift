import Colors
import SceneModel
import SceneSyntax

/// Writes control values back into a scene file's text, in place: only the declared `value:` or
/// `color:` scalars change, so comments, key order, spacing and every other line stay as written.
public enum ControlWriteBack {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notFound(control: String, line: Int, column: Int)
        case invalid(control: String, value: String)

        public var description: String {
            switch self {
            case .notFound(let control, let line, let column):
                return
                    "controls.\(control): the value at line \(line), column \(column) is no longer where it was read; reload the scene and try again"
            case .invalid(let control, let value):
                return "controls.\(control): \(value) is not a value this control takes"
            }
        }
    }

    /// `text` with each control's declared value replaced by `values[name]` (controls missing from
    /// `values` keep theirs). `controls` must come from loading this same text.
    public static func rewrite(_ text: String, controls: [SceneControl], values: [String: String]) throws -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        // Right to left within a line, so an earlier column is not moved by a later replacement.
        let ordered = controls.sorted {
            ($0.valueLine ?? 0, $0.valueColumn ?? 0) > ($1.valueLine ?? 0, $1.valueColumn ?? 0)
        }
        for control in ordered {
            guard let value = values[control.name] else { continue }
            guard let line = control.valueLine, let column = control.valueColumn, line >= 1, line <= lines.count,
                column >= 1, column <= lines[line - 1].count
            else {
                throw Failure.notFound(
                    control: control.name, line: control.valueLine ?? 0, column: control.valueColumn ?? 0)
            }
            var scalars = lines[line - 1]
            let start = column - 1
            let end: Int
            let replacement: String
            switch control.kind {
            case .color:
                guard ColorRGBA8(hex: value) != nil else { throw Failure.invalid(control: control.name, value: value) }
                let quote = scalars[start]
                guard quote == "\"" || quote == "'", let close = scalars[(start + 1)...].firstIndex(of: quote) else {
                    throw Failure.notFound(control: control.name, line: line, column: column)
                }
                end = close + 1
                replacement = String(quote) + value + String(quote)
            case .number(let range, _):
                guard case .number(let v, _) = ScalarMeaning.plain(value), v.isFinite, range.contains(v) else {
                    throw Failure.invalid(control: control.name, value: value)
                }
                end = scalars[start...].firstIndex { ",}] \t#\r".unicodeScalars.contains($0) } ?? scalars.count
                guard end > start else { throw Failure.notFound(control: control.name, line: line, column: column) }
                replacement = value
            }
            scalars.replaceSubrange(start..<end, with: replacement.unicodeScalars)
            lines[line - 1] = scalars
        }
        return lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
    }
}
