import CPNG
import CPNGDeflate
import FileSystem

/// PNG encoding and decoding through libpng, and atomic file writes for rendered frames.
///
/// Pixels cross this API as straight-alpha RGBA8 (what PNG stores), rows top to bottom, no
/// padding. Encoded bytes depend only on the pixels and the `PNGOptions`: no timestamps or text
/// chunks, so rendering the same frame twice gives byte-identical files. Every function may be
/// called from several threads at once: each call owns its libpng state.
public enum PNG {
    /// libpng's messages are short ("Not a PNG file", "IDAT: invalid distance too far back");
    /// the longest the shim writes itself is about 130 bytes.
    private static let messageCapacity = 512

    /// Encodes straight-alpha RGBA8 pixels (`width × height × 4` bytes) as an 8-bit RGBA PNG.
    public static func encode(
        rgba: [UInt8], width: Int, height: Int, options: PNGOptions = .default
    ) throws(PNGError) -> [UInt8] {
        try rgba.withUnsafeBufferPointer { (pixels) throws(PNGError) -> [UInt8] in
            try encode(rgba: pixels, width: width, height: height, options: options)
        }
    }

    /// Encodes straight-alpha RGBA8 pixels read in place, without copying them first.
    public static func encode(
        rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int, options: PNGOptions = .default
    ) throws(PNGError) -> [UInt8] {
        // PNG stores dimensions as 31-bit unsigned integers (PNG specification §11.2.2).
        let dimensions = 1...Int(Int32.max)
        guard dimensions.contains(width), dimensions.contains(height) else {
            throw .invalidDimensions(width: width, height: height)
        }
        let (pixelCount, overflow1) = width.multipliedReportingOverflow(by: height)
        let (byteCount, overflow2) = pixelCount.multipliedReportingOverflow(by: 4)
        guard !overflow1, !overflow2 else { throw .invalidDimensions(width: width, height: height) }
        guard byteCount == rgba.count, let base = rgba.baseAddress else {
            throw .pixelBufferSizeMismatch(
                width: width, height: height, expectedBytes: byteCount, actualBytes: rgba.count)
        }

        if options.compressor == .libdeflate {
            return try encodeWithLibdeflate(base, width: width, height: height, options: options)
        }
        var buffer = cpng_buffer()
        defer { cpng_buffer_free(&buffer) }
        var message = [CChar](repeating: 0, count: messageCapacity)
        let status = message.withUnsafeMutableBufferPointer { text in
            cpng_encode_rgba8(
                base, UInt32(width), UInt32(height), options.cValue, &buffer,
                text.baseAddress, text.count)
        }
        guard status == CPNG_OK, let bytes = buffer.bytes else {
            throw .encodingFailed(width: width, height: height, libpngMessage: string(message))
        }
        // One copy of the compressed bytes (a few percent of the raw frame's size, a memcpy next to
        // the compression) buys an ordinary Swift array with no C ownership to track.
        return Array(UnsafeBufferPointer(start: bytes, count: buffer.count))
    }

