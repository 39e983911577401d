/// What an icon file's errors and warnings say: the file, the line in it (when known), and the
/// message, printed as `file:line: message`.
public protocol IconFileMessage: CustomStringConvertible {
    var file: String { get }
    var line: Int? { get }
    var message: String { get }
}

extension IconFileMessage {
    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}

/// Why an icon file was refused: the file, the line in it (when known), what was wrong.
public struct IconError: Error, Equatable, Sendable, IconFileMessage {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }
}

/// Something in an icon file that SVG defines a recovery for and that the file is drawn without:
/// a value that does not parse (`fill="#qqq"`, a negative `stroke-width`), path data with an error
/// part-way (drawn up to it), a reference that cannot be followed. Browsers and resvg draw such a
/// file the same way, silently; Flipbook draws it their way and says what it set aside, so a
/// typo in an export is seen rather than guessed at.
public struct IconWarning: Equatable, Sendable, IconFileMessage {
    public var file: String
    public var line: Int?
    public var message: String
}
