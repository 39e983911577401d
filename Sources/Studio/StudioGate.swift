import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// The middleware in front of every route (404s included): reads what `StudioAccess` decides on
/// from the request head, answers a refusal itself, and adds the headers that keep other sites
/// from embedding what the studio serves.
final class StudioGate: RouterMiddleware, Sendable {
    typealias Context = BasicRequestContext

    /// Set once the socket is bound (the accepted Hosts name the bound port); until then every
    /// request is refused.
    private let state = Mutex<(access: StudioAccess, cookie: String)?>(nil)
    private let cookiePrefix: String

    init(cookiePrefix: String) {
        self.cookiePrefix = cookiePrefix
    }

    func open(_ access: StudioAccess, port: Int) {
        let cookie = cookiePrefix + String(port)
        state.withLock { $0 = (access, cookie) }
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let (access, cookie) = state.withLock({ $0 }) else {
            return Self.refusal(status: 503, message: "the studio is starting; try again in a moment")
        }
        switch access.decide(Self.presented(request, cookie: cookie)) {
        case .allow:
            var response = try await next(request, context)
            Self.secure(&response.headers)
            return response
        case .exchangeTokenForCookie:
            var response = Response(
                status: .seeOther,
                headers: [
                    .location: Self.withoutToken(request.uri.path, query: request.uri.query),
                    .setCookie: "\(cookie)=\(access.token); Path=/; HttpOnly; SameSite=Strict",
                    .cacheControl: "no-store",
                ])
            Self.secure(&response.headers)
            return response
        case .refuse(let status, let message):
            return Self.refusal(status: status, message: message)
        }
    }

    /// What `StudioAccess` looks at, read from the head (in HTTP/1 the Host header is `authority`).
    static func presented(_ request: Request, cookie: String) -> StudioAccess.Request {
        func header(_ name: String) -> String? {
            request.headers.first { $0.name.canonicalName == name }?.value
        }
        let cookieValue = request.headers[values: .cookie].lazy.flatMap { $0.split(separator: ";") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix(cookie + "=") }
            .map { String($0.dropFirst(cookie.count + 1)) }
        return StudioAccess.Request(
            method: request.method.rawValue, host: request.head.authority, origin: request.headers[.origin],
            tokenHeader: header(StudioAccess.tokenHeader), tokenQuery: request.uri.queryParameters.get("token"),
            tokenCookie: cookieValue, fetchSite: header("sec-fetch-site"), fetchMode: header("sec-fetch-mode"),
            fetchDest: header("sec-fetch-dest"))
    }

    /// The same path and query without `token=…`, so the secret leaves the address bar and history.
    static func withoutToken(_ path: String, query: String?) -> String {
        let kept = (query ?? "").split(separator: "&").filter { !$0.hasPrefix("token=") }
        return kept.isEmpty ? path : path + "?" + kept.joined(separator: "&")
    }

    static func refusal(status: Int, message: String) -> Response {
        var response = Response(
            status: .init(code: status),
            headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
        secure(&response.headers)
        return response
    }

    /// No other origin may load a response as an image, script or frame (`Cross-Origin-Resource-Policy`,
    /// `frame-ancestors`), guess its type, or learn a URL from a Referer (`same-origin`, not `no-referrer`:
    /// with that, a browser may send `Origin: null` on the studio's own POSTs). No CORS header is ever sent.
    static func secure(_ headers: inout HTTPFields) {
        headers[.crossOriginResourcePolicy] = "same-origin"
        headers[.contentSecurityPolicy] = "frame-ancestors 'self'"
        headers[.xContentTypeOptions] = "nosniff"
        for (name, value) in [("Referrer-Policy", "same-origin"), ("X-Frame-Options", "SAMEORIGIN")] {
            if let name = HTTPField.Name(name) { headers[name] = value }
        }
    }
}