    /// The libdeflate writer (`CPNGDeflate`): the encoded file lies in this thread's scratch
    /// until the next encode on it, so it is copied out at once.
    private static func encodeWithLibdeflate(
        _ base: UnsafePointer<UInt8>, width: Int, height: Int, options: PNGOptions
    ) throws(PNGError) -> [UInt8] {
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: messageCapacity)
        let status = message.withUnsafeMutableBufferPointer { text in
            cpngd_encode_rgba8(
                base, UInt32(width), UInt32(height), Int32(options.level), options.filterType,
                &bytes, &count, text.baseAddress, text.count)
        }
        guard status == CPNGD_OK, let bytes else {
            throw .encodingFailed(width: width, height: height, libpngMessage: string(message))
        }
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }

    /// Largest width or height `decode` accepts: 32768 pixels, twice the largest canvas side a
    /// scene may have (`SceneRules.maxPixelsPerSide`, 16384), so figures of several frames fit.
    public static let maxDecodedSide = 32_768
    /// Most pixels `decode` accepts: 16384 × 16384 (268 Mpx, a 1 GiB RGBA buffer), the largest
    /// canvas a scene may have. Checked on the header, before the buffer is allocated.
    public static let maxDecodedPixels = 16_384 * 16_384
    /// Largest allocation libpng may make for one ancillary chunk (an ICC profile, compressed
    /// text), 8 MB: libpng's own default, set explicitly so a libpng built without it keeps it.
    public static let maxChunkBytes = 8_000_000

    /// Decodes any PNG (palette, grey, 16-bit, tRNS, interlaced) into straight-alpha RGBA8.
    /// Stored sample values are returned as they are: no gamma or colour-space conversion.
    /// Input is untrusted: an image over `maxDecodedSide` or `maxDecodedPixels`, or one whose
    /// header claims more rows than its bytes could inflate to (deflate expands at most 1032:1),
    /// is refused before its pixel buffer is allocated.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> DecodedImage {
        try decode(bytes, path: nil)
    }

    /// Reads and decodes the PNG file at `path`.
    public static func decode(contentsOf path: String) throws(PNGError) -> DecodedImage {
        let bytes = try FileIO.readAll(path)
        return try decode(bytes, path: path)
    }

    /// Writes `bytes` to `path` so that `path` only ever names either the old file or the
    /// complete new one: the bytes go to a temporary name in the same directory
    /// (`.<name>.tmp-<pid>-<counter>`), which is then renamed over `path`. On failure the
    /// temporary file is removed. Safe to call from several threads at once.
    ///
    /// Durable too: the temporary file is `fsync`ed before the rename, so after a power loss the
    /// final name holds the complete bytes or is absent, never an empty or truncated file (ext4's
    /// delayed allocation can otherwise publish the name before the data). With `syncFolder`
    /// (the default) the folder is `fsync`ed after the rename, so the name itself survives; a
    /// writer of many files in one folder (`PNGSequence`) passes false and calls `syncFolder(_:)`
    /// once for the batch, before it records the files anywhere.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, syncFolder: Bool = true) throws(PNGError) {
        do { try DurableFile.write(bytes, to: path, syncFolder: syncFolder) } catch { throw error.png }
    }

    /// Publishes a finished file written by someone else (ffmpeg's output, a streamed trace) the
    /// same way: `fsync` of `temporary`, rename to `path`, `fsync` of the folder. The one
    /// implementation of "publish" that every output of a render goes through.
    public static func publish(temporary: String, to path: String) throws(PNGError) {
        do { try DurableFile.publish(temporary: temporary, to: path) } catch { throw error.png }
    }

    /// `fsync` of a folder, so the renames into it survive a power loss.
    public static func syncFolder(_ path: String) throws(PNGError) {
        do { try DurableFile.syncFolder(path) } catch { throw error.png }
    }

    private static func decode(_ bytes: [UInt8], path: String?) throws(PNGError) -> DecodedImage {
        var image = cpng_image()
        defer { cpng_image_free(&image) }
        var message = [CChar](repeating: 0, count: messageCapacity)
        let limits = cpng_decode_limits(
            max_side: UInt32(maxDecodedSide), max_pixels: UInt64(maxDecodedPixels),
            max_chunk_bytes: maxChunkBytes)
        let status = bytes.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { text in
                cpng_decode_rgba8(input.baseAddress, input.count, limits, &image, text.baseAddress, text.count)
            }
        }
        guard status == CPNG_OK, let pixels = image.rgba else {
            throw .decodingFailed(path: path, byteCount: bytes.count, libpngMessage: string(message))
        }
        let width = Int(image.width)
        let height = Int(image.height)
        return DecodedImage(
            width: width, height: height,
            rgba: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
    }

    private static func string(_ message: [CChar]) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return bytes.isEmpty ? "unknown libpng error" : String(decoding: bytes, as: UTF8.self)
    }

    /// The libpng and zlib versions linked at run time and the libdeflate version compiled
    /// against, e.g. "libpng 1.6.39, zlib 1.2.13, libdeflate 1.14". Encoded bytes are only
    /// reproducible for fixed versions (libdeflate's for the default options).
    public static var libraryVersions: String {
        "libpng \(String(cString: cpng_libpng_version())), zlib \(String(cString: cpng_zlib_version())), "
            + "libdeflate \(String(cString: cpngd_libdeflate_version()))"
    }
}

/// A decoded PNG: straight-alpha RGBA8, rows top to bottom, no padding.
public struct DecodedImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes.
    public let rgba: [UInt8]

    /// Wraps pixels; `rgba.count` must be `width × height × 4`.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && rgba.count == width * height * 4,
            "DecodedImage \(width)×\(height) needs \(width * height * 4) RGBA bytes, got \(rgba.count)")
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}

extension FileWriteError {
    /// The same failure as this module reports it.
    var png: PNGError { .writeFailed(path: path, step: step, reason: reason) }
}
