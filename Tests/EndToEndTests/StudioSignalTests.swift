import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `flipbook studio` run as a user runs it (through `flipbook`, which execs `flipbook-studio`),
/// stopped by a signal while a page holds an event stream open: the server's graceful shutdown
/// would wait for that stream forever, so the studio exits at once with the shell's status.
@Suite("flipbook studio stops on Ctrl-C and SIGTERM", .serialized)
struct StudioSignalTests {
    /// A studio on a free port, serving one scene into a scratch folder.
    final class RunningStudio {
        let process = Process()
        let output: String
        let port: Int
        private let stdout = Pipe()

        init() throws {
            output = try makeTemporaryDirectory("flipbook-studio-signal")
            process.executableURL = URL(fileURLWithPath: CLI.debugBinary)
            process.arguments = ["studio", "scenes/snap.yaml", "--port", "0", "--out", output]
            process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
            process.standardOutput = stdout
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The first line names the bound port: "Flipbook studio: http://127.0.0.1:PORT/ (…".
            var text = ""
            while !text.contains("\n") {
                let chunk = stdout.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            let address = text.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }
            let digits = address?.dropFirst("http://127.0.0.1:".count).prefix { $0.isNumber } ?? ""
            guard let port = Int(digits) else {
                process.terminate()
                throw CLIError("the studio printed no address: \(text)")
            }
            self.port = port
        }

        /// Opens `GET /events` on a plain socket and reads the stream's first comment: a page
        /// that stays open. Returns the socket, left open.
        func openEventStream() throws -> Int32 {
            guard let fd = connectLoopback(port: port) else {
                throw CLIError("cannot connect to the studio on port \(port)")
            }
            let request = "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
            _ = request.withCString { send(fd, $0, strlen($0), 0) }
            var received = ""
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !received.contains(": flipbook studio") {
                let count = recv(fd, &buffer, buffer.count, 0)
                guard count > 0 else { throw CLIError("the event stream closed: \(received)") }
                received += String(decoding: buffer[0..<count], as: UTF8.self)
            }
            return fd
        }

        /// Waits for the process to end; kills it and returns nil if it is still running after
        /// a minute (a hang, which the test reports as such rather than hanging the suite).
        func exitStatus() -> Int32? {
            for _ in 0..<600 where process.isRunning { usleep(100_000) }
            guard !process.isRunning else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            return process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
        }
    }

    struct CLIError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test(
        "SIGTERM and Ctrl-C (SIGINT) stop the studio with an event stream open: exit 143 and 130, no staging folder left",
        arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func signalStopsStudio(signal: Int32, status: Int32) throws {
        let studio = try RunningStudio()
        let stream = try studio.openEventStream()
        defer { close(stream) }
        kill(studio.process.processIdentifier, signal)
        #expect(studio.exitStatus() == status)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: studio.output)) ?? []
        #expect(!left.contains { $0.hasPrefix(".staging") }, "\(left)")
    }
}
