import ArgumentParser
import Dispatch
import Foundation
import Studio
import Synchronization

struct StudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Serve a scene folder with live reload: pick a scene, scrub it, save the file, see it again.",
        discussion: """
            Renders every scene (frames, trace and player; no video) into --out and serves them on \
            http://127.0.0.1:<port>/. Saving a scene file re-renders it and reloads its page at the same frame; \
            a scene error shows on the page above the last good render. Ctrl-C stops.
            """)

    @Argument(help: "A scene file or a folder of scenes.")
    var scenes: String = "scenes"

    @Option(name: .long, help: "Port to listen on; 0 picks a free one.")
    var port: Int = 8123

    @Option(
        name: .long,
        help:
            "Address to listen on. Default loopback only; another address lets other machines read your scenes' renders."
    )
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "Folder for the studio's renders.")
    var out: String = "output/studio"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be within 0...65535, got \(port)") }
    }

    func run() throws {
        let workspace = try StudioWorkspace(scenesAt: scenes, output: out)
        if !["127.0.0.1", "::1", "localhost"].contains(host) {
            FileHandle.standardError.write(
                Data(
                    "warning: listening on \(host), not only on this machine: anyone who can reach it can read the renders of \(scenes)\n"
                        .utf8))
        }
        let server = StudioServer(workspace: workspace, host: host, port: port)
        let outcome = ServerOutcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await server.run { url in
                    print("Flipbook studio: \(url) (scenes in \(scenes), renders in \(out)); Ctrl-C stops")
                    // nil flushes every output stream, stdout included, without naming C's global `stdout`
                    // (a shared mutable variable Swift 6 refuses to read from this task).
                    fflush(nil)
                }
            } catch {
                outcome.set(error)
            }
            done.signal()
        }
        done.wait()
        if let error = outcome.error { throw error }
    }
}

/// The server task's error, handed to the blocked main thread.
private final class ServerOutcome: Sendable {
    private let stored = Mutex<Error?>(nil)
    func set(_ error: Error) { stored.withLock { $0 = error } }
    var error: Error? { stored.withLock { $0 } }
}
