#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Whole-file reads and atomic writes with plain POSIX calls.
///
/// POSIX rather than Foundation: these are the only file operations the module needs, and the
/// errno of the exact failing call is what makes an error message actionable.
enum FileIO {
    /// Makes temporary names unique between threads of this process; the pid in the name keeps
    /// them unique between processes rendering into the same folder.
    private static let temporaryCounter = Atomic<UInt64>(0)

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

    static func writeAtomically(_ bytes: [UInt8], to path: String, syncFolder folderSync: Bool = true) throws(PNGError) {
        let (directory, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw .writeFailed(path: path, step: "choosing a file name", reason: "the path names a directory, not a file")
        }
        let serial = temporaryCounter.add(1, ordering: .relaxed).newValue
        let temporary = "\(directory).\(name).tmp-\(getpid())-\(serial)"

        // O_EXCL: never write through a name some other process created; 0o666 is filtered by
        // the umask like any new file, so frames get the user's usual permissions.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            var reason = errnoText(code)
            if code == ENOENT {
                reason += " (does the directory '\(directory.isEmpty ? "." : directory)' exist?)"
            }
            throw .writeFailed(path: path, step: "creating temporary file '\(temporary)'", reason: reason)
        }

        if let failure = writeAll(bytes, to: descriptor) {
            _ = close(descriptor)
            _ = unlink(temporary)
            throw .writeFailed(path: path, step: "writing temporary file '\(temporary)'", reason: failure)
        }
        // The data reaches the disk before the name does (see `PNG.writeAtomically`).
        if fsync(descriptor) != 0 {
            let reason = errnoText()
            _ = close(descriptor)
            _ = unlink(temporary)
            throw .writeFailed(path: path, step: "flushing temporary file '\(temporary)' to disk", reason: reason)
        }
        // close can report a deferred write error (NFS, quota); the data is not safe to publish then.
        if close(descriptor) != 0 {
            let reason = errnoText()
            _ = unlink(temporary)
            throw .writeFailed(path: path, step: "closing temporary file '\(temporary)'", reason: reason)
        }
        if rename(temporary, path) != 0 {
            let reason = errnoText()
            _ = unlink(temporary)
            throw .writeFailed(path: path, step: "renaming '\(temporary)' to '\(path)'", reason: reason)
        }
        if folderSync { try syncFolder(directory.isEmpty ? "." : directory) }
    }

    /// `fsync(temporary)`, rename to `path`, `fsync` of the folder; the temporary file is removed
    /// on failure.
    static func publish(temporary: String, to path: String) throws(PNGError) {
        let descriptor = open(temporary, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .writeFailed(path: path, step: "opening finished file '\(temporary)'", reason: errnoText()) }
        if fsync(descriptor) != 0 {
            let reason = errnoText()
            _ = close(descriptor)
            _ = unlink(temporary)
            throw .writeFailed(path: path, step: "flushing finished file '\(temporary)' to disk", reason: reason)
        }
        _ = close(descriptor)
        if rename(temporary, path) != 0 {
            let reason = errnoText()
            _ = unlink(temporary)
            throw .writeFailed(path: path, step: "renaming '\(temporary)' to '\(path)'", reason: reason)
        }
        let directory = split(path).directory
        try syncFolder(directory.isEmpty ? "." : directory)
    }

    /// `fsync` of a folder (opened read-only, as Linux allows), so renames into it are durable.
    static func syncFolder(_ path: String) throws(PNGError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .writeFailed(path: path, step: "opening the folder to flush it", reason: errnoText()) }
        defer { _ = close(descriptor) }
        if fsync(descriptor) != 0 {
            throw .writeFailed(path: path, step: "flushing the folder to disk", reason: errnoText())
        }
    }

    /// Returns nil on success, or the errno text of the failed write.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        bytes.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written == 0 {
                    return "write made no progress at byte \(offset) of \(buffer.count)"
                } else if errno != EINTR {
                    return errnoText()
                }
            }
            return nil
        }
    }

    /// Splits "a/b/c.png" into ("a/b/", "c.png") and "c.png" into ("", "c.png"), so the
    /// temporary file lands in the same directory (and file system) as the final one, which
    /// rename(2) needs to be atomic.
    private static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        let nameStart = path.index(after: slash)
        return (String(path[..<nameStart]), String(path[nameStart...]))
    }

    private static func errnoText(_ code: Int32 = errno) -> String {
        return "\(String(cString: strerror(code))) (errno \(code))"
    }
}
