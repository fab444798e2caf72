import CoreTestSupport
import Foundation
import GifBotCore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import GifBotWeb

/// A channel's collection: public at its stable address to anyone, private to everyone without
/// a grant; the grid's HTML (alt, size, tags, escaping) and the tag filter.
@Suite struct CollectionRouteTests {
    let channel = CollectionChannel(network: "irc", channel: "#gifs")

    func entry(_ id: String, _ title: String, tags: [String]) -> CollectionEntry {
        CollectionEntry(
            channel: channel, gifID: id, source: "giphy", title: title, tags: tags,
            savedBy: UserKey(network: "irc", userID: "ann"), savedByName: "ann", url: "https://media.example/\(id).gif",
            preview: CollectionPreview(url: "https://media.example/\(id)-small.gif", width: 200, height: 150),
            pageURL: "https://giphy.com/gifs/\(id)", rating: "g")
    }

    @Test func aPublicCollectionIsOpenToAnyoneAndAPrivateOneToNobodyWithoutAGrant() async throws {
        let collections = InMemoryCoreStore()
        _ = try await collections.saveToCollection(entry("a1", "Party <time>", tags: ["party"]), limit: 10)
        _ = try await collections.saveToCollection(entry("b2", "Sleepy cat", tags: ["cats"]), limit: 10)
        let web = InMemoryWebStore()
        let settings = WebSettings(port: 8080, baseURL: "http://127.0.0.1:8080")
        let gallery = WebGallery(
            settings: settings, access: WebAccess(store: web, settings: settings), favorites: web,
            collections: collections, commandPrefix: "!", logger: Logger(label: "test"))
        let paths = WebPaths(base: "")
        try await Application(router: gallery.router()).test(.router) { client in
            let closed = try await client.execute(uri: paths.collection(channel), method: .get)
            #expect(closed.status == .forbidden, "private by default")
            #expect(closed.headers[.contentSecurityPolicy] != nil)

            try await collections.changeCollectionPolicy(.isPublic(true), for: channel)
            // The address `!collection public on` gives the channel is this page's.
            let address = WebAccess(store: web, settings: settings).collectionAddress(of: channel)
            #expect(address == settings.baseURL + paths.collection(channel))
            let open = try await client.execute(uri: String(address.dropFirst(settings.baseURL.count)), method: .get)
            #expect(open.status == .ok)
            let html = String(buffer: open.body)
            #expect(html.contains("alt=\"Party &lt;time&gt;\"") && html.contains("width=\"200\" height=\"150\""))
            #expect(html.contains("loading=\"lazy\"") && GalleryRouteTests.everyImageHasAlt(html))
            #expect(html.contains("#party (1)") && html.contains("Sleepy cat"))

            let tagged = String(
                buffer: try await client.execute(uri: paths.collection(channel, tag: "cats"), method: .get).body)
            #expect(tagged.contains("Sleepy cat") && !tagged.contains("Party &lt;time&gt;</span>"))

            let detail = try await client.execute(uri: paths.collectionEntry("a1", in: channel), method: .get)
            #expect(detail.status == .ok)
            #expect(String(buffer: detail.body).contains("!gif #party"))
            let guessed = ChannelHandle.handle(for: CollectionChannel(network: "irc", channel: "#secret"))
            #expect(try await client.execute(uri: "/c/\(guessed)", method: .get).status == .forbidden)
        }
    }
}
