import Foundation
import GifSources
import HTTPTransport
import Testing

/// Which media URLs a download may go to, by name and port; addresses are tested apart.
@Suite struct MediaHostPolicyTests {
    let policy = MediaHostPolicy.sourcesOnly

    @Test(arguments: [
        "https://media.giphy.com/media/abc/giphy.gif", "https://media0.giphy.com/media/abc/giphy.gif",
        "https://media4.giphy.com/x.gif", "https://i.giphy.com/abc.gif", "https://static.klipy.com/ii/x.gif",
        "https://MEDIA2.GIPHY.COM/x.gif", "https://media.giphy.com:443/x.gif",
    ])
    func theSourcesMediaHostsAreAllowedOverHTTPS(_ url: String) throws {
        #expect(policy.hostRefusal(try #require(URL(string: url))) == nil)
    }

    @Test(arguments: [
        "http://media.giphy.com/x.gif", "https://media.giphy.com:8443/x.gif", "https://giphy.com/gifs/x",
        "https://media.giphy.com.evil.example/x.gif", "https://evilmedia.giphy.com.example/x.gif",
        "https://media.x.giphy.com/x.gif", "https://127.0.0.1/x.gif", "https://localhost/x.gif",
        "https://media.giphy.com@127.0.0.1/x.gif", "https://user:pw@media.giphy.com/x.gif",
        "ftp://media.giphy.com/x.gif", "file:///etc/passwd", "https://static.klipy.com.evil.example/x.gif",
        "https://[::1]/x.gif", "https://169.254.169.254/latest/meta-data",
    ])
    func anythingElseIsRefused(_ url: String) throws {
        #expect(policy.hostRefusal(try #require(URL(string: url))) != nil)
    }

    @Test func anOperatorsHostAllowsExactlyItsSchemeAndPort() throws {
        let added = MediaHostPolicy(extraHosts: [
            try #require(MediaHost("http://127.0.0.1:8123")), try #require(MediaHost("cdn.example.org")),
        ])
        #expect(added.hostRefusal(try #require(URL(string: "http://127.0.0.1:8123/media/a/1.gif"))) == nil)
        #expect(added.hostRefusal(try #require(URL(string: "https://127.0.0.1:8123/media/a/1.gif"))) == nil)
        #expect(
            added.hostRefusal(try #require(URL(string: "http://127.0.0.1:8124/media/a/1.gif"))) != nil, "another port")
        #expect(
            added.hostRefusal(try #require(URL(string: "http://127.0.0.1/media/a/1.gif"))) != nil, "the default port")
        #expect(added.hostRefusal(try #require(URL(string: "https://cdn.example.org/a.gif"))) == nil)
        #expect(
            added.hostRefusal(try #require(URL(string: "http://cdn.example.org/a.gif"))) != nil,
            "http not allowed for it")
        #expect(added.hostRefusal(try #require(URL(string: "https://cdn.example.org:444/a.gif"))) != nil)
        #expect(
            added.hostRefusal(try #require(URL(string: "https://media.giphy.com/a.gif"))) == nil,
            "the sources' hosts stay")
    }

    @Test(
        arguments: [
            ("cdn.example.org", "cdn.example.org", nil, false),
            ("HTTP://Media*.Example.org:8080", "media*.example.org", 8080, true),
            ("https://cdn.example.org", "cdn.example.org", nil, false), ("[::1]:9000", "::1", 9000, false),
            ("http://[::1]", "::1", nil, true),
        ] as [(String, String, Int?, Bool)])
    func hostsAreRead(_ text: String, pattern: String, port: Int?, http: Bool) throws {
        let host = try #require(MediaHost(text))
        #expect(host.pattern == pattern && host.port == port && host.allowsHTTP == http)
    }

    @Test(arguments: [
        "", "cdn.example.org/path", "cdn.example.org:0", "cdn.example.org:70000", "cdn.example.org:x",
        "user@cdn.example.org", "cdn..example.org", "**.example.org", "cdn.example.org?x", "[::1",
        "ftp://cdn.example.org",
    ])
    func whatIsNoHostIsRejected(_ text: String) {
        #expect(MediaHost(text) == nil)
    }

    @Test func aStarStandsForLettersDigitsAndHyphensWithinOneLabel() throws {
        let host = try #require(MediaHost("media*.example.org"))
        let allowed = ["media.example.org", "media0.example.org", "media-eu-1.example.org"]
        let refused = ["media.x.example.org", "xmedia.example.org", "example.org", "media.example.org.evil.example"]
        func origin(_ name: String) throws -> URLOrigin {
            let url = try #require(URL(string: "https://\(name)/"))
            return try #require(URLOrigin(url))
        }
        for name in allowed { #expect(host.allows(try origin(name)), "\(name)") }
        for name in refused { #expect(!host.allows(try origin(name)), "\(name)") }
    }
}
