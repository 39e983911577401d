/// Who may talk to the studio: the one decision every request goes through before any route runs.
///
/// A local server is reachable from every web page the user opens, so three things are checked,
/// in this order, and nothing else is trusted:
///
/// 1. **Host.** The `Host` header must name the address the studio listens on (`127.0.0.1:PORT`,
///    `localhost:PORT`, `[::1]:PORT`, the `--host` given, with the bound port). A page that
///    rebinds its own name to 127.0.0.1 sends its own name here, so it can neither read a render
///    nor change anything (421, for every route).
/// 2. **Fetch metadata.** A browser says where a request comes from (`Sec-Fetch-Site`); a request
///    from another site (or another port of this host: the same site) is refused unless it is the
///    user following a link to a page (a top-level GET navigation). So another page can neither
///    embed a frame as an image nor frame a page.
/// 3. **Token.** A secret drawn per run. Every request that changes anything (every method but GET
///    and HEAD: `set`, `pin`, `write-back`) must carry it in the `X-Flipbook-Studio-Token` header,
///    which a cross-site page cannot send (a custom header needs a CORS preflight, never granted),
///    and an `Origin` equal to the studio's own. When the studio listens beyond loopback, every
///    request needs it: a `?token=` on a page's URL is exchanged once for an HttpOnly, SameSite=Strict
///    cookie, then the URL is reloaded without it.
///
/// Rejected: the Origin check alone (a rebinding page's Origin matches its Host); a cookie on
/// loopback (cookies are shared by every port of a host, and a header is enough for the studio's
/// own script).
package struct StudioAccess: Sendable {
    /// The authorities accepted in `Host`, lowercased (`127.0.0.1:8123`, `[::1]:8123`, …).
    package let hosts: [String]
    /// The per-run secret (64 hexadecimal digits when generated).
    package let token: String
    /// True when the studio listens beyond loopback: then reads need the token too.
    package let tokenForReads: Bool

    /// The header the studio's own script sends the token in.
    package static let tokenHeader = "x-flipbook-studio-token"

    package init(hosts: [String], token: String, tokenForReads: Bool) {
        self.hosts = hosts.map { $0.lowercased() }
        self.token = token
        self.tokenForReads = tokenForReads
    }

    /// The hosts a server bound to `host:port` answers to: the loopback names always (they reach
    /// the same socket only when it listens on loopback or everywhere, and a page cannot make a
    /// browser send them for another address), `host` itself, and `extraNames` (the machine's
    /// addresses and name when `host` is a wildcard, `--allow-host` names).
    package static func hosts(listeningOn host: String, port: Int, extraNames: [String] = []) -> [String] {
        let names = ["127.0.0.1", "localhost", "::1", host] + extraNames
        var seen: Set<String> = []
        var result: [String] = []
        for name in names {
            let bare = name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name
            let shown = bare.contains(":") ? "[\(bare.lowercased())]" : bare.lowercased()
            // Port 80 is the one a browser leaves out of Host.
            for authority in port == 80 ? ["\(shown):80", shown] : ["\(shown):\(port)"]
            where seen.insert(authority).inserted {
                result.append(authority)
            }
        }
        return result
    }

    /// Whether `host` names only this machine (so a `--host` there needs no token for reads).
    package static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        let isIPv4Loopback =
            parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
        return bare.lowercased() == "localhost" || bare == "::1" || isIPv4Loopback
    }

    /// What a request presents, read from its head by the server; nil where absent.
    package struct Request: Sendable, Equatable {
        package var method: String
        package var host: String?
        package var origin: String?
        /// The `X-Flipbook-Studio-Token` header.
        package var tokenHeader: String?
        /// `token` from the query string.
        package var tokenQuery: String?
        /// The studio's cookie, from the `Cookie` header.
        package var tokenCookie: String?
        /// `Sec-Fetch-Site`, `Sec-Fetch-Mode`, `Sec-Fetch-Dest`.
        package var fetchSite: String?
        package var fetchMode: String?
        package var fetchDest: String?

        package init(
            method: String, host: String?, origin: String? = nil, tokenHeader: String? = nil,
            tokenQuery: String? = nil, tokenCookie: String? = nil, fetchSite: String? = nil, fetchMode: String? = nil,
            fetchDest: String? = nil
        ) {
            self.method = method
            self.host = host
            self.origin = origin
            self.tokenHeader = tokenHeader
            self.tokenQuery = tokenQuery
            self.tokenCookie = tokenCookie
            self.fetchSite = fetchSite
            self.fetchMode = fetchMode
            self.fetchDest = fetchDest
        }
    }

    package enum Decision: Sendable, Equatable {
        case allow
        /// A valid `?token=` on a GET: set the cookie and send the browser to the URL without it.
        case exchangeTokenForCookie
        /// Refused with this HTTP status and plain-text message.
        case refuse(status: Int, message: String)
    }

    package func decide(_ request: Request) -> Decision {
        guard let host = request.host?.lowercased(), hosts.contains(host) else {
            return .refuse(
                status: 421,
                message:
                    "this is a Flipbook studio: it answers only to http://\(hosts.first ?? "127.0.0.1")/ (the Host "
                    + "\(request.host.map { "'\($0)'" } ?? "header is missing"); a page reaching it under another name is refused)"
            )
        }
        let changes = request.method != "GET" && request.method != "HEAD"
        if let site = request.fetchSite?.lowercased(), site == "cross-site" || site == "same-site" {
            let followsLink =
                !changes && request.fetchMode?.lowercased() == "navigate"
                && request.fetchDest?.lowercased() == "document"
            guard followsLink else {
                return .refuse(status: 403, message: "the studio answers only its own pages, not another site's")
            }
        }
        if tokenForReads && !changes {
            // A valid ?token= is always exchanged, so the secret leaves the address bar even when a
            // cookie would have admitted the request.
            if Self.matches(request.tokenQuery, token) { return .exchangeTokenForCookie }
            guard Self.matches(request.tokenCookie, token) || Self.matches(request.tokenHeader, token) else {
                return .refuse(
                    status: 403,
                    message:
                        "this studio listens beyond this machine and needs its token: open the URL it printed (…/?token=…)"
                )
            }
        }
        if changes {
            guard Self.matches(request.tokenHeader, token) else {
                return .refuse(status: 403, message: "changes are only for the studio's own page (no valid token)")
            }
            guard request.origin?.lowercased() == "http://\(host)" else {
                return .refuse(
                    status: 403, message: "changes are only for the studio's own page (Origin is not its own)")
            }
        }
        return .allow
    }

    /// Compares in time independent of where the strings differ, so a guesser learns nothing from timing.
    static func matches(_ given: String?, _ token: String) -> Bool {
        guard let given, !token.isEmpty else { return false }
        let a = Array(given.utf8)
        let b = Array(token.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<a.count { difference |= a[i] ^ b[i] }
        return difference == 0
    }

    /// 32 bytes from the system's cryptographic generator (`getrandom` on Linux), as 64 hex digits.
    /// Never reaches a render: it lives in this process and the pages it serves.
    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        var hex = ""
        for _ in 0..<4 {
            let word = generator.next()
            let digits = String(word, radix: 16)
            hex += String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex
    }

    /// A token given with `--token`: long enough not to be guessed, and plain enough to travel in a
    /// URL, a header and a cookie unescaped.
    package static func isAcceptableToken(_ token: String) -> Bool {
        (16...256).contains(token.utf8.count)
            && token.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "-_.~".unicodeScalars.contains($0)
            }
    }
}
