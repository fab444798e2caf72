import CoreTestSupport
import GifSources
import Testing

@testable import GifBotCore

/// Sources that want to hear which of their GIFs were posted (KLIPY's share trigger) hear it once
/// per posted GIF, behind the reply, and never of a preview or a list; a KLIPY favorite keeps the
/// rating it was found under.
@Suite struct PostedGifReportTests {
    static func klipy(unratedLookups: Bool = false) -> FakeGifSource {
        FakeGifSource(
            id: .klipy, gifs: (1...6).map { FakeGifSource.gif("k\($0)", source: .klipy) },
            capabilities: [.postedReports], unratedLookups: unratedLookups)
    }

    @Test func eachPostedGifIsReportedOnceWithItsSearchButNoPreviewOrList() async {
        let source = Self.klipy()
        let chat = InProcessChat(sources: [source])
        #expect(await chat.say("!gif cats").first?.contains("(klipy:k1)") == true)
        await chat.say("!more")
        await chat.say("!gif? dogs")
        await chat.say("!shuffle")
        await chat.bot.flushPostedReports()
        #expect(source.reports == ["posted k1 cats alice", "posted k2 cats alice"], "a preview is not a post")
        let sent = await chat.say("!send")
        #expect(sent.first?.contains("klipy:") == true, "\(sent)")
        await chat.say("!gifs birds")
        await chat.say("!fav klipy:k1")
        await chat.say("!info klipy:k1")
        await chat.bot.flushPostedReports()
        #expect(source.reports.count == 3, "the list is shown, not posted: \(source.reports)")
        #expect(source.reports.last?.hasSuffix(" dogs alice") == true, "!send posts: \(source.reports)")
        await chat.say("!pick 2")
        await chat.bot.flushPostedReports()
        #expect(source.reports.last == "posted k2 birds alice", "\(source.reports)")
        #expect(source.reports.count == 4)
    }

    @Test func aTrendingPostIsReportedWithoutASearch() async {
        let source = Self.klipy()
        let chat = InProcessChat(sources: [source])
        await chat.say("!trending 1")
        await chat.bot.flushPostedReports()
        #expect(source.reports == ["posted k1 - alice"], "trending is found by no search")
    }

    @Test func aFailingReportChangesNothingForTheUser() async {
        let working = InProcessChat(sources: [Self.klipy()])
        let failingSource = Self.klipy()
        failingSource.failReports(with: .unavailable)
        let failing = InProcessChat(sources: [failingSource])
        for line in ["!gif cats", "!more", "!gif? dogs", "!send", "!recent"] {
            #expect(await failing.say(line) == working.say(line), "\(line)")
        }
        await failing.bot.flushPostedReports()
        #expect(failingSource.reports.count == 3, "each post was tried once, none retried: \(failingSource.reports)")
    }

    @Test func sourcesThatDoNotAskAreNotTold() async {
        let giphy = FakeGifSource(gifs: [FakeGifSource.gif("g1")])
        let chat = InProcessChat(sources: [giphy])
        await chat.say("!gif cats")
        await chat.bot.flushPostedReports()
        #expect(giphy.reports.isEmpty)
    }

    @Test func aKlipyFavoriteKeepsTheRatingItWasFoundUnder() async {
        let source = Self.klipy(unratedLookups: true)
        let chat = InProcessChat(sources: [source])
        await chat.say("!gif cats")
        #expect(await chat.say("!fav").first?.hasPrefix("Saved ") == true)
        let info = await chat.say("!info klipy:k1")
        #expect(info.first?.contains("(klipy:k1)") == true && info.first?.contains("rated G") == true, "\(info)")
        #expect(await chat.say("!fav klipy:k1").first?.contains("already one of your favorites") == true)
        #expect(
            await chat.say("!info klipy:k2") == ["That GIF is rated above what this channel allows (g)."],
            "a GIF looked up by id that is no favorite stays unrated")
        #expect(
            await chat.say("!info klipy:k1", as: "bob") == ["That GIF is rated above what this channel allows (g)."],
            "only one's own favorite counts")
    }
}
