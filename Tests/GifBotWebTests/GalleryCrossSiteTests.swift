import Foundation
import GifBotCore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import GifBotWeb

/// Issue 31, item 9: another site's page can make a visitor's browser post to the gallery; it
/// must not sign them into someone else's gallery, nor sign them out.
extension GalleryRouteTests {
    static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!

    func postFrom(
        _ client: any TestClientProtocol, _ uri: String, _ body: String, cookie: String? = nil,
        origin: String? = nil, fetchSite: String? = nil
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let cookie { headers[.cookie] = cookie }
        if let origin { headers[.origin] = origin }
        if let fetchSite { headers[Self.fetchSite] = fetchSite }
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// The attacker's own link, posted from the attacker's page: refused, and the link is not
    /// even spent (the refusal comes before the link is read).
    @Test func aCrossSiteLoginIsRefused() async throws {
        try await withGallery { client, access in
            let link = try await access.loginLink(for: bob, channel: "#gifs")
            let token = String(link.split(separator: "=", maxSplits: 1)[1])
            for (origin, site) in [
                ("https://evil.example", nil), (nil, "cross-site"), (nil, "same-site"), ("null", nil),
                ("https://gifs.example.org", "cross-site"),
            ] as [(String?, String?)] {
                let refused = try await postFrom(client, "/login", "token=\(token)", origin: origin, fetchSite: site)
                #expect(refused.status == .forbidden, "Origin \(origin ?? "-"), Sec-Fetch-Site \(site ?? "-")")
                #expect(refused.headers[.setCookie] == nil)
            }
            // With the gallery's no-referrer policy Chromium sends `Origin: null` on its own forms.
            let own = try await postFrom(client, "/login", "token=\(token)", origin: "null", fetchSite: "same-origin")
            #expect(own.status == .seeOther, "the gallery's own form still signs in")
            #expect(own.headers[.setCookie] != nil)
        }
    }

    @Test func signingOutNeedsTheSessionsCSRFToken() async throws {
        try await withGallery { client, access in
            let cookie = try await signIn(client, access, as: alice)
            let paths = WebPaths(base: "")
            let page = try await get(client, "/", cookie: cookie)
            let html = String(buffer: page.body)
            #expect(html.contains("action=\"/logout\""))
            let csrf = try #require(Self.csrf(in: html), "the sign-out form carries the token")

            let forged = try await post(client, "/logout", "", cookie: cookie)
            #expect(forged.status == .forbidden)
            #expect(try await get(client, paths.favorites(alice), cookie: cookie).status == .ok, "still signed in")
            let crossSite = try await postFrom(
                client, "/logout", "csrf=\(csrf)", cookie: cookie, origin: "https://evil.example")
            #expect(crossSite.status == .forbidden)

            let signedOut = try await post(client, "/logout", "csrf=\(csrf)", cookie: cookie)
            #expect(signedOut.status == .seeOther)
            #expect(try await get(client, paths.favorites(alice), cookie: cookie).status == .forbidden)
        }
    }

    /// Issue 31, item 10, in-process: the status and the `Connection: close` that ends the
    /// connection (GalleryListenerTests shows the closing over a socket).
    @Test func anOversizedFormIsA413() async throws {
        try await withGallery { client, _ in
            let response = try await post(client, "/login", "token=" + String(repeating: "a", count: 5 * 1024))
            #expect(response.status == .contentTooLarge)
            #expect(response.headers[.connection] == "close")
        }
    }

    @Test func aTransferCodingOtherThanChunkedIsA501() async throws {
        try await withGallery { client, _ in
            for coding in ["gzip, chunked", "identity", "chunked, chunked"] {
                let response = try await client.execute(
                    uri: "/logout", method: .post, headers: [.transferEncoding: coding], body: ByteBuffer())
                #expect(response.status == .notImplemented, "\(coding)")
            }
        }
    }
}
