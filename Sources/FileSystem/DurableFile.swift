import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file could not be written. `step` says which system call failed and on which name (the
/// temporary file or the final one); `reason` is the errno text.
public struct FileWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var step: String
    public var reason: String

    public init(path: String, step: String, reason: String) {
        self.path = path
        self.step = step
        self.reason = reason
    }

    public var description: String { "cannot write '\(path)': \(step) failed: \(reason)" }
}

/// Writes files so that a name only ever shows the old file or the complete new one, durably:
/// the one mechanism every output of a render goes through (frames, videos, manifests, traces,
/// reports), with plain POSIX calls so the errno of the exact failing call reaches the message.
///
/// `write`: the bytes go to `.<name>.tmp-<pid>-<counter>` in the same folder, are `fsync`ed,
/// renamed over the name, and (with `syncFolder`, the default) the folder is `fsync`ed, so after
/// a power loss the name holds the complete bytes or is absent, never an empty or truncated file
/// (ext4's delayed allocation can otherwise publish the name before the data). A writer of many
/// files in one folder passes `syncFolder: false` and calls `syncFolder(_:)` once per batch.
/// Safe to call from several threads at once.
public enum DurableFile {
    /// Makes temporary names unique between threads of this process; the pid in the name keeps
    /// them unique between processes rendering into the same folder.
    private static let temporaryCounter = Atomic<UInt64>(0)

    public static func write(_ bytes: [UInt8], to path: String, syncFolder folderSync: Bool = true)
        throws(FileWriteError)
    {
        let (directory, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw FileWriteError(
                path: path, step: "choosing a file name", reason: "the path names a directory, not a file")
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
            throw FileWriteError(path: path, step: "creating temporary file '\(temporary)'", reason: reason)
        }

        if let failure = writeAll(bytes, to: descriptor) {
            _ = close(descriptor)
            _ = unlink(temporary)
            throw FileWriteError(path: path, step: "writing temporary file '\(temporary)'", reason: failure)
        }
        // The data reaches the disk before the name does (see `write(_:to:syncFolder:)`).
        if fsync(descriptor) != 0 {
            let reason = errnoText()
            _ = close(descriptor)
            _ = unlink(temporary)
            throw FileWriteError(path: path, step: "flushing temporary file '\(temporary)' to disk", reason: reason)
        }
        // close can report a deferred write error (NFS, quota); the data is not safe to publish then.
        if close(descriptor) != 0 {
            let reason = errnoText()
            _ = unlink(temporary)
            throw FileWriteError(path: path, step: "closing temporary file '\(temporary)'", reason: reason)
        }
        if rename(temporary, path) != 0 {
            let reason = errnoText()
            _ = unlink(temporary)
            throw FileWriteError(path: path, step: "renaming '\(temporary)' to '\(path)'", reason: reason)
        }
        if folderSync { try syncFolder(directory.isEmpty ? "." : directory) }
    }

    /// `fsync(temporary)`, rename to `path`, `fsync` of the folder; the temporary file is removed
    /// on failure.
    public static func publish(temporary: String, to path: String) throws(FileWriteError) {
        let descriptor = open(temporary, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileWriteError(path: path, step: "opening finished file '\(temporary)'", reason: errnoText())
        }
        if fsync(descriptor) != 0 {
            let reason = errnoText()
            _ = close(descriptor)
            _ = unlink(temporary)
            throw FileWriteError(path: path, step: "flushing finished file '\(temporary)' to disk", reason: reason)
        }
        _ = close(descriptor)
        if rename(temporary, path) != 0 {
            let reason = errnoText()
            _ = unlink(temporary)
            throw FileWriteError(path: path, step: "renaming '\(temporary)' to '\(path)'", reason: reason)
        }
        let directory = split(path).directory
        try syncFolder(directory.isEmpty ? "." : directory)
    }

    /// `fsync` of a folder (opened read-only, as Linux allows), so renames into it are durable.
    public static func syncFolder(_ path: String) throws(FileWriteError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileWriteError(path: path, step: "opening the folder to flush it", reason: errnoText())
        }
        defer { _ = close(descriptor) }
        if fsync(descriptor) != 0 {
            throw FileWriteError(path: path, step: "flushing the folder to disk", reason: errnoText())
        }
    }

    /// Returns nil on success, or the errno text of the failed write.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        bytes.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let written = posixWrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
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

    /// `write(2)`, named apart from this type's own `write`.
    private static func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.write(descriptor, buffer, count)
        #elseif canImport(Musl)
            return Musl.write(descriptor, buffer, count)
        #else
            return Darwin.write(descriptor, buffer, count)
        #endif
    }

    private static func errnoText(_ code: Int32 = errno) -> String {
        return "\(String(cString: strerror(code))) (errno \(code))"
    }
}
