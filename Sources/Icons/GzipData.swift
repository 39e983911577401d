import CLibDeflate

/// gzip (RFC 1952) data inflated with the system libdeflate, within a limit checked before any
/// output is allocated: what an SVGZ file (`.svgz`, or `image/svg+xml` data that starts with the
/// gzip magic) holds. One member, as SVGZ files are written.
enum GzipData {
    /// Why gzip data did not inflate.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// Fewer bytes than a header and trailer (18).
        case truncated
        /// The trailer says the data inflates to `size` bytes, more than `limit`.
        case tooLarge(size: Int, limit: Int)
        /// libdeflate found the stream broken (bad header, bad deflate blocks, CRC or size mismatch).
        case corrupt

        var description: String {
            switch self {
            case .truncated: return "the gzip data is truncated (fewer than 18 bytes)"
            case .tooLarge(let size, let limit):
                return "the gzip data inflates to \(size) bytes; expected at most \(limit)"
            case .corrupt: return "the gzip data is corrupt (libdeflate could not inflate it)"
            }
        }
    }

    /// Whether `bytes` start with gzip's magic (1F 8B).
    static func isGzip<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        var it = bytes.makeIterator()
        return it.next() == 0x1F && it.next() == 0x8B
    }

    /// The inflated bytes of one gzip member. The trailer's ISIZE (the size modulo 2³², little
    /// endian) is checked against `limit` before the output is allocated, and libdeflate is given
    /// exactly that room: a trailer that lies (a larger stream) fails as corrupt instead of growing
    /// the buffer, so memory stays within `limit` whatever the input.
    static func inflate(_ bytes: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        guard bytes.count >= 18 else { throw .truncated }
        let n = bytes.count
        let size = Int(bytes[n - 4]) | Int(bytes[n - 3]) << 8 | Int(bytes[n - 2]) << 16 | Int(bytes[n - 1]) << 24
        guard size <= limit else { throw .tooLarge(size: size, limit: limit) }
        guard let decompressor = libdeflate_alloc_decompressor() else { throw .corrupt }
        defer { libdeflate_free_decompressor(decompressor) }
        var output = [UInt8](repeating: 0, count: size)
        var written = 0
        let result = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                libdeflate_gzip_decompress(
                    decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &written)
            }
        }
        guard result == LIBDEFLATE_SUCCESS, written == size else { throw .corrupt }
        return output
    }
}
