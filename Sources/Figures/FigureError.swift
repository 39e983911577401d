/// What can go wrong making a figure: the environment (fonts, files) or a request that does not
/// fit the scene (an unknown item or value, a tick past the end). Each case carries the offending
/// value and says what would work instead.
public enum FigureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// FreeType could not open the font file at this pixel size.
    case fontUnavailable(path: String, pixelSize: Int, freeTypeError: Int32)
    case unknownItem(String, available: [String])
    /// A layer below the top level, named by its id or its dotted path from the top: `layers`
    /// is the chain of ids from the top-level item down to it.
    case childLayer(String, layers: [String])
    case unknownValue(String, available: [String])
    case tickOutOfRange(Int, lastTick: Int)
    case timeOutOfRange(Double, duration: Double)
    case invalidRequest(String)

    public var description: String {
        switch self {
        case .fontUnavailable(let path, let size, let code):
            return "cannot open font \(path) at \(size) px (FreeType error \(code)); install Debian's fonts-dejavu-core"
        case .unknownItem(let id, let available):
            return "unknown item '\(id)'; expected one of: \(available.joined(separator: ", "))"
        case .childLayer(let id, let layers):
            return
                "'\(id)' is a child layer (\(layers.joined(separator: " › "))); trails, sheets and onion skins follow top-level items: expected '\(layers.first ?? id)' here (plots take child layers)"
        case .unknownValue(let name, let available):
            return "unknown value '\(name)'; expected one of: \(available.joined(separator: ", "))"
        case .tickOutOfRange(let tick, let last):
            return "tick \(tick) is outside the recording (ticks 0...\(last))"
        case .timeOutOfRange(let time, let duration):
            return "time \(time) s is outside the recording (0...\(duration) s)"
        case .invalidRequest(let message):
            return message
        }
    }
}
