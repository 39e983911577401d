import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import Markup
import NIOCore
import SceneLoading
import SceneModel

/// The studio's HTTP server: a thin layer over `StudioRenderer` and `StudioWorkspace` with no logic
/// of its own. Routes (GET unless marked POST; no request body is read):
///
///     /                              the scene list
///     /scenes/<scene>/               the scene's player (its last good render), with live reload
///     /scenes/<scene>/<frame>.png    a frame of that render
///     /status/<scene>                the scene's render status as JSON
///     /events                        server-sent events: a scene rendered or failed
///     /studio.js                     the live-reload script the player pages get
///     /controls/<scene>              the scene's controls and their current values (JSON)
///     POST /scenes/<scene>/set?k=v   render with these control values (`-tick=N`: that frame first,
///                                    served as /preview/<scene>/frame_N.png)
///     POST /scenes/<scene>/view?tick=N  the page shows frame N: a save renders it first, as with `-tick`
///     POST /scenes/<scene>/pin       keep the current render as variant A
///     /scenes/<scene>/compare        A and B side by side; /pinned/<scene>/… serves A
///     POST /scenes/<scene>/write-back  the values into the scene file
///
/// Every request passes `StudioGate` first (`StudioAccess`: Host, fetch metadata, token).
package struct StudioServer: Sendable {
    package var workspace: StudioWorkspace
    package var host: String
    package var port: Int
    /// The per-run secret every change (and, beyond loopback, every request) must carry
    /// (`StudioAccess`). Random from the system's generator unless `--token` gives one.
    package var token: String
    /// More names the studio answers to (`--allow-host`), beside the loopback names and `host`.
    package var allowedNames: [String]
    /// How long a connection may stay open with no request in progress (or with a request head
    /// that never ends) before it is closed: 10 s by default, `--idle-timeout` 1...3600 s. Long enough for a browser's keep-alive between a page and its frames, short enough
    /// that idle sockets cannot pile up to the descriptor limit. An open event stream is a request
    /// in progress and stays.
    package var idleTimeout: Duration = .seconds(10)
    /// Render events, fanned out to every open page; each `/events` stream holds one subscription
    /// exactly as long as its connection is open.
    package let events = StudioEvents()

    package init(
        workspace: StudioWorkspace, host: String = "127.0.0.1", port: Int = 8123,
        token: String = StudioAccess.randomToken(), allowedNames: [String] = []
    ) {
        self.workspace = workspace
        self.host = host
        self.port = port
        self.token = token
        self.allowedNames = allowedNames
    }

    /// True when the studio listens beyond this machine, so reads need the token too.
    package var tokenForReads: Bool { !StudioAccess.isLoopback(host) }

    /// Serves until the process is interrupted. `onListening` gets the URL once the socket is bound
    /// (with `port` 0, the port the system chose; beyond loopback, with `?token=`).
    package func run(onListening: @escaping @Sendable (String) -> Void) async throws {
        let renderer = StudioRenderer(workspace: workspace, events: events)
        for scene in workspace.scenes() { await renderer.request(scene.name) }
        let gate = StudioGate(cookiePrefix: "flipbook_studio_token_")
        let router = Router()
        router.add(middleware: gate)
        routes(router, renderer: renderer)
        let (host, token, names, tokenForReads) = (host, token, extraNames(), tokenForReads)
        let app = Application(
            router: router,
            server: .http1(configuration: .init(idleTimeout: TimeAmount(idleTimeout))),
            configuration: .init(
                address: .hostname(host, port: port), serverName: "flipbook-studio",
                availableConnectionsDelegate: MaximumAvailableConnections(Self.connectionLimit())),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let access = StudioAccess(
                    hosts: StudioAccess.hosts(listeningOn: host, port: port, extraNames: names), token: token,
                    tokenForReads: tokenForReads)
                gate.open(access, port: port)
                let shown = Self.isWildcard(host) ? names.first ?? host : host
                onListening(
                    "http://\(shown.contains(":") ? "[\(shown)]" : shown):\(port)/"
                        + (tokenForReads ? "?token=\(token)" : ""))
            },
            logger: {
                var logger = Logger(label: "flipbook-studio")
                logger.logLevel = .error
                return logger
            }())
        let watcher = Task {
            await ChangeWatcher().watch(workspace) { names in
                for name in names { await renderer.fileChanged(name) }
            }
        }
        defer { watcher.cancel() }
        try await app.runService()
    }

    /// Half the process's descriptor limit, at most 512: idle sockets can never take the
    /// descriptors a render needs for its frames.
    static func connectionLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 256 }
        return Int(max(16, min(512, limit.rlim_cur / 2)))
    }

    static func isWildcard(_ host: String) -> Bool { ["0.0.0.0", "::", "[::]"].contains(host) }

    /// The names a wildcard listener is reached by: the machine's addresses and its name; then `--allow-host`.
    func extraNames() -> [String] {
        var names: [String] = []
        if Self.isWildcard(host) {
            let devices = (try? System.enumerateDevices()) ?? []
            names += devices.compactMap { $0.address?.ipAddress }.filter { !$0.contains("%") }
                .filter { !StudioAccess.isLoopback($0) && $0 != "::1" }
            names.append(ProcessInfo.processInfo.hostName)
        }
        return names + allowedNames
    }

    func routes(_ router: Router<BasicRequestContext>, renderer: StudioRenderer) {
        pageRoutes(router, renderer: renderer)
        fileRoutes(router)
        changeRoutes(router, renderer: renderer)
        let events = events
        router.get("/events") { request, _ -> Response in
            Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: .init { writer in
                    let (id, stream) = await events.subscribe()
                    // Cancelled as soon as the client closes its side: the subscription goes at once,
                    // not when the next event finds the socket gone.
                    do {
                        try await request.body.consumeWithCancellationOnInboundClose { _ in
                            try await writer.write(ByteBuffer(string: ": flipbook studio\n\n"))
                            for await event in stream {
                                try await writer.write(ByteBuffer(string: event.serverSentEvent))
                            }
                        }
                    } catch {
                        await events.unsubscribe(id)
                        throw error
                    }
                    await events.unsubscribe(id)
                    try await writer.finish(nil)
                })
        }
    }

    func pageRoutes(_ router: Router<BasicRequestContext>, renderer: StudioRenderer) {
        let (workspace, token) = (workspace, token)
        router.get("/") { _, _ -> Response in
            var rows: [String] = []
            for scene in workspace.scenes() {
                let status = await renderer.status(of: scene.name)
                let state =
                    status.error != nil
                    ? "error" : status.rendering ? "rendering" : status.version > 0 ? "ready" : "waiting"
                rows.append(
                    "<li><a href=\"/scenes/\(Self.urlComponent(scene.name))/\">\(scene.name.xmlEscaped)</a> <span class=\"\(state)\">\(state)</span></li>"
                )
            }
            for refused in workspace.refusedScenes() {
                rows.append(
                    "<li class=\"refused\">\(refused.file.xmlEscaped) <span class=\"error\">not served: \(refused.reason.xmlEscaped)</span></li>"
                )
            }
            return Self.html(StudioPages.sceneList(rows: rows, folder: workspace.sceneFolder, token: token))
        }
        router.get("/studio.js") { _, _ -> Response in
            Self.response(StudioPages.liveReloadScript, type: "text/javascript; charset=utf-8")
        }
        router.get("/status/:scene") { _, context -> Response in
            let name = try context.parameters.require("scene")
            guard workspace.sceneFile(named: name) != nil else { return Self.notFound() }
            let s = await renderer.status(of: name)
            return Self.response(
                StudioEvent(scene: name, version: s.version, error: s.error).json, type: "application/json")
        }
        router.get("/scenes/:scene/") { _, context -> Response in
            let name = try context.parameters.require("scene")
            guard workspace.sceneFile(named: name) != nil else { return Self.notFound() }
            let status = await renderer.status(of: name)
            guard let page = workspace.renderFile(scene: name, file: "index.html"),
                let html = try? String(contentsOfFile: page, encoding: .utf8)
            else {
                return Self.html(StudioPages.waiting(scene: name, error: status.error, token: token))
            }
            return Self.html(
                StudioPages.withLiveReload(
                    html, scene: name, version: status.version, error: status.error, token: token))
        }
        router.get("/controls/:scene") { _, context -> Response in
            let name = try context.parameters.require("scene")
            guard workspace.sceneFile(named: name) != nil else { return Self.notFound() }
            return Self.response(StudioPages.controlsJSON(await renderer.status(of: name)), type: "application/json")
        }
    }

    func fileRoutes(_ router: Router<BasicRequestContext>) {
        let (workspace, token) = (workspace, token)
        router.get("/scenes/:scene/:file") { _, context -> Response in
            let name = try context.parameters.require("scene")
            let file = try context.parameters.require("file")
            if file == "compare" {
                guard workspace.sceneFile(named: name) != nil else { return Self.notFound() }
                return Self.html(StudioPages.compare(scene: name, token: token))
            }
            return Self.file(workspace.renderFile(scene: name, file: file))
        }
        router.get("/preview/:scene/:file") { _, context -> Response in
            Self.file(
                workspace.previewFile(
                    scene: try context.parameters.require("scene"), file: try context.parameters.require("file")))
        }
        router.get("/pinned/:scene/") { _, context -> Response in
            Self.file(workspace.pinnedFile(scene: try context.parameters.require("scene"), file: "index.html"))
        }
        router.get("/pinned/:scene/:file") { _, context -> Response in
            Self.file(
                workspace.pinnedFile(
                    scene: try context.parameters.require("scene"), file: try context.parameters.require("file")))
        }
    }

    /// The requests that change anything. `StudioGate` has already required the token and the
    /// studio's own Origin for each of them. `set` and `pin` write only renders into the output
    /// folder; `write-back` rewrites the controls' values in the scene file, in place.
    func changeRoutes(_ router: Router<BasicRequestContext>, renderer: StudioRenderer) {
        let workspace = workspace
        router.post("/scenes/:scene/set") { request, context -> Response in
            let name = try context.parameters.require("scene")
            guard workspace.sceneFile(named: name) != nil else { return Self.notFound() }
            var values: [(name: String, value: String)] = []
            var previewTick: Int?
            for (key, value) in request.uri.queryParameters {
                let k = String(key)
                let v = String(value)
                if k == "-tick" {
                    previewTick = Self.tick(v)
                    continue
                }
                guard values.count < 64, k.count <= 64, v.count <= 64, SceneControl.isValidName(k) else {
                    return Self.badRequest("control values are name=value pairs, at most 64 of 64 characters")
                }
                values.append((k, v))
            }
            await renderer.set(name, values: values, previewTick: previewTick)
            return Self.response("{}", type: "application/json")
        }
        router.post("/scenes/:scene/view") { request, context -> Response in
            let name = try context.parameters.require("scene")
            guard workspace.sceneFile(named: name) != nil else { return Self.notFound() }
            guard let tick = request.uri.queryParameters["tick"].flatMap({ Self.tick(String($0)) }) else {
                return Self.badRequest("view needs tick=N, a frame's tick from 0 to 10000000")
            }
            await renderer.view(name, tick: tick)
            return Self.response("{}", type: "application/json")
        }
        router.post("/scenes/:scene/write-back") { _, context -> Response in
            let name = try context.parameters.require("scene")
            guard workspace.sceneFile(named: name) != nil else { return Self.notFound() }
            do { try await renderer.writeBack(name) } catch { return Self.badRequest(String(describing: error)) }
            return Self.response("{}", type: "application/json")
        }
        router.post("/scenes/:scene/pin") { _, context -> Response in
            let name = try context.parameters.require("scene")
            guard workspace.sceneFile(named: name) != nil else { return Self.notFound() }
            do { try await renderer.pin(name) } catch { return Self.badRequest(String(describing: error)) }
            return Self.response("{}", type: "application/json")
        }
    }

    /// A frame's tick from a query value: 0 to 10,000,000, else nil.
    static func tick(_ text: String) -> Int? {
        Int(text).flatMap { (0...10_000_000).contains($0) ? $0 : nil }
    }

    static func file(_ path: String?) -> Response {
        guard let path, let bytes = FileManager.default.contents(atPath: path) else { return notFound() }
        return Response(
            status: .ok,
            headers: [
                .contentType: path.hasSuffix(".png") ? "image/png" : "text/html; charset=utf-8",
                .cacheControl: "no-store",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func badRequest(_ message: String) -> Response {
        Response(
            status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    static func html(_ text: String) -> Response { response(text, type: "text/html; charset=utf-8") }

    static func response(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func notFound() -> Response {
        Response(
            status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: "not found\n")))
    }

    static func urlComponent(_ s: String) -> String {
        s.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#")))
            ?? ""
    }
}
