import CoreTestSupport
import GifSources
import Testing

@testable import GifBotCore

/// The picker's side of the core (issue 35): pages as the channel's rating allows, and a pick
/// posted as `!gif` and a choice would be, with the same cool-down, rating check and records.
@Suite struct PickerTests {
    static let gifs = (1...30).map { FakeGifSource.gif("gif\($0)", rating: $0.isMultiple(of: 3) ? "r" : "g") }

    let alice = ChatUser(network: InProcessChat.network, id: "alice", displayName: "alice")

    func chat(cooldown: Int = 0) -> (InProcessChat, RecordingPoster) {
        let chat = InProcessChat(
            sources: [FakeGifSource(gifs: Self.gifs)],
            settings: BotSettings(maximumRating: .r, cooldownCommands: cooldown, cooldownWindow: .seconds(60)))
        let poster = RecordingPoster()
        chat.bot.posters.register(poster, for: InProcessChat.network)
        return (chat, poster)
    }

    @Test func pagesShowOnlyWhatTheChannelsRatingAllowsAndContinueWithoutRepeats() async throws {
        let (chat, _) = chat()
        await chat.say("!rating g", admin: true)
        let first = try await chat.bot.pickerResults(.search("cats"), offset: 0, for: alice, in: "#gifs")
        #expect(first.cards.count == 17, "25 results, every third rated r")
        #expect(first.cards.allSatisfy { $0.rating == "g" })
        #expect(first.cards.allSatisfy { $0.searchQuery == "cats" })
        let next = try #require(first.nextOffset)
        let second = try await chat.bot.pickerResults(.search("cats"), offset: next, for: alice, in: "#gifs")
        #expect(Set(first.cards.map(\.id)).isDisjoint(with: second.cards.map(\.id)))
        #expect(second.cards.count == 3 && second.nextOffset == nil, "the last five results, two of them r")
        #expect(await chat.say("!recent") == ["Your recent searches: cats"], "a search is a recent search, once")
    }

    @Test func aPickIsPostedWithItsPickerAndCaptionAndCountsAsTheirGif() async throws {
        let (chat, poster) = chat()
        let outcome = await chat.bot.pick("gif1", caption: "  Friday  @room mood ", by: alice, in: "#gifs")
        #expect(outcome == .posted)
        let pick = try #require(poster.picks.first)
        #expect(pick.conversation == "#gifs" && pick.pickerName == "alice" && pick.card.id == "gif1")
        #expect(pick.card.caption == "Friday mood", "cleaned as a typed caption: no mass mention")
        #expect(await chat.say("!fav") == ["Saved \"GIF gif1\" (gif1) to your favorites (1/20)."])
    }

    @Test func aForgedPickAboveTheRatingIsRefusedAndNothingIsPosted() async throws {
        let (chat, poster) = chat()
        await chat.say("!rating g", admin: true)
        let outcome = await chat.bot.pick("gif3", caption: nil, by: alice, in: "#gifs")
        #expect(outcome == .refused("That GIF is rated above what this channel allows (g)."))
        #expect(await chat.bot.pick("../trending", caption: nil, by: alice, in: "#gifs") != .posted)
        #expect(poster.picks.isEmpty)
    }

    @Test func picksShareTheCooldownWithCommands() async throws {
        let (chat, poster) = chat(cooldown: 2)
        await chat.say("!gif cats")
        #expect(await chat.bot.pick("gif1", caption: nil, by: alice, in: "#gifs") == .posted)
        guard case .refused(let reason) = await chat.bot.pick("gif2", caption: nil, by: alice, in: "#gifs") else {
            Issue.record("a third action within the window was posted")
            return
        }
        #expect(reason.contains("too fast"))
        #expect(poster.picks.count == 1)
    }

    @Test func aNetworkNotConnectedPostsNothingAndSaysSo() async throws {
        let (chat, poster) = chat()
        poster.disconnect()
        #expect(
            await chat.bot.pick("gif1", caption: nil, by: alice, in: "#gifs")
                == .refused("GifBot is not in #gifs now; try again later."))
        let other = ChatUser(network: "elsewhere", id: "alice", displayName: "alice")
        #expect(
            await chat.bot.pick("gif1", caption: nil, by: other, in: "#gifs")
                == .refused("GifBot is not on that network now; try again later."))
    }

    @Test func theFavoriteToggleIsFavAndUnfavInTheChannel() async throws {
        let (chat, _) = chat()
        #expect(await chat.bot.pickerFavorite("gif2", on: true, by: alice, in: "#gifs").hasPrefix("Saved"))
        let favs = await chat.say("!favs")
        #expect(favs.joined(separator: " ").contains("(gif2)"), "\(favs)")
        #expect(await chat.bot.pickerFavorite("gif2", on: false, by: alice, in: "#gifs").hasPrefix("Removed"))
        #expect(!(await chat.say("!favs").joined(separator: " ").contains("(gif2)")))
    }

    @Test func suggestionsAndTrendingSearchesComeFromTheSource() async throws {
        let (chat, _) = chat()
        #expect(await chat.bot.searchSuggestions(for: "ca") == ["cas", "ca funny"])
        #expect(await chat.bot.trendingSearches() == ["cats", "mondays"])
        chat.sources[0].fail(with: .unavailable)
        #expect(await chat.bot.searchSuggestions(for: "ca").isEmpty, "typing goes on without them")
        await #expect(throws: PickerFailure.self) {
            try await chat.bot.pickerResults(.trending, offset: 0, for: alice, in: "#gifs")
        }
    }

    @Test func theChannelIsCalledByTheNameItsNetworkKnowsCleanedElseByItsID() async {
        let chat = InProcessChat(sources: [FakeGifSource(gifs: Self.gifs)])
        let long = String(repeating: "party ", count: 30)
        chat.bot.posters.register(
            RecordingPoster(names: [
                "!abc:example.org": "Friday\u{202E} \u{3}4GIFs\n  room", "!long:example.org": long,
                "!blank:example.org": " \u{2}\u{7F} ",
            ]), for: InProcessChat.network)
        func name(_ room: String) async -> String {
            await chat.bot.conversationName(CollectionChannel(network: InProcessChat.network, channel: room))
        }
        #expect(await name("!abc:example.org") == "Friday GIFs room", "controls, formatting and bidi marks go")
        let cut = await name("!long:example.org")
        #expect(cut.count <= GifBot.maximumConversationName && cut.hasSuffix("party…"), "\(cut)")
        #expect(await name("!blank:example.org") == "!blank:example.org", "nothing left of a name: the id")
        #expect(await name("!unnamed:example.org") == "!unnamed:example.org")
        #expect(
            await chat.bot.conversationName(CollectionChannel(network: "elsewhere", channel: "#x")) == "#x",
            "a network with no adapter")
    }
}
