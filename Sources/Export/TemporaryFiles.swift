import Foundation
import Synchronization

/// The temporary files (and staging folders) a render has open, so that Ctrl-C (SIGINT) or
/// SIGTERM removes them instead of leaving hidden partial files beside the outputs. (SIGKILL cannot be caught; the
/// temporary names are hidden and never mistaken for results.)
public final class TemporaryFiles: Sendable {
    public static let shared = TemporaryFiles()

    private let paths = Mutex<[String]>([])
    /// Kept alive here: a signal source that is released stops delivering.
    private let sources = Mutex<[DispatchSourceSignal]>([])

    public func register(_ path: String) {
        paths.withLock { $0.append(path) }
    }

    public func unregister(_ path: String) {
        paths.withLock { $0.removeAll { $0 == path } }
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
                source.setEventHandler { [self] in
                    let pending = paths.withLock { $0 }
                    for p in pending where unlink(p) != 0 { try? FileManager.default.removeItem(atPath: p) }
                    FileHandle.standardError.write(
                        "\ninterrupted; removed \(pending.count) partial file(s)\n".data(using: .utf8)!)
                    exit(128 + sig)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
