/// Everything that can go wrong in the PNG module, with the context a user needs to act.
///
/// The first three cases are bad values at the boundary (rejected before libpng runs); the rest
/// come from the environment: libpng's own message, or the file system's errno text.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A zlib level outside `PNGOptions.levels` (0...9).
    case invalidCompressionLevel(Int)
    /// A libdeflate level outside `PNGOptions.libdeflateLevels` (0...12), or the filter `.all`.
    case invalidLibdeflateOptions(level: Int, filter: PNGFilter)
    /// Width or height below 1, or too large for PNG (2³¹ − 1) or for memory.
    case invalidDimensions(width: Int, height: Int)
    /// The RGBA buffer does not hold exactly width × height × 4 bytes.
    case pixelBufferSizeMismatch(width: Int, height: Int, expectedBytes: Int, actualBytes: Int)
    /// libpng or libdeflate refused to encode; `libpngMessage` is the library's text (or the
    /// shim's, e.g. out of memory).
    case encodingFailed(width: Int, height: Int, libpngMessage: String)
    /// libpng refused to decode. `path` is nil for in-memory data.
    case decodingFailed(path: String?, byteCount: Int, libpngMessage: String)
    /// A file could not be read; `reason` is the errno text.
    case readFailed(path: String, reason: String)
    /// A file could not be written. `step` says which system call failed and on which name (the
    /// temporary file or the final one); `reason` is the errno text.
    case writeFailed(path: String, step: String, reason: String)

    public var description: String {
        switch self {
        case .invalidCompressionLevel(let level):
            return "PNG compression level \(level) is outside 0...9 "
                + "(0 stores uncompressed, 1 is fastest, 9 is smallest)"
        case .invalidLibdeflateOptions(let level, let filter):
            return filter == .all
                ? "PNG filter 'all' (libpng's adaptive choice per row) needs the zlib compressor; "
                    + "with libdeflate pick one filter: none, sub, up, average or paeth"
                : "libdeflate compression level \(level) is outside 0...12 "
                    + "(0 stores uncompressed, 1 is fastest, 12 is smallest)"
        case .invalidDimensions(let width, let height):
            return "cannot encode a \(width)×\(height) image as PNG: "
                + "width and height must be at least 1 and at most 2147483647"
        case .pixelBufferSizeMismatch(let width, let height, let expected, let actual):
            return "cannot encode a \(width)×\(height) image as PNG: expected \(expected) bytes of "
                + "RGBA (width × height × 4), got \(actual)"
        case .encodingFailed(let width, let height, let message):
            return "failed to encode a \(width)×\(height) RGBA image as PNG: \(message)"
        case .decodingFailed(let path?, let count, let message):
            return "cannot decode PNG file '\(path)' (\(count) bytes): \(message)"
        case .decodingFailed(nil, let count, let message):
            return "cannot decode PNG data (\(count) bytes): \(message)"
        case .readFailed(let path, let reason):
            return "cannot read '\(path)': \(reason)"
        case .writeFailed(let path, let step, let reason):
            return "cannot write '\(path)': \(step) failed: \(reason)"
        }
    }
}
