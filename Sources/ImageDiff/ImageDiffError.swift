/// Everything that stops a comparison from being made: the "trouble" of `flipbook diff`'s exit
/// status 2, as opposed to a difference. Every case names the file or the two sizes involved.
public enum ImageDiffError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A path given for comparison does not exist.
    case missingFile(path: String)
    /// Two images (or two frame folders) of different pixel sizes cannot be compared pixel by pixel.
    case sizeMismatch(
        expected: String, expectedWidth: Int, expectedHeight: Int,
        actual: String, actualWidth: Int, actualHeight: Int)
    /// The two paths are not the same kind of thing (a PNG and a folder), or a folder holds
    /// neither frames nor traces.
    case unsupportedInput(path: String, reason: String)
    /// A trace CSV without a required column, or with a row that does not parse.
    case malformedTrace(path: String, line: Int, reason: String)
    /// A PNG could not be read or decoded; `message` is the PNG module's.
    case unreadableImage(path: String, message: String)
    /// A report file could not be written.
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .missingFile(let path):
            return "'\(path)': no such file or folder"
        case .sizeMismatch(let e, let ew, let eh, let a, let aw, let ah):
            return "cannot compare '\(e)' (\(ew)×\(eh)) with '\(a)' (\(aw)×\(ah)): the pixel sizes differ"
        case .unsupportedInput(let path, let reason):
            return "'\(path)': \(reason)"
        case .malformedTrace(let path, let line, let reason):
            return "\(path):\(line): \(reason)"
        case .unreadableImage(let path, let message):
            return "cannot read image '\(path)': \(message)"
        case .writeFailed(let path, let reason):
            return "cannot write '\(path)': \(reason)"
        }
    }
}
