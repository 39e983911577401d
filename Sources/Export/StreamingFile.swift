import Foundation
import Synchronization

/// A large output file written line by line as it is produced, in bounded memory: lines collect
/// in a 1 MiB buffer that is written out when full, under a hidden temporary name
/// (`.<name>.tmp-<pid>`), published (`AtomicFile.publish`: fsync, rename, fsync of the folder)
/// by `commit()`. Ctrl-C removes the temporary file (`TemporaryFiles`); so does `abandon()`.
///
/// A write error (a full disk) is kept and thrown by `commit()`: appending stays non-throwing,
/// so a producer's inner loop need not handle I/O, and nothing more is written after it.
/// Sendable (a `Trace` holding one is a value that may cross threads): its mutable state lives
/// behind a `Mutex`, uncontended in practice since one thread records a trace.
public final class StreamingFile: Sendable {
    /// The final path.
    public let path: String
    private let temporary: String
    private let state: Mutex<State>

    private struct State {
        var descriptor: Int32
        var buffer: [UInt8] = []
        var failure: ExportError?
        var ended = false
    }

    /// Bytes collected before a write(2): 1 MiB.
    static let bufferBytes = 1 << 20

    /// Creates the temporary file beside `path` (whose folder must exist).
    public init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let temporary =
            url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        self.temporary = temporary
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw ExportError.io(path: temporary, operation: "create", reason: String(cString: strerror(errno)))
        }
        TemporaryFiles.shared.register(temporary)
        var initial = State(descriptor: descriptor)
        initial.buffer.reserveCapacity(StreamingFile.bufferBytes + 4096)
        state = Mutex(initial)
    }

    /// Appends `line` and a newline.
    public func append(_ line: String) {
        state.withLock { state in
            guard state.failure == nil, !state.ended else { return }
            state.buffer.append(contentsOf: line.utf8)
            state.buffer.append(0x0A)
            if state.buffer.count >= StreamingFile.bufferBytes { flush(&state) }
        }
    }

    /// Appends `bytes` as they are: lines a producer has already ended and batched, so a file of
    /// many short lines takes one lock and one copy per batch.
    public func append(bytes: UnsafeBufferPointer<UInt8>) {
        state.withLock { state in
            guard state.failure == nil, !state.ended else { return }
            state.buffer.append(contentsOf: bytes)
            if state.buffer.count >= StreamingFile.bufferBytes { flush(&state) }
        }
    }

    private func flush(_ state: inout State) {
        let descriptor = state.descriptor
        var offset = 0
        while offset < state.buffer.count, state.failure == nil {
            let n = state.buffer.withUnsafeBytes {
                Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                state.failure = .io(
                    path: path, operation: "write", reason: n < 0 ? String(cString: strerror(errno)) : "no progress")
            }
        }
        state.buffer.removeAll(keepingCapacity: true)
    }

    private enum Ending {
        case alreadyEnded
        case failed(ExportError)
        case closed
    }

    /// Writes what is buffered and publishes the file under `path`; throws the first write error.
    public func commit() throws {
        let ending: Ending = state.withLock { state in
            guard !state.ended else { return .alreadyEnded }
            flush(&state)
            state.ended = true
            let closed = close(state.descriptor) == 0
            state.descriptor = -1
            if state.failure == nil, !closed {
                state.failure = .io(path: path, operation: "close", reason: String(cString: strerror(errno)))
            }
            return state.failure.map(Ending.failed) ?? .closed
        }
        switch ending {
        case .alreadyEnded:
            return
        case .failed(let failure):
            remove()
            throw failure
        case .closed:
            break
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
        let first = state.withLock { state in
            guard !state.ended else { return false }
            state.ended = true
            close(state.descriptor)
            state.descriptor = -1
            return true
        }
        if first { remove() }
    }

    private func remove() {
        unlink(temporary)
        TemporaryFiles.shared.unregister(temporary)
    }

    deinit { abandon() }
}
