import Testing

@testable import Studio

@Suite("Who may talk to the studio: Host, fetch metadata, token, Origin")
struct StudioAccessTests {
    static let token = String(repeating: "ab12", count: 16)
    static let loopback = StudioAccess(
        hosts: StudioAccess.hosts(listeningOn: "127.0.0.1", port: 8123), token: token, tokenForReads: false)
    static let lan = StudioAccess(
        hosts: StudioAccess.hosts(listeningOn: "192.168.1.5", port: 8123), token: token, tokenForReads: true)

    static func change(host: String?, origin: String?, token: String?) -> StudioAccess.Request {
        StudioAccess.Request(method: "POST", host: host, origin: origin, tokenHeader: token)
    }

    @Test("the accepted Hosts are the loopback names and the --host given, each with the bound port")
    func acceptedHosts() {
        #expect(
            StudioAccess.hosts(listeningOn: "127.0.0.1", port: 8123) == [
                "127.0.0.1:8123", "localhost:8123", "[::1]:8123",
            ])
        #expect(
            StudioAccess.hosts(listeningOn: "0.0.0.0", port: 9000, extraNames: ["10.0.0.7", "Studio-Box", "fe80::1"])
                == [
                    "127.0.0.1:9000", "localhost:9000", "[::1]:9000", "0.0.0.0:9000", "10.0.0.7:9000",
                    "studio-box:9000", "[fe80::1]:9000",
                ])
        #expect(
            StudioAccess.hosts(listeningOn: "[::1]", port: 80) == [
                "127.0.0.1:80", "127.0.0.1", "localhost:80", "localhost", "[::1]:80", "[::1]",
            ])
    }

    @Test("every request naming another host is refused with 421, reads included: DNS rebinding gets nothing")
    func foreignHostsAreRefused() {
        for host in [
            "rebind.attacker.example:8123", "127.0.0.1:8124", "127.0.0.1", "localhost", "127.0.0.1:8123.evil.example",
            "127.0.0.2:8123", "", "127.0.0.1:8123 ",
        ] {
            for method in ["GET", "POST", "HEAD"] {
                let request = StudioAccess.Request(
                    method: method, host: host, origin: "http://\(host)", tokenHeader: Self.token)
                guard case .refuse(421, let message) = Self.loopback.decide(request) else {
                    Issue.record("\(method) with Host '\(host)' was not refused with 421")
                    continue
                }
                #expect(message.contains("http://127.0.0.1:8123/"), "\(message)")
            }
        }
        #expect(
            Self.loopback.decide(StudioAccess.Request(method: "GET", host: nil))
                == .refuse(
                    status: 421,
                    message:
                        "this is a Flipbook studio: it answers only to http://127.0.0.1:8123/ (the Host header is missing; a page reaching it under another name is refused)"
                ))
    }

    @Test("on loopback, a read from the studio's address is allowed, in any letter case and by any loopback name")
    func loopbackReads() {
        for host in ["127.0.0.1:8123", "LOCALHOST:8123", "[::1]:8123"] {
            #expect(Self.loopback.decide(StudioAccess.Request(method: "GET", host: host)) == .allow, "\(host)")
        }
    }

    @Test("a change needs the run's token in its header and the studio's own Origin, each checked exactly")
    func changesNeedTokenAndOrigin() {
        let host = "127.0.0.1:8123"
        let origin = "http://127.0.0.1:8123"
        #expect(Self.loopback.decide(Self.change(host: host, origin: origin, token: Self.token)) == .allow)
        let noToken = StudioAccess.Decision.refuse(
            status: 403, message: "changes are only for the studio's own page (no valid token)")
        let wrongOrigin = StudioAccess.Decision.refuse(
            status: 403, message: "changes are only for the studio's own page (Origin is not its own)")
        #expect(Self.loopback.decide(Self.change(host: host, origin: origin, token: nil)) == noToken)
        #expect(Self.loopback.decide(Self.change(host: host, origin: origin, token: "")) == noToken)
        let oneDigitOff = String(Self.token.dropLast()) + "3"
        #expect(Self.loopback.decide(Self.change(host: host, origin: origin, token: oneDigitOff)) == noToken)
        #expect(Self.loopback.decide(Self.change(host: host, origin: origin, token: Self.token + "0")) == noToken)
        for other in [nil, "null", "http://evil.example", "http://localhost:8123", "https://127.0.0.1:8123"] {
            #expect(
                Self.loopback.decide(Self.change(host: host, origin: other, token: Self.token)) == wrongOrigin,
                "\(other ?? "no Origin")")
        }
        // A preflight, a PUT: anything but GET and HEAD is a change.
        for method in ["OPTIONS", "PUT", "DELETE", "PATCH"] {
            #expect(
                Self.loopback.decide(StudioAccess.Request(method: method, host: host, origin: origin)) == noToken,
                "\(method)")
        }
    }

    @Test("a request another site makes is refused unless it is the user following a link to a page")
    func fetchMetadata() {
        let crossSite = StudioAccess.Decision.refuse(
            status: 403, message: "the studio answers only its own pages, not another site's")
        func read(_ site: String?, _ mode: String?, _ dest: String?) -> StudioAccess.Decision {
            Self.loopback.decide(
                StudioAccess.Request(
                    method: "GET", host: "127.0.0.1:8123", fetchSite: site, fetchMode: mode, fetchDest: dest))
        }
        #expect(read("cross-site", "no-cors", "image") == crossSite)
        #expect(read("same-site", "no-cors", "image") == crossSite)
        #expect(read("cross-site", "navigate", "iframe") == crossSite)
        #expect(read("same-site", "cors", "empty") == crossSite)
        #expect(read("cross-site", "navigate", "document") == .allow)
        #expect(read("same-origin", "cors", "empty") == .allow)
        #expect(read("none", "navigate", "document") == .allow)
        #expect(read(nil, nil, nil) == .allow)
        let form = StudioAccess.Request(
            method: "POST", host: "127.0.0.1:8123", origin: "http://127.0.0.1:9999", fetchSite: "same-site",
            fetchMode: "navigate", fetchDest: "document")
        #expect(Self.loopback.decide(form) == crossSite)
    }

    @Test(
        "beyond loopback every read needs the token: a ?token= is exchanged for the cookie, a cookie or header admits")
    func tokenForReads() {
        let host = "192.168.1.5:8123"
        let refused = StudioAccess.Decision.refuse(
            status: 403,
            message: "this studio listens beyond this machine and needs its token: open the URL it printed (…/?token=…)"
        )
        #expect(Self.lan.decide(StudioAccess.Request(method: "GET", host: host)) == refused)
        #expect(Self.lan.decide(StudioAccess.Request(method: "GET", host: host, tokenQuery: "nope")) == refused)
        #expect(Self.lan.decide(StudioAccess.Request(method: "GET", host: host, tokenCookie: "nope")) == refused)
        #expect(
            Self.lan.decide(StudioAccess.Request(method: "GET", host: host, tokenQuery: Self.token))
                == .exchangeTokenForCookie)
        #expect(Self.lan.decide(StudioAccess.Request(method: "GET", host: host, tokenCookie: Self.token)) == .allow)
        #expect(
            Self.lan.decide(
                StudioAccess.Request(method: "GET", host: host, tokenQuery: Self.token, tokenCookie: Self.token))
                == .exchangeTokenForCookie, "the token leaves the address even with a cookie")
        #expect(Self.lan.decide(StudioAccess.Request(method: "GET", host: host, tokenHeader: Self.token)) == .allow)
        // A change still needs the header: the cookie alone is what a cross-site form would carry.
        let formWithCookie = StudioAccess.Request(
            method: "POST", host: host, origin: "http://\(host)", tokenCookie: Self.token)
        #expect(
            Self.lan.decide(formWithCookie)
                == .refuse(status: 403, message: "changes are only for the studio's own page (no valid token)"))
        #expect(
            Self.lan.decide(Self.change(host: host, origin: "http://\(host)", token: Self.token)) == .allow)
        #expect(
            Self.lan.decide(StudioAccess.Request(method: "GET", host: "evil.example:8123", tokenCookie: Self.token))
                == .refuse(
                    status: 421,
                    message:
                        "this is a Flipbook studio: it answers only to http://127.0.0.1:8123/ (the Host 'evil.example:8123'; a page reaching it under another name is refused)"
                ))
    }

    @Test("loopback is 127.0.0.0/8, ::1 and localhost, nothing that merely starts like them")
    func loopbackNames() {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "LocalHost", "::1", "[::1]"] {
            #expect(StudioAccess.isLoopback(host), "\(host)")
        }
        for host in [
            "0.0.0.0", "::", "192.168.1.5", "127.0.0.1.evil.example", "127.a.b.c", "127.0.0.256", "localhost.",
        ] {
            #expect(!StudioAccess.isLoopback(host), "\(host)")
        }
    }

    @Test("a generated token is 64 hex digits and new each time; a given one must be long and URL-plain")
    func tokens() {
        let a = StudioAccess.randomToken()
        let b = StudioAccess.randomToken()
        #expect(a.count == 64 && a.allSatisfy { $0.isHexDigit } && a != b)
        #expect(StudioAccess.isAcceptableToken(a))
        #expect(StudioAccess.isAcceptableToken("correct-horse_battery.staple~1"))
        for bad in [
            "short", String(repeating: "x", count: 257), "has space in it here", "semi;colon-in-the-token",
            "ünïcode-token-here-x",
        ] {
            #expect(!StudioAccess.isAcceptableToken(bad), "\(bad)")
        }
        #expect(!StudioAccess.matches(nil, a) && !StudioAccess.matches(a, "") && StudioAccess.matches(a, a))
    }

    @Test("the token leaves the address with the redirect; other query parameters stay")
    func redirectDropsToken() {
        #expect(StudioGate.withoutToken("/scenes/drop/", query: "token=abc&frame=3") == "/scenes/drop/?frame=3")
        #expect(StudioGate.withoutToken("/", query: "token=abc") == "/")
        #expect(StudioGate.withoutToken("/", query: nil) == "/")
    }
}
