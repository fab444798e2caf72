import CoreTestSupport
import Foundation
import GifBotCore
import GifSources
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import GifBotWeb

/// The picker in process (issue 35): the real bot on fake sources and an in-memory store, a
/// recording network, and the gallery's routes. Who may open it, what it shows, and what a
/// form (forged or not) can post.
@Suite struct PickerRouteTests {
    let webStore = InMemoryWebStore()
    let settings = WebSettings(port: 8080, baseURL: "https://gifs.example.org")
    static let gifs = (1...30).map {
        $0 == 1
            ? FakeGifSource.gifWithStill("gif1")
            : FakeGifSource.gif("gif\($0)", rating: $0.isMultiple(of: 3) ? "r" : "g")
    }
    let alice = UserKey(network: InProcessChat.network, userID: "alice")
    let channel = CollectionChannel(network: InProcessChat.network, channel: "#gifs")
    let paths = WebPaths(base: "")

    struct Fixture {
        let client: any TestClientProtocol
        let access: WebAccess
        let chat: InProcessChat
        let poster: RecordingPoster
    }

    func withPicker(_ test: @Sendable (Fixture) async throws -> Void) async throws {
        let access = WebAccess(store: webStore, settings: settings)
        let chat = InProcessChat(
            sources: [FakeGifSource(gifs: Self.gifs)], settings: BotSettings(maximumRating: .r, cooldownCommands: 0),
            webLinks: access)
        let poster = RecordingPoster()
        chat.bot.posters.register(poster, for: InProcessChat.network)
        let gallery = WebGallery(
            settings: settings, access: access, favorites: chat.bot, collections: chat.store, picker: chat.bot,
            commandPrefix: "!", logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await Application(router: gallery.router()).test(.router) { client in
            try await test(Fixture(client: client, access: access, chat: chat, poster: poster))
        }
    }

    /// A session from a `!web` link asked in `channel` (nil: in a private message).
    func signIn(_ fixture: Fixture, channel: String?) async throws -> String {
        let link = try await fixture.access.loginLink(for: alice, channel: channel)
        let token = String(link.split(separator: "=", maxSplits: 1)[1])
        let login = try await send(fixture.client, .post, "/login", body: "token=\(token)")
        return String(try #require(login.headers[.setCookie]).split(separator: ";")[0])
    }

    func send(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, body: String? = nil,
        cookie: String? = nil, json: Bool = false
    ) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if body != nil { headers[.contentType] = "application/x-www-form-urlencoded" }
        if let cookie { headers[.cookie] = cookie }
        if json { headers[.accept] = "application/json" }
        return try await client.execute(
            uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    @Test func onlyASessionFromTheChannelOpensItsPicker() async throws {
        try await withPicker { fixture in
            let fromChannel = try await signIn(fixture, channel: "#gifs")
            let home = String(buffer: try await send(fixture.client, .get, "/", cookie: fromChannel).body)
            #expect(home.contains(">Pick a GIF</a>") && home.contains("href=\"\(paths.picker(channel))\""))
            #expect(try await send(fixture.client, .get, paths.picker(channel), cookie: fromChannel).status == .ok)

            let other = CollectionChannel(network: InProcessChat.network, channel: "#elsewhere")
            #expect(try await send(fixture.client, .get, paths.picker(other), cookie: fromChannel).status == .forbidden)
            #expect(try await send(fixture.client, .get, paths.picker(channel)).status == .forbidden)
            let privately = try await signIn(fixture, channel: nil)
            let stranger = try await send(fixture.client, .get, paths.picker(channel), cookie: privately)
            #expect(stranger.status == .ok, "the same person's grant from the channel holds for all their sessions")

            await fixture.chat.leave("alice")
            #expect(
                try await send(fixture.client, .get, paths.picker(channel), cookie: fromChannel).status == .forbidden)
        }
    }

    @Test func aSearchShowsTheChannelsGIFsWithSizesTogglesAndMore() async throws {
        try await withPicker { fixture in
            await fixture.chat.say("!rating g", admin: true)
            let cookie = try await signIn(fixture, channel: "#gifs")
            let start = String(buffer: try await send(fixture.client, .get, paths.picker(channel), cookie: cookie).body)
            #expect(start.contains("role=\"search\"") && start.contains(">Search GIFs</label>"))
            #expect(start.contains(">cats</a>") && start.contains(">mondays</a>"), "today's trending searches")

            let page = String(
                buffer: try await send(fixture.client, .get, paths.picker(channel, query: "cats"), cookie: cookie).body)
            #expect(page.components(separatedBy: "<li class=\"tile\"").count - 1 == 17)
            #expect(!page.contains("data-gif=\"gif3\""), "rated r: never in a g channel's grid")
            #expect(page.contains("width=\"200\" height=\"100\""))
            #expect(
                page.contains(">Post to #gifs</button>") && page.contains("aria-pressed=\"false\">Favorite</button>"))
            #expect(page.contains("href=\"\(HTML.escape(paths.picker(channel, query: "cats", offset: 25)))\""))
            #expect(page.contains("Powered by GIPHY."))
            #expect(
                page.contains(
                    "<picture><source media=\"(prefers-reduced-motion: reduce)\" srcset=\"https://media.example.org/gif1_s.gif\""
                ),
                "the still first frame for reduced motion")
            #expect(page.components(separatedBy: "<picture>").count == 2, "only where the source sent a still")
            let recent = String(
                buffer: try await send(fixture.client, .get, paths.picker(channel), cookie: cookie).body)
            #expect(recent.contains("Your recent searches") && recent.contains("?q=cats\">cats</a>"))

            let terms = try await send(
                fixture.client, .get, paths.pickerAction("suggest", in: channel) + "?q=ca", cookie: cookie)
            #expect(String(buffer: terms.body) == "[\"cas\",\"ca funny\"]")
            #expect(terms.headers[.contentType] == "application/json")
        }
    }

