import Foundation
import TestSupport
import Testing

@testable import Studio

#if canImport(Glibc)
    import Glibc
#endif

/// The server over a real loopback socket, in this process, so a test can count what it holds.
///
/// The suite runs beside hundreds of others on two cores, so nothing here waits on the clock for
/// its verdict: the client's blocking reads run on a thread of their own (never on the
/// concurrency pool, which the server's handlers need), and every wait allows 30 s for an answer
/// that on an idle machine comes in milliseconds.
@Suite("The studio's server over a socket", .serialized, .timeLimit(.minutes(3)))
struct StudioServerTests {
    /// A studio on a free port over an empty scene folder, running until `stop`.
    struct Running {
        let server: StudioServer
        let port: Int
        let task: Task<Void, Error>

        init(idleTimeout: Duration = .seconds(10)) async throws {
            let root = NSTemporaryDirectory() + "/studio-server-\(getpid())-\(UInt64.random(in: 0..<UInt64.max))"
            try FileManager.default.createDirectory(atPath: root + "/scenes", withIntermediateDirectories: true)
            var server = StudioServer(
                workspace: try StudioWorkspace(scenesAt: root + "/scenes", output: root + "/out"), port: 0)
            server.idleTimeout = idleTimeout
            let (urls, continuation) = AsyncStream<String>.makeStream()
            let running = server
            task = Task { try await running.run { continuation.yield($0) } }
            var next = urls.makeAsyncIterator()
            let url = await next.next() ?? ""
            self.server = server
            port = Int(url.split(separator: ":").last?.filter(\.isNumber) ?? "") ?? 0
        }

        func stop() async {
            task.cancel()
            _ = await task.result
        }
    }

    /// A plain TCP client: what a browser or an attacker sends, byte for byte.
    final class Client: @unchecked Sendable {
        let fd: Int32

        init(port: Int) throws {
            let connected = connectLoopback(port: port)
            fd = connected ?? -1
            var timeout = timeval(tv_sec: 30, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            try #require(connected != nil, "connect to 127.0.0.1:\(port)")
        }

        func send(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        }

        /// Reads until `marker` has arrived, the peer closes, or 30 s pass with nothing, on a thread
        /// of its own.
        func read(until marker: String? = nil) async -> (text: String, closed: Bool) {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume(returning: self.blockingRead(until: marker)) }
            }
        }

        private func blockingRead(until marker: String?) -> (text: String, closed: Bool) {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { return (String(decoding: received, as: UTF8.self), n == 0) }
                received += buffer[0..<n]
                let text = String(decoding: received, as: UTF8.self)
                if let marker, text.contains(marker) { return (text, false) }
            }
        }

        deinit { close(fd) }
    }

    static func eventually(_ condition: () async -> Bool) async -> Bool {
        for _ in 0..<600 {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test("an event stream's subscription ends as soon as its client closes, without a further event")
    func eventStreamReleasedOnClose() async throws {
        let studio = try await Running()
        var client: Client? = try Client(port: studio.port)
        client?.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\n\r\n")
        let opened = await client?.read(until: ": flipbook studio")
        #expect(opened?.text.hasPrefix("HTTP/1.1 200 OK") == true, "\(opened?.text ?? "")")
        #expect(await studio.server.events.subscriberCount == 1)
        client = nil
        #expect(await Self.eventually { await studio.server.events.subscriberCount == 0 })
        await studio.stop()
    }

    @Test("an idle connection is closed after the idle timeout; an open event stream is not")
    func idleConnectionsClose() async throws {
        let studio = try await Running(idleTimeout: .seconds(1))
        let stream = try Client(port: studio.port)
        stream.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\n\r\n")
        _ = await stream.read(until: ": flipbook studio")
        // Closed by the server (end of stream, nothing sent), where without the idle timeout the
        // read would end only at the client's own 30 s limit, not closed.
        let idle = try Client(port: studio.port)
        let outcome = await idle.read()
        #expect(outcome.closed && outcome.text.isEmpty, "the idle connection is closed by the server")
        let halfSent = try Client(port: studio.port)
        halfSent.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\n")
        #expect(await halfSent.read().closed, "a request head that never ends is closed too")
        #expect(await studio.server.events.subscriberCount == 1, "the event stream stays")
        await studio.stop()
    }

    @Test("every route, an unknown one included, answers a foreign Host with 421 and no CORS header")
    func foreignHostOverTheWire() async throws {
        let studio = try await Running()
        for path in ["/", "/nope", "/events", "/status/drop"] {
            let client = try Client(port: studio.port)
            client.send("GET \(path) HTTP/1.1\r\nHost: rebind.attacker.example:\(studio.port)\r\n\r\n")
            let reply = await client.read(until: "refused)\n").text
            #expect(reply.hasPrefix("HTTP/1.1 421 Misdirected Request\r\n"), "\(path): \(reply)")
            #expect(reply.lowercased().contains("cross-origin-resource-policy: same-origin\r\n"), "\(reply)")
            #expect(!reply.lowercased().contains("access-control-"), "\(reply)")
        }
        let own = try Client(port: studio.port)
        own.send("GET / HTTP/1.1\r\nHost: localhost:\(studio.port)\r\n\r\n")
        let page = await own.read(until: "</html>").text
        #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(page)")
        #expect(page.contains("\"token\":\"\(studio.server.token)\""), "the studio's own page carries the token")
        await studio.stop()
    }
}
