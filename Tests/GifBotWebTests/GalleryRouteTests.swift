import Foundation
import GifBotCore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import GifBotWeb

/// The gallery in-process: login, sessions, ownership, CSRF, headers and the pages' HTML.
@Suite struct GalleryRouteTests {
    let store = InMemoryWebStore()
    let alice = UserKey(network: "irc", userID: "alice")
    let bob = UserKey(network: "irc", userID: "bob")
    let settings = WebSettings(port: 8080, baseURL: "https://gifs.example.org")

    func withGallery(_ test: @Sendable (any TestClientProtocol, WebAccess) async throws -> Void) async throws {
        let access = WebAccess(store: store, settings: settings)
        let gallery = WebGallery(
            settings: settings, access: access, favorites: store, commandPrefix: "!", logger: Logger(label: "test"))
        store.add(
            Favorite(gifID: "abc123", title: "Cat <jumps> \"high\"", url: "https://media.example/cat.gif", rating: "g"),
            for: alice)
        store.add(
            Favorite(gifID: "bob1", title: "Bob's dog", url: "https://media.example/dog.gif", rating: "pg"), for: bob)
        let app = Application(router: gallery.router())
        try await app.test(.router) { client in try await test(client, access) }
    }

    /// Logs `user` in through a fresh link; the session cookie's header value.
    func signIn(_ client: any TestClientProtocol, _ access: WebAccess, as user: UserKey) async throws -> String {
        let link = try await access.loginLink(for: user, channel: "#gifs")
        let token = String(link.split(separator: "=", maxSplits: 1)[1])
        let form = try await client.execute(uri: "/login?token=\(token)", method: .get)
        #expect(form.status == .ok)
        #expect(String(buffer: form.body).contains("name=\"token\""))
        let login = try await post(client, "/login", "token=\(token)")
        #expect(login.status == .seeOther)
        let cookie = try #require(login.headers[.setCookie])
        #expect(cookie.contains("__Host-gifbot_session="))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Secure"))
        #expect(cookie.contains("Max-Age=604800"))
        let again = try await post(client, "/login", "token=\(token)")
        #expect(again.status == .forbidden, "a link works once")
        #expect(try await client.execute(uri: "/login?token=\(token)", method: .get).status == .forbidden)
        return String(cookie.split(separator: ";")[0])
    }

    func post(
        _ client: any TestClientProtocol, _ uri: String, _ body: String, cookie: String? = nil
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let cookie { headers[.cookie] = cookie }
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    func get(_ client: any TestClientProtocol, _ uri: String, cookie: String?) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let cookie { headers[.cookie] = cookie }
        return try await client.execute(uri: uri, method: .get, headers: headers)
    }

    @Test func theOwnerSeesAndRemovesTheirFavoritesWithTheCSRFToken() async throws {
        try await withGallery { client, access in
            let cookie = try await signIn(client, access, as: alice)
            let paths = WebPaths(base: "")
            let page = try await get(client, paths.favorites(alice), cookie: cookie)
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains("alt=\"Cat &lt;jumps&gt; &quot;high&quot;\""))
            #expect(!html.contains("<jumps>"))
            #expect(Self.everyImageHasAlt(html))
            let csrf = try #require(Self.csrf(in: html))

            let detail = try await get(client, paths.favorite("abc123", of: alice), cookie: cookie)
            #expect(detail.status == .ok)
            #expect(String(buffer: detail.body).contains("!fav abc123"))
            #expect(Self.everyImageHasAlt(String(buffer: detail.body)))

            let forged = try await post(client, paths.removeFavorite("abc123", of: alice), "csrf=nope", cookie: cookie)
            #expect(forged.status == .forbidden)
            let noSession = try await post(client, paths.removeFavorite("abc123", of: alice), "csrf=\(csrf)")
            #expect(noSession.status == .forbidden)
            #expect(try await store.favorites(of: alice).count == 1)
            let removed = try await post(
                client, paths.removeFavorite("abc123", of: alice), "csrf=\(csrf)", cookie: cookie)
            #expect(removed.status == .seeOther)
            #expect(try await store.favorites(of: alice).isEmpty)
        }
    }

    @Test func anotherPersonsFavoritesAndBadLinksGetA403() async throws {
        try await withGallery { client, access in
            let cookie = try await signIn(client, access, as: alice)
            let paths = WebPaths(base: "")
            #expect(try await get(client, paths.favorites(bob), cookie: cookie).status == .forbidden)
            #expect(try await get(client, paths.favorite("bob1", of: bob), cookie: cookie).status == .forbidden)
            #expect(try await get(client, paths.favorites(alice), cookie: nil).status == .forbidden)
            #expect(try await get(client, paths.favorites(alice), cookie: "gifbot_session=guess").status == .forbidden)
            #expect(try await get(client, "/login?token=v1.e30.AAAA", cookie: nil).status == .forbidden)
            let expired = try await access.token(
                for: LoginTicket(nonce: "old", user: alice, channel: nil, expiresAt: Date().addingTimeInterval(-1)))
            #expect(try await get(client, "/login?token=\(expired)", cookie: nil).status == .forbidden)
            #expect(try await post(client, "/login", "token=\(expired)").status == .forbidden)
        }
    }

    @Test func everyResponseCarriesTheContentSecurityPolicy() async throws {
        try await withGallery { client, access in
            let cookie = try await signIn(client, access, as: alice)
            for uri in ["/", "/assets/gallery.css", "/assets/copy.js", "/nowhere", "/login?token=x", "/u/x/favorites"] {
                let response = try await get(client, uri, cookie: cookie)
                let policy = try #require(response.headers[.contentSecurityPolicy], "\(uri)")
                #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'"))
                #expect(!policy.contains("unsafe-inline"))
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[.setCookie] == nil, "\(uri): no cookie but the session's, set only at login")
            }
        }
    }

    static func everyImageHasAlt(_ html: String) -> Bool {
        let images = html.components(separatedBy: "<img").dropFirst()
        return !images.isEmpty && images.allSatisfy { $0.prefix { $0 != ">" }.contains(" alt=\"") }
    }

    static func csrf(in html: String) -> String? {
        guard let range = html.range(of: "name=\"csrf\" value=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }
}
