import Determinism
import Foundation
import PNG

/// An image file decoded: straight-alpha sRGB RGBA8 pixels upright (JPEG's EXIF orientation
/// applied), and the hash of the file's bytes.
public struct DecodedImageFile: Sendable {
    public enum Format: String, Sendable { case png, jpeg, webp }
    public var format: Format
    public var width: Int
    public var height: Int
    /// 4 bytes a pixel, r, g, b, a, rows top to bottom, straight alpha.
    public var rgba: [UInt8]
    /// FNV-1a 64 of the file's bytes, 16 hex digits (what the render manifest records).
    public var hash: String
}

/// Reads PNG (libpng), JPEG (libjpeg-turbo) and WebP (libwebp) files within `ImageLimits`.
///
/// Pixels are taken as sRGB whatever the file says (no ICC, gAMA or cHRM conversion): what
/// browsers do for untagged images and what UI assets are. PNG: every colour type and bit depth
/// (palette with tRNS, grey with alpha, 16-bit scaled to 8 with rounding, Adam7 interlacing).
/// JPEG: baseline and progressive, greyscale, YCbCr, CMYK and YCCK (converted to RGB as browsers
/// do), upright by its EXIF orientation. WebP: lossy and lossless, with alpha; still images only.
public enum ImageFile {
    /// Reads and decodes the file at `path`; `name` (default the path) is what errors show.
    /// `maxPixels`: the most width × height the caller can still afford (a scene's remaining image
    /// budget), checked on the header with `ImageLimits` before any pixel is allocated.
    public static func load(
        path: String, name: String? = nil, maxPixels: Int = ImageLimits.maxPixels
    ) throws(ImageError) -> DecodedImageFile {
        let shown = name ?? path
        let bytes = try read(path: path, name: shown)
        return try decode(bytes, name: shown, maxPixels: maxPixels)
    }

    /// Decodes a file's bytes; `name` is what errors show, `maxPixels` as for `load`.
    public static func decode(
        _ bytes: [UInt8], name: String, maxPixels: Int = ImageLimits.maxPixels
    ) throws(ImageError) -> DecodedImageFile {
        guard bytes.count <= ImageLimits.maxFileBytes else { throw .fileTooLarge(file: name, bytes: bytes.count) }
        let hash = FNV1a64.hexHash(bytes)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            let (width, height) = try pngSize(bytes, name: name)
            try checkSize(width, height, name: name, maxPixels: maxPixels)
            do {
                let image = try PNG.decode(bytes)
                return DecodedImageFile(
                    format: .png, width: image.width, height: image.height, rgba: image.rgba, hash: hash)
            } catch {
                throw .corrupt(file: name, format: "PNG", message: error.description)
            }
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            var image = try JPEGDecoder.decode(bytes, name: name, maxPixels: maxPixels)
            image.hash = hash
            return image
        }
        // RIFF, a length, WEBP.
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            var image = try WebPDecoder.decode(bytes, name: name, maxPixels: maxPixels)
            image.hash = hash
            return image
        }
        throw .unknownFormat(file: name)
    }

    /// Refuses sizes beyond `ImageLimits` (and empty ones), then beyond the caller's `maxPixels`.
    static func checkSize(_ width: Int, _ height: Int, name: String, maxPixels: Int) throws(ImageError) {
        guard width > 0, height > 0, width <= ImageLimits.maxSide, height <= ImageLimits.maxSide,
            width * height <= ImageLimits.maxPixels
        else {
            throw .tooLarge(file: name, width: width, height: height)
        }
        if width * height > maxPixels {
            throw .overBudget(file: name, width: width, height: height, remaining: max(0, maxPixels))
        }
    }

    /// Width and height from the IHDR chunk, which must come first.
    private static func pngSize(_ bytes: [UInt8], name: String) throws(ImageError) -> (Int, Int) {
        guard bytes.count >= 33 else { throw .truncated(file: name, format: "PNG") }
        guard Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw .corrupt(file: name, format: "PNG", message: "the IHDR chunk does not follow the signature")
        }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// The file's bytes, refused from its size (fstat) when over `ImageLimits.maxFileBytes`.
    private static func read(path: String, name: String) throws(ImageError) -> [UInt8] {
        let attributes: [FileAttributeKey: Any]
        do { attributes = try FileManager.default.attributesOfItem(atPath: path) } catch {
            throw .unreadable(
                file: name, reason: FileManager.default.fileExists(atPath: path) ? "not readable" : "no such file")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw .unreadable(file: name, reason: "not a regular file")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= ImageLimits.maxFileBytes else { throw .fileTooLarge(file: name, bytes: size) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(file: name, reason: "cannot open")
        }
        defer { try? handle.close() }
        // One more byte than the limit: a file that grew since the size check is still refused.
        let data: Data
        do { data = try handle.read(upToCount: ImageLimits.maxFileBytes + 1) ?? Data() } catch {
            throw .unreadable(file: name, reason: "read failed")
        }
        guard data.count <= ImageLimits.maxFileBytes else { throw .fileTooLarge(file: name, bytes: data.count) }
        return [UInt8](data)
    }
}

/// A decoded image as the scene model holds it: its size in pixels, its straight-alpha RGBA8
/// bytes and the hash of its file. A plain value, so the model never reaches the rasterizer: the
/// pipeline premultiplies it and builds its mipmaps (`Raster.RasterImage`) once per render.
///
/// Equal when the identity (the file's content hash) and size are: the pixels follow from the
/// file's bytes, so comparing them again would only cost time.
public struct SceneImage: Sendable, Hashable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// 4 bytes a pixel, r, g, b, a, rows top to bottom, straight alpha (as decoded from the file).
    public let straightRGBA: [UInt8]
    /// FNV-1a 64 of the file's bytes, 16 hex digits: what identifies the pixels.
    public let identity: String

    /// Width and height must be positive and `straightRGBA` hold 4·width·height bytes.
    public init(width: Int, height: Int, straightRGBA: [UInt8], identity: String) {
        precondition(width > 0 && height > 0 && straightRGBA.count == 4 * width * height, "image size mismatch")
        self.width = width
        self.height = height
        self.straightRGBA = straightRGBA
        self.identity = identity
    }

    public static func == (lhs: SceneImage, rhs: SceneImage) -> Bool {
        lhs.identity == rhs.identity && lhs.width == rhs.width && lhs.height == rhs.height
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
        hasher.combine(width)
        hasher.combine(height)
    }

    public var description: String { "SceneImage(\(width)×\(height), \(identity))" }
}

extension DecodedImageFile {
    /// The pixels as the scene model holds them, identified by the file's hash.
    public func sceneImage() -> SceneImage {
        SceneImage(width: width, height: height, straightRGBA: rgba, identity: hash)
    }
}