    @Test func postingNeedsTheCSRFTokenAndTheChannelsRatingWhateverTheFormSays() async throws {
        try await withPicker { fixture in
            await fixture.chat.say("!rating g", admin: true)
            let cookie = try await signIn(fixture, channel: "#gifs")
            let page = String(
                buffer: try await send(fixture.client, .get, paths.picker(channel, query: "cats"), cookie: cookie).body)
            let csrf = try #require(GalleryRouteTests.csrf(in: page))
            let action = paths.pickerAction("post", in: channel)

            let noToken = try await send(fixture.client, .post, action, body: "gif=gif1", cookie: cookie)
            #expect(noToken.status == .forbidden)
            let forged = try await send(
                fixture.client, .post, action, body: "csrf=\(csrf)&gif=gif3", cookie: cookie, json: true)
            #expect(String(buffer: forged.body).contains("rated above what this channel allows"))
            #expect(fixture.poster.picks.isEmpty, "an r GIF by a forged form: not posted")

            let back = paths.picker(channel, query: "cats")
            let posted = try await send(
                fixture.client, .post, action, body: "csrf=\(csrf)&gif=gif1&caption=hi&back=\(WebPaths.encode(back))",
                cookie: cookie)
            #expect(posted.status == .seeOther)
            let location = try #require(posted.headers[.location])
            #expect(location.hasPrefix(back + "&notice="))
            #expect(fixture.poster.picks.map(\.card.id) == ["gif1"] && fixture.poster.picks[0].card.caption == "hi")
            let after = String(buffer: try await send(fixture.client, .get, location, cookie: cookie).body)
            #expect(after.contains(">Posted to #gifs.</p>"))

            let forgedNotice = back + "&notice=" + WebPaths.encode("WW91IHdvbg.AAAA")
            #expect(
                !String(buffer: try await send(fixture.client, .get, forgedNotice, cookie: cookie).body).contains(
                    "You won"))
            let away = try await send(
                fixture.client, .post, action, body: "csrf=\(csrf)&gif=gif1&back=\(WebPaths.encode("//evil.example/"))",
                cookie: cookie)
            #expect(
                away.headers[.location]?.hasPrefix(paths.picker(channel) + "?notice=") == true, "never sent elsewhere")
        }
    }

    @Test func theFavoriteToggleChangesFavsAndAnswersTheScriptInJSON() async throws {
        try await withPicker { fixture in
            let cookie = try await signIn(fixture, channel: "#gifs")
            let page = String(
                buffer: try await send(fixture.client, .get, paths.picker(channel, query: "cats"), cookie: cookie).body)
            let csrf = try #require(GalleryRouteTests.csrf(in: page))
            let action = paths.pickerAction("favorite", in: channel)
            let on = try await send(
                fixture.client, .post, action, body: "csrf=\(csrf)&favorite=gif2", cookie: cookie, json: true)
            let answer = try JSONSerialization.jsonObject(with: Data(String(buffer: on.body).utf8)) as? [String: Any]
            #expect(answer?["pressed"] as? Bool == true)
            #expect((answer?["notice"] as? String)?.hasPrefix("Saved") == true)
            #expect(await fixture.chat.say("!favs").joined().contains("(gif2)"))
            let favorites = String(
                buffer: try await send(fixture.client, .get, paths.picker(channel, tab: .favorites), cookie: cookie)
                    .body)
            #expect(
                favorites.contains("data-gif=\"gif2\"") && favorites.contains("aria-pressed=\"true\">Favorite</button>")
            )
            let off = try await send(
                fixture.client, .post, action, body: "csrf=\(csrf)&unfavorite=gif2", cookie: cookie, json: true)
            #expect(String(buffer: off.body).contains("\"pressed\":false"))
            #expect(!(await fixture.chat.say("!favs").joined().contains("(gif2)")))
        }
    }
}
