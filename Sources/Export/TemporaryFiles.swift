import Foundation
import Synchronization

/// The temporary files (and staging folders) a render has open, so that Ctrl-C (SIGINT) or
/// SIGTERM removes them instead of leaving hidden partial files beside the outputs. (SIGKILL cannot be caught; the
/// temporary names are hidden and never mistaken for results.)
///
/// Other threads keep rendering while the signal handler runs, and a render that creates a folder
/// with its parents would bring a just-removed staging folder back. So folders are created through
/// `createDirectory(atPath:)`, which shares the handler's lock and refuses once the handler has
/// begun; files written meanwhile into a folder being removed are caught by removing it again.
public final class TemporaryFiles: Sendable {
    public static let shared = TemporaryFiles()

    private struct State {
        var paths: [String] = []
        var interrupted = false
    }

    private let state = Mutex(State())
    /// Kept alive here: a signal source that is released stops delivering.
    private let sources = Mutex<[DispatchSourceSignal]>([])

    public func register(_ path: String) {
        state.withLock { $0.paths.append(path) }
    }

    public func unregister(_ path: String) {
        state.withLock { $0.paths.removeAll { $0 == path } }
    }

    /// Creates a folder and its parents, unless an interrupt is removing the temporary files: then
    /// it waits for the process to exit, so no removed folder comes back.
    public func createDirectory(atPath path: String) throws {
        try state.withLock { state in
            guard !state.interrupted else { return }
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
    }

    /// Installs SIGINT/SIGTERM handlers that delete every registered file or folder, then exit
    /// with 128 + signal number, as a shell expects. The exit is immediate: a server's graceful
    /// shutdown would otherwise wait for a page's open event stream, which never ends by itself.
    public func removeOnInterrupt() {
        // The sources are made inside the lock, so they belong to it from the start.
        sources.withLock { sources in
            for sig in [SIGINT, SIGTERM] {
                signal(sig, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
                source.setEventHandler { [self] in removeAllAndExit(status: 128 + sig) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Runs holding the lock to the end: folder creation on other threads blocks until the exit.
    private func removeAllAndExit(status: Int32) -> Never {
        state.withLock { state in
            state.interrupted = true
            for path in state.paths { Self.remove(path) }
            FileHandle.standardError.write(
                "\ninterrupted; removed \(state.paths.count) partial file(s)\n".data(using: .utf8)!)
            exit(status)
        }
    }

    /// Removes a file or a folder. A thread still writing into the folder can add a file between
    /// the listing and the last `rmdir`; no new folder can appear, so a few rounds empty it.
    private static func remove(_ path: String) {
        for _ in 0..<100 {
            if unlink(path) == 0 || errno == ENOENT { return }
            try? FileManager.default.removeItem(atPath: path)
            var info = stat()
            if lstat(path, &info) != 0 { return }
        }
    }
}
