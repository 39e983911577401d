/// Why an image file could not be used. Each case names the file as the caller gave it.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened or read (errno text or Foundation's reason).
    case unreadable(file: String, reason: String)
    /// Larger than `ImageLimits.maxFileBytes`, refused unread.
    case fileTooLarge(file: String, bytes: Int)
    /// Neither PNG nor JPEG by its first bytes.
    case unknownFormat(file: String)
    /// The header claims more pixels than `ImageLimits` allow.
    case tooLarge(file: String, width: Int, height: Int)
    /// The decoder refused the data (libpng's or libjpeg-turbo's message).
    case corrupt(file: String, format: String, message: String)
    /// The file ends before its header says how large the image is.
    case truncated(file: String, format: String)
    /// The image fits `ImageLimits` but not what is left of the caller's pixel budget (a scene's
    /// total, `SceneLimits.maxImagePixels`); `remaining` is what was left.
    case overBudget(file: String, width: Int, height: Int, remaining: Int)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason): return "'\(file)' cannot be read: \(reason)"
        case .fileTooLarge(let file, let bytes):
            return
                "'\(file)' is \(bytes) bytes; images may be at most \(ImageLimits.maxFileBytes) bytes (ImageLimits.maxFileBytes)"
        case .unknownFormat(let file): return "'\(file)' is not a PNG, a JPEG or a WebP (by its first bytes)"
        case .tooLarge(let file, let width, let height):
            return
                "'\(file)' is \(width)×\(height) pixels; images may be at most \(ImageLimits.maxSide) px a side and \(ImageLimits.maxPixels) pixels (ImageLimits), refused before decoding"
        case .corrupt(let file, let format, let message): return "'\(file)' is not a readable \(format): \(message)"
        case .truncated(let file, let format):
            return "'\(file)' is a truncated \(format): the file ends before the image's size is given"
        case .overBudget(let file, let width, let height, let remaining):
            return
                "'\(file)' is \(width)×\(height) pixels, more than the \(remaining) left of the scene's image pixel budget, refused before decoding"
        }
    }
}
