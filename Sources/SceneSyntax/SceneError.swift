import Foundation
import Markup

/// Why a scene could not be loaded or is not valid: one error, located as precisely as the source
/// allows, worded so that the user can fix the file without reading this module.
///
/// `description` is always exactly one line, in the shape compilers use so that editors and
/// terminals can jump to it:
///
///     <file>[:<line>:<column>]: [<keyPath>: ]<message>[ (<suggestion>)]
///
///     scenes/snap.yaml:9:13: behaviors[0].snap.item: unknown item 'crad'; expected one of: card (did you mean 'card'?)
///     scenes/bad.yaml:5:12: items[0].size[0]: expected a number, found string 'abc'
///     scenes/snp.yaml: no such file (did you mean 'scenes/snap.yaml'?)
///     <swift>: items[2].id: duplicate item id 'card', already used by items[0]; expected each id once
///
/// Scenes built in Swift (`Scene.validate`) get the same messages without a line and column.
public struct SceneError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong, broadly; lets a command line choose an exit status without parsing text.
    public enum Kind: String, Equatable, Sendable {
        /// The file could not be found or read (missing, a folder, unreadable, not UTF-8, wrong
        /// extension).
        case io
        /// The text is not well-formed YAML or JSON.
        case syntax
        /// The text is well-formed but is not a valid scene (wrong type, unknown key, a value out
        /// of range, an unknown item id, ...). Also every error from `Scene.validate`.
        case invalid
    }

    /// The file as the caller named it (not made absolute), or a label such as "<swift>".
    public var file: String
    /// Where in the scene the problem is, in the file's own terms: `items[2].size[0]`,
    /// `behaviors[0].snap.item`. Nil for problems with the file as a whole.
    public var keyPath: String?
    /// 1-based line of the offending text, when the scene came from a file.
    public var line: Int?
    /// 1-based column (in Unicode scalars) of the offending text, when known.
    public var column: Int?
    /// What was wrong and what was expected: "expected a number, found string 'abc'".
    public var message: String
    /// A likely fix: "did you mean 'card'?".
    public var suggestion: String?
    public var kind: Kind
    /// Set while the error is at a component's own text (`SourceMark.isTemplate`): the
    /// component, whose instance the loader names once it knows where the text sits
    /// (`namingInstance(from:)`).
    package var awaitingInstanceOf: String?

    public init(
        file: String, keyPath: String? = nil, line: Int? = nil, column: Int? = nil,
        message: String, suggestion: String? = nil, kind: Kind = .invalid
    ) {
        self.file = file
        self.keyPath = keyPath
        self.line = line
        self.column = column
        self.message = message
        self.suggestion = suggestion
        self.kind = kind
    }

    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        text += ": "
        if let keyPath, !keyPath.isEmpty { text += keyPath + ": " }
        text += message
        if let suggestion { text += " (\(suggestion))" }
        // One line whatever it quotes, and nothing in it can hide or reorder the rest of the
        // terminal line: invisible and bidi scalars are spelled `\u{202E}` (Markup's rule).
        return text.visibleEscaped
    }
}

extension SceneError: LocalizedError {
    /// The one-line description, so that `localizedDescription` is useful too.
    public var errorDescription: String? { description }
}
