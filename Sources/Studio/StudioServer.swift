import Foundation
import Hummingbird
import Logging
import Markup
import NIOCore
import SceneModel

/// The studio's HTTP server: a thin layer over `StudioRenderer` and `StudioWorkspace` with no logic
/// of its own. Routes (GET only, no request bodies read):
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
///     POST /scenes/<scene>/pin       keep the current render as variant A
///     /scenes/<scene>/compare        A and B side by side; /pinned/<scene>/… serves A
///     POST /scenes/<scene>/write-back  the values into the scene file (same-origin only)
public struct StudioServer: Sendable {
    public var workspace: StudioWorkspace
    public var host: String
    public var port: Int

    public init(workspace: StudioWorkspace, host: String = "127.0.0.1", port: Int = 8123) {
        self.workspace = workspace
        self.host = host
        self.port = port
    }

    /// Serves until the process is interrupted. `onListening` gets the URL once the socket is bound
    /// (with `port` 0, the port the system chose).
    public func run(onListening: @escaping @Sendable (String) -> Void) async throws {
        let events = StudioEvents()
        let renderer = StudioRenderer(workspace: workspace, events: events)
        for scene in workspace.scenes() { await renderer.request(scene.name) }
        let router = Router()
        routes(router, renderer: renderer, events: events)
        let host = host
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "flipbook-studio"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                onListening("http://\(host.contains(":") ? "[\(host)]" : host):\(port)/")
            },
            logger: {
                var logger = Logger(label: "flipbook-studio")
                logger.logLevel = .error
                return logger
            }())
        let watcher = Task {
            await ChangeWatcher().watch(workspace) { names in
                for name in names { await renderer.request(name) }
            }
        }
        defer { watcher.cancel() }
        try await app.runService()
    }

    func routes(_ router: Router<BasicRequestContext>, renderer: StudioRenderer, events: StudioEvents) {
        let workspace = workspace
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
            return Self.html(StudioPages.sceneList(rows: rows, folder: workspace.sceneFolder))
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
                return Self.html(StudioPages.waiting(scene: name, error: status.error))
            }
            return Self.html(
                StudioPages.withLiveReload(html, scene: name, version: status.version, error: status.error))
        }
        router.get("/scenes/:scene/:file") { _, context -> Response in
            let name = try context.parameters.require("scene")
            let file = try context.parameters.require("file")
            if file == "compare" {
                guard workspace.sceneFile(named: name) != nil else { return Self.notFound() }
                return Self.html(StudioPages.compare(scene: name))
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
        router.get("/controls/:scene") { _, context -> Response in
            let name = try context.parameters.require("scene")
            guard workspace.sceneFile(named: name) != nil else { return Self.notFound() }
            return Self.response(StudioPages.controlsJSON(await renderer.status(of: name)), type: "application/json")
        }
        // The two requests that change anything; both write only renders into the output folder.
        router.post("/scenes/:scene/set") { request, context -> Response in
            let name = try context.parameters.require("scene")
            guard workspace.sceneFile(named: name) != nil else { return Self.notFound() }
            var values: [(name: String, value: String)] = []
            var previewTick: Int?
            for (key, value) in request.uri.queryParameters {
                let k = String(key)
                let v = String(value)
                if k == "-tick" {
                    previewTick = Int(v).flatMap { (0...10_000_000).contains($0) ? $0 : nil }
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
        // The one request that writes outside the output folder: the controls' values into their
        // scene file, in place. Only from the studio's own page: a cross-site page cannot send the
        // custom header without a CORS preflight this server never grants, and its Origin differs.
        router.post("/scenes/:scene/write-back") { request, context -> Response in
            let name = try context.parameters.require("scene")
            guard workspace.sceneFile(named: name) != nil else { return Self.notFound() }
            guard
                request.headers.contains(where: {
                    $0.name.canonicalName == "x-flipbook-studio" && $0.value == "write-back"
                }),
                let origin = request.headers[.origin], let authority = request.head.authority,
                origin == "http://\(authority)"
            else {
                return Response(
                    status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(string: "write-back is only for the studio's own page\n")))
            }
            do { try await renderer.writeBack(name) } catch { return Self.badRequest(String(describing: error)) }
            return Self.response("{}", type: "application/json")
        }
        router.post("/scenes/:scene/pin") { _, context -> Response in
            let name = try context.parameters.require("scene")
            guard workspace.sceneFile(named: name) != nil else { return Self.notFound() }
            do { try await renderer.pin(name) } catch { return Self.badRequest(String(describing: error)) }
            return Self.response("{}", type: "application/json")
        }
        router.get("/events") { _, _ -> Response in
            let (id, stream) = await events.subscribe()
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: .init { writer in
                    try await writer.write(ByteBuffer(string: ": flipbook studio\n\n"))
                    for await event in stream {
                        try await writer.write(ByteBuffer(string: event.serverSentEvent))
                    }
                    await events.unsubscribe(id)
                    try await writer.finish(nil)
                })
        }
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
