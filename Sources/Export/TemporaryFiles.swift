import Foundation

/// The temporary files a render has open, so that Ctrl-C (SIGINT) or SIGTERM removes them
/// instead of leaving hidden partial files beside the outputs. (SIGKILL cannot be caught; the
/// temporary names are hidden and never mistaken for results.)
public final class TemporaryFiles: @unchecked Sendable {
    public static let shared = TemporaryFiles()

    private let lock = NSLock()
    private var paths: [String] = []
    private var sources: [DispatchSourceSignal] = []

    public func register(_ path: String) {
        lock.lock()
        paths.append(path)
        lock.unlock()
    }

    public func unregister(_ path: String) {
        lock.lock()
        paths.removeAll { $0 == path }
        lock.unlock()
    }

    /// Installs SIGINT/SIGTERM handlers that delete every registered file, then exit with
    /// 128 + signal number, as a shell expects.
    public func removeOnInterrupt() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [self] in
                lock.lock()
                let pending = paths
                lock.unlock()
                for p in pending { unlink(p) }
                FileHandle.standardError.write(
                    "\ninterrupted; removed \(pending.count) partial file(s)\n".data(using: .utf8)!)
                exit(128 + sig)
            }
            source.resume()
            sources.append(source)
        }
    }
}
