#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file reads with plain POSIX calls (atomic writes are `FileSystem.DurableFile`'s).
///
/// POSIX rather than Foundation: these are the only file operations the module needs, and the
/// errno of the exact failing call is what makes an error message actionable.
enum FileIO {
    static func readAll(_ path: String) throws(PNGError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .readFailed(path: path, reason: errnoText()) }
        defer { _ = close(descriptor) }

        var bytes: [UInt8] = []
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 {
            bytes.reserveCapacity(Int(status.st_size))
        }
        // Reads until end of file rather than trusting st_size, which a concurrent writer (or a
        // pseudo-file) can make wrong.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress, buffer.count)
            }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw .readFailed(path: path, reason: errnoText())
            }
        }
    }

    private static func errnoText(_ code: Int32 = errno) -> String {
        return "\(String(cString: strerror(code))) (errno \(code))"
    }
}
