import Foundation

/// A large output file written line by line as it is produced, in bounded memory: lines collect
/// in a 1 MiB buffer that is written out when full, under a hidden temporary name
/// (`.<name>.tmp-<pid>`), published (`AtomicFile.publish`: fsync, rename, fsync of the folder)
/// by `commit()`. Ctrl-C removes the temporary file (`TemporaryFiles`); so does `abandon()`.
///
/// A write error (a full disk) is kept and thrown by `commit()`: appending stays non-throwing,
/// so a producer's inner loop need not handle I/O, and nothing more is written after it.
public final class StreamingFile: @unchecked Sendable {
    /// The final path.
    public let path: String
    private let temporary: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var failure: ExportError?
    private var ended = false

    /// Bytes collected before a write(2): 1 MiB.
    static let bufferBytes = 1 << 20

    /// Creates the temporary file beside `path` (whose folder must exist).
    public init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        temporary =
            url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw ExportError.io(path: temporary, operation: "create", reason: String(cString: strerror(errno)))
        }
        TemporaryFiles.shared.register(temporary)
        buffer.reserveCapacity(StreamingFile.bufferBytes + 4096)
    }

    /// Appends `line` and a newline.
    public func append(_ line: String) {
        guard failure == nil, !ended else { return }
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= StreamingFile.bufferBytes { flush() }
    }

    private func flush() {
        var offset = 0
        while offset < buffer.count, failure == nil {
            let n = buffer.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                failure = .io(
                    path: path, operation: "write", reason: n < 0 ? String(cString: strerror(errno)) : "no progress")
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and publishes the file under `path`; throws the first write error.
    public func commit() throws {
        guard !ended else { return }
        flush()
        ended = true
        let closed = close(descriptor) == 0
        descriptor = -1
        if failure == nil, !closed {
            failure = .io(path: path, operation: "close", reason: String(cString: strerror(errno)))
        }
        if let failure {
            remove()
            throw failure
        }
        do {
            try AtomicFile.publish(temporary: temporary, to: path)
        } catch {
            remove()
            throw ExportError.io(path: path, operation: "publish", reason: "\(error)")
        }
        TemporaryFiles.shared.unregister(temporary)
    }

    /// Removes the temporary file; nothing appears under `path`. Safe to call more than once.
    public func abandon() {
        guard !ended else { return }
        ended = true
        close(descriptor)
        descriptor = -1
        remove()
    }

    private func remove() {
        unlink(temporary)
        TemporaryFiles.shared.unregister(temporary)
    }

    deinit { abandon() }
}
