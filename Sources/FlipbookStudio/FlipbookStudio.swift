import ArgumentParser
import Dispatch
import Export
import Foundation
import Studio
import Synchronization

// `flipbook studio`, its own program: the render CLI builds without the server stack (Hummingbird,
// swift-nio), and `flipbook studio` runs this binary from beside its own (StudioLauncher.swift).
@main
struct FlipbookStudio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook studio",
        abstract: "Serve a scene folder with live reload: pick a scene, scrub it, save the file, see it again.",
        discussion: """
            Renders every scene (frames, trace and player; no video) into --out and serves them on \
            http://127.0.0.1:<port>/. Saving a scene file re-renders it and reloads its page at the same frame; \
            a scene error shows on the page above the last good render. Ctrl-C stops.

            It answers only requests naming its own address (Host) and takes changes (slider values, pin, \
            write-back) only from its own pages, which carry a per-run token. With --host beyond loopback every \
            request needs that token: open the printed URL (…/?token=…) once and the browser keeps it in a cookie.
            """)

    @Argument(help: "A scene file or a folder of scenes.")
    var scenes: String = "scenes"

    @Option(name: .long, help: "Port to listen on; 0 picks a free one.")
    var port: Int = 8123

    @Option(
        name: .long,
        help:
            "Address to listen on. Default loopback only; another address lets other machines that have the printed token read and tune your scenes."
    )
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "Folder for the studio's renders.")
    var out: String = "output/studio"

    @Option(
        name: .long,
        help:
            "The secret the studio's pages carry (16-256 of A-Z a-z 0-9 - _ . ~); default a new random one each run. Beyond loopback every request needs it."
    )
    var token: String?

    @Option(
        name: .customLong("idle-timeout"),
        help: "Seconds a connection may stay open with no request in progress before it is closed (1-3600).")
    var idleTimeout: Int = 10

    @Option(
        name: .customLong("allow-host"),
        help: "Another name the studio may be reached by (a DNS name of this machine); repeatable.")
    var allowHost: [String] = []

    /// A studio error (no such scenes, a port in use) as one `error:` line and exit 1, as
    /// `flipbook` prints its own; usage errors keep ArgumentParser's help text.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as StudioError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            Foundation.exit(1)
        } catch {
            exit(withError: error)
        }
    }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be within 0...65535, got \(port)") }
        guard (1...3600).contains(idleTimeout) else {
            throw ValidationError("--idle-timeout must be within 1...3600 seconds, got \(idleTimeout)")
        }
        if let token, !StudioAccess.isAcceptableToken(token) {
            throw ValidationError(
                "--token must be 16 to 256 characters of A-Z a-z 0-9 - _ . ~, got \(token.count) characters"
                    + " (leave it out for a random one)")
        }
    }

    func run() throws {
        let workspace = try StudioWorkspace(scenesAt: scenes, output: out)
        // Ctrl-C and SIGTERM end the studio at once (exit 130, 143), staging folders removed:
        // Hummingbird's graceful shutdown would wait for every open event stream to end.
        TemporaryFiles.shared.removeOnInterrupt()
        if !StudioAccess.isLoopback(host) {
            FileHandle.standardError.write(
                Data(
                    ("warning: listening on \(host), not only on this machine: anyone who can reach it and has the "
                        + "token in the URL below can read the renders of \(scenes) and change their controls\n").utf8))
        }
        var server = StudioServer(
            workspace: workspace, host: host, port: port, token: token ?? StudioAccess.randomToken(),
            allowedNames: allowHost)
        server.idleTimeout = .seconds(idleTimeout)
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
