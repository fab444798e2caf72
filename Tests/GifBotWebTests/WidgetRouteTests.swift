import CoreTestSupport
import Foundation
import GifBotCore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import GifBotWeb

/// The picker as a room widget, in process (issue 35): the widget's page framable by the widget
/// origins only, the OpenID token exchanged for a widget token only for a member the homeserver
/// vouched for, and the picker opened by that token alone, for that room alone. The homeserver's
/// side is a table of tokens here; MatrixWidgetIdentityTests checks real ones with Synapse.
@Suite struct WidgetRouteTests {
    static let origin = "https://element.example.org"
    let settings = WebSettings(
        port: 8080, baseURL: "https://gifs.example.org", widgetOrigins: [WidgetRouteTests.origin])
    let room = CollectionChannel(network: "matrix", channel: "!room:example.org")
    let paths = WebPaths(base: "")

    /// Tokens the "homeserver" knows, and who is in the room.
    struct Homeserver: WidgetIdentityChecking {
        var network: String { "matrix" }

        func userID(openIDToken: String, serverName: String) async -> String? {
            guard serverName == "example.org" else { return nil }
            return ["alice-token": "@alice:example.org", "carol-token": "@carol:example.org"][openIDToken]
        }

        func isJoined(_ userID: String, room: String) async -> Bool {
            userID == "@alice:example.org" && room == "!room:example.org"
        }
    }

    func withWidget(
        _ test: @Sendable (any TestClientProtocol, WebAccess, RecordingPoster) async throws -> Void
    ) async throws {
        let access = WebAccess(store: InMemoryWebStore(), settings: settings)
        let chat = InProcessChat(sources: [FakeGifSource(gifs: (1...5).map { FakeGifSource.gif("gif\($0)") })])
        let poster = RecordingPoster()
        chat.bot.posters.register(poster, for: "matrix")
        let gallery = WebGallery(
            settings: settings, access: access, favorites: chat.bot, collections: chat.store, picker: chat.bot,
            widgetIdentity: Homeserver(), commandPrefix: "!",
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await Application(router: gallery.router()).test(.router) { client in
            try await test(client, access, poster)
        }
    }

    func exchange(
        _ client: any TestClientProtocol, token: String, server: String = "example.org"
    ) async throws
        -> TestResponse
    {
        try await client.execute(
            uri: paths.widgetSession(room), method: .post,
            headers: [.contentType: "application/x-www-form-urlencoded", .accept: "application/json"],
            body: ByteBuffer(string: "access_token=\(token)&matrix_server_name=\(server)"))
    }

    @Test func theWidgetPageIsFramableByTheWidgetOriginsOnlyAndNothingElseIs() async throws {
        try await withWidget { client, _, _ in
            let page = try await client.execute(uri: paths.widget(room) + "?widgetId=w1&parentUrl=x", method: .get)
            #expect(page.status == .ok)
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(policy.contains("frame-ancestors \(Self.origin)") && !policy.contains("frame-ancestors 'none'"))
            #expect(page.headers[HTTPField.Name("X-Frame-Options")!] == nil)
            #expect(String(buffer: page.body).contains("/assets/widget.js"))
            let home = try await client.execute(uri: "/", method: .get)
            #expect(home.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            #expect(home.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
        }
    }

    @Test func onlyAVouchedForMemberGetsThePickerAndOnlyForThatRoom() async throws {
        try await withWidget { client, _, poster in
            #expect(try await exchange(client, token: "forged").status == .forbidden)
            #expect(try await exchange(client, token: "alice-token", server: "elsewhere.org").status == .forbidden)
            let outsider = try await exchange(client, token: "carol-token")
            #expect(outsider.status == .forbidden && String(buffer: outsider.body).contains("not in this room"))

            let granted = try await exchange(client, token: "alice-token")
            #expect(granted.status == .ok)
            let answer =
                try JSONSerialization.jsonObject(with: Data(String(buffer: granted.body).utf8)) as? [String: String]
            let picker = try #require(answer?["picker"])
            #expect(picker.hasPrefix(paths.picker(room) + "?wt="))

            let page = try await client.execute(uri: picker + "&q=cats", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentSecurityPolicy]?.contains("frame-ancestors \(Self.origin)") == true)
            let html = String(buffer: page.body)
            let token = String(picker.split(separator: "=", maxSplits: 1)[1])
            #expect(html.contains("wt=\(token)") && !html.contains(">Sign out<"), "links carry the token, no cookie")
            let csrf = try #require(GalleryRouteTests.csrf(in: html))

            let other = CollectionChannel(network: "matrix", channel: "!other:example.org")
            #expect(
                try await client.execute(uri: paths.picker(other) + "?wt=\(token)", method: .get).status == .forbidden)
            #expect(
                try await client.execute(uri: paths.picker(room) + "?wt=\(token)x", method: .get).status == .forbidden)

            let posted = try await client.execute(
                uri: paths.pickerAction("post", in: room) + "?wt=\(token)", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .accept: "application/json"],
                body: ByteBuffer(string: "csrf=\(csrf)&gif=gif1"))
            #expect(String(buffer: posted.body).contains("Posted to !room:example.org."))
            #expect(poster.picks.map(\.pickerID) == ["@alice:example.org"], "posted as the person the homeserver named")
        }
    }

    @Test func withoutWidgetOriginsThereIsNoWidget() async throws {
        let plain = WebSettings(port: 8080, baseURL: "https://gifs.example.org")
        let access = WebAccess(store: InMemoryWebStore(), settings: plain)
        #expect(access.widgetAddress(of: room) == nil)
        let chat = InProcessChat()
        let gallery = WebGallery(
            settings: plain, access: access, favorites: chat.bot, picker: chat.bot, widgetIdentity: Homeserver(),
            commandPrefix: "!", logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await Application(router: gallery.router()).test(.router) { client in
            #expect(try await client.execute(uri: paths.widget(room), method: .get).status == .notFound)
            let withToken = try await client.execute(uri: paths.picker(room) + "?wt=w1.a.b", method: .get)
            #expect(withToken.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
        }
        let framed = WebAccess(store: InMemoryWebStore(), settings: settings)
        #expect(
            framed.widgetAddress(of: room)
                == "https://gifs.example.org\(paths.widget(room))?theme=$org.matrix.msc2873.client_theme")
    }
}
