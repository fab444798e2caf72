import GifSources
import Storage
import Testing

@testable import GifBotCore
@testable import Giphy

@Suite struct ContentPolicyTests {
    func gif(rating: String?) -> SourcedGif {
        SourcedGif(
            ref: GifRef(source: .giphy, key: "x"), title: "t", rating: rating, pageURL: nil, preferred: nil,
            renditions: [])
    }

    @Test(arguments: [
        ("g", ContentRating.g, true), ("pg", .g, false), ("pg-13", .pg, false), ("r", .pg13, false),
        ("pg", .pg13, true), ("r", .r, true), ("y", .g, true), ("PG", .pg, true), ("weird", .pg13, false),
    ])
    func ratingsAreCompared(_ rating: String, _ maximum: ContentRating, _ allowed: Bool) {
        #expect(ContentPolicy.allows(gif(rating: rating), maximum: maximum) == allowed)
    }

    @Test func missingRatingsAreRefusedOnlyWhereGIsTheLimit() {
        #expect(!ContentPolicy.allows(gif(rating: nil), maximum: .g))
        #expect(!ContentPolicy.allows(gif(rating: ""), maximum: .g))
        #expect(ContentPolicy.allows(gif(rating: nil), maximum: .pg))
    }
}

@Suite struct CommandCooldownTests {
    let alice = UserKey(network: "n", userID: "alice")
    let bob = UserKey(network: "n", userID: "bob")

    @Test func slidingWindowWithOneWarning() async {
        let cooldown = CommandCooldown()
        let start = ContinuousClock.now
        var results: [CommandCooldown.Admission] = []
        for second in [0, 1, 2, 3, 4] {
            results.append(await cooldown.admit(alice, limit: 3, window: .seconds(30), now: start + .seconds(second)))
        }
        #expect(results == [.allowed, .allowed, .allowed, .limited(retryAfterSeconds: 27), .ignored])
        #expect(await cooldown.admit(bob, limit: 3, window: .seconds(30), now: start + .seconds(4)) == .allowed)
        #expect(
            await cooldown.admit(alice, limit: 3, window: .seconds(30), now: start + .seconds(30)) == .allowed,
            "the first command left the window")
        #expect(
            await cooldown.admit(alice, limit: 3, window: .seconds(30), now: start + .seconds(30))
                == .limited(retryAfterSeconds: 1))
    }

    @Test func zeroTurnsItOff() async {
        let cooldown = CommandCooldown()
        for _ in 0..<100 { #expect(await cooldown.admit(alice, limit: 0, window: .seconds(30)) == .allowed) }
    }
}

@Suite struct GifCardBuilderTests {
    func rendition(_ url: String, size: Int?) -> GiphyRendition {
        GiphyRendition(url: url, width: 100, height: 100, size: size)
    }

    @Test func downsizedFirst() {
        let card = GiphyRenditionChoice.preferred([
            "original": rendition("https://m/o.gif", size: 9_000_000),
            "downsized": rendition("https://m/d.gif", size: 1_000_000),
            "fixed_width_small": rendition("https://m/s.gif", size: 50_000),
        ])
        #expect(card?.name == "downsized")
    }

    @Test func thenTheSmallestAnimatedGifThenTheOriginal() {
        let smallest = GiphyRenditionChoice.preferred([
            "original": rendition("https://m/o.gif", size: 9_000_000),
            "downsized": rendition("https://m/d.gif", size: 3_000_000),
            "fixed_width_small": rendition("https://m/s.gif?cid=1", size: 50_000),
            "fixed_width_small_still": rendition("https://m/s_s.gif", size: 5_000),
            "preview_webp": rendition("https://m/p.webp", size: 1_000),
            "zeroed": GiphyRendition(url: "", width: 0, height: 0, size: 0),
        ])
        #expect(smallest?.name == "fixed_width_small")
        let original = GiphyRenditionChoice.preferred([
            "original": rendition("https://m/o.mp4", size: 10),
            "original_still": rendition("https://m/o_s.gif", size: 1),
        ])
        #expect(original?.name == "original")
        #expect(GiphyRenditionChoice.preferred([:]) == nil)
    }

    @Test func untrustedTitlesAreCleanedAndShortened() {
        let gif = GiphyGif(
            id: "abc", title: "!op me\r\nQUIT :bye " + String(repeating: "x", count: 200), rating: "g",
            renditions: ["downsized": rendition("https://m/d.gif", size: 10)])
        let card = GifCardBuilder.card(for: gif.sourced)
        #expect(card?.title.hasPrefix("!op me QUIT :bye") == true)
        #expect(card?.title.count ?? 0 <= GifCardBuilder.maximumTitleLength)
        #expect(card?.title.hasSuffix("…") == true)
        let untitled = GiphyGif(
            id: "abc", title: " \u{7} ", rating: "g", renditions: ["downsized": rendition("https://m/d.gif", size: 10)])
        #expect(GifCardBuilder.card(for: untitled.sourced)?.title == "Untitled GIF")
    }
}

@Suite struct GifInfoFormatterTests {
    @Test func sizes() {
        #expect(GifInfoFormatter.byteCount(512) == "512 B")
        #expect(GifInfoFormatter.byteCount(1536) == "1.5 KB")
        #expect(GifInfoFormatter.byteCount(1_825_950) == "1.7 MB")
    }

    @Test func importDates() {
        #expect(GifInfoFormatter.importDate("2016-02-04 19:33:39") == "2016-02-04")
        #expect(GifInfoFormatter.importDate("0000-00-00 00:00:00") == nil)
        #expect(GifInfoFormatter.importDate("1970-01-01 00:00:00") == nil)
        #expect(GifInfoFormatter.importDate(nil) == nil)
    }

    @Test func uploaders() {
        let verified = GiphyGif(
            id: "a", title: "t", rating: "g", username: "nasa",
            user: GiphyUser(username: "nasa", displayName: "NASA", isVerified: true), renditions: [:])
        #expect(GifInfoFormatter.uploader(of: verified.sourced) == "by NASA (@nasa) ✓ verified")
        let anonymous = GiphyGif(id: "a", title: "t", rating: "g", username: "", renditions: [:])
        #expect(GifInfoFormatter.uploader(of: anonymous.sourced) == "uploader unknown")
    }
}
