import CoreTestSupport
import GifBotCore
import GifSources
import Testing

/// Every command family through the core alone: an in-process chat, fake sources and an
/// in-memory store (issue 21, step 3). Each test runs in milliseconds; the same behaviour through
/// real servers and the executable stays in the integration suites.
@Suite struct FastCommandTests {
    @Test func searchMoreAndAListEachShowWhatComesNext() async {
        let chat = InProcessChat()
        #expect(await chat.say("!gif cats") == ["GIF gif1 (gif1) https://media.example.org/gif1.gif"])
        #expect(await chat.say("!more").first?.contains("(gif2)") == true)
        #expect(
            await chat.say("!more", as: "bob") == ["Nothing to continue yet: search first with !gif <query>."],
            "bob's search state is his own")
        let list = await chat.say("!gifs dogs")
        #expect(list.count == 3 && list[0].hasPrefix("1. GIF gif1 (gif1)") && list[2].hasPrefix("3. GIF gif3 (gif3)"))
        #expect(await chat.stored().recent[InProcessChat.user("alice")] == ["dogs", "cats"])
    }

    @Test func favoritesAreSavedListedRemovedAndLimited() async {
        let chat = InProcessChat(settings: BotSettings(favoritesLimit: 2, cooldownCommands: 0))
        await chat.say("!gif cats")
        #expect(await chat.say("!fav").first?.hasPrefix("Saved \"GIF gif1\" (gif1) to your favorites (1/2).") == true)
        #expect(await chat.say("!fav gif3").first?.hasPrefix("Saved \"GIF gif3\" (gif3)") == true)
        #expect(await chat.say("!fav gif4").first?.hasPrefix("Your favorites are full (2/2)") == true)
        let favorites = await chat.say("!favs")
        #expect(favorites.first == "Your favorites (2, page 1/1, newest first):")
        #expect(favorites.dropFirst().map { $0.contains("(gif3)") } == [true, false], "newest first")
        #expect(await chat.say("!favs alice", as: "bob").count == 3, "anyone may look at alice's")
        #expect(await chat.say("!unfav 1") == ["Removed \"GIF gif3\" (gif3) from your favorites."])
        let edge = await chat.say("!unfav -9223372036854775808")
        #expect(edge == ["There is no favorite number -9223372036854775808; you have 1."], "\(edge)")
        #expect(await chat.stored().favorites[InProcessChat.user("alice")]?.map(\.gifID) == ["gif1"])
    }

    @Test func recentSearchesAreListedWithoutDuplicatesAndCleared() async {
        let chat = InProcessChat()
        for query in ["cats", "dogs", "cats"] { await chat.say("!gif \(query)") }
        #expect(await chat.say("!recent") == ["Your recent searches: cats, dogs"])
        #expect(await chat.say("!recent clear") == ["Your recent searches are cleared."])
        #expect(await chat.say("!recent") == ["You have no recent searches; try !gif <query>."])
        #expect(await chat.stored().recent[InProcessChat.user("alice")] == nil)
    }

    @Test func randomTranslateAndTrendingAskTheSourceAndRememberTheGif() async {
        let chat = InProcessChat()
        #expect(await chat.say("!random").first?.contains("(gif1)") == true)
        #expect(
            await chat.stored().randomIDs[InProcessChat.user("alice")] == "fakerandomid0001",
            "a random id is kept per user")
        #expect(await chat.say("!translate good morning").first?.contains("(gif6)") == true)
        #expect(await chat.say("!fav").first?.contains("(gif6)") == true, "the translated GIF is the last shown")
        let trending = await chat.say("!trending 3")
        #expect(trending.count == 3 && trending[0].hasPrefix("1. GIF gif1"))
        #expect(chat.sources[0].calls.contains("translate good morning"))
    }

    @Test func termsComeFromTheSource() async {
        let chat = InProcessChat()
        #expect(await chat.say("!trends") == ["Trending searches: cats, mondays (try !gif <term>)"])
        #expect(await chat.say("!suggest ca") == ["Suggestions for \"ca\": cas, ca funny"])
        #expect(await chat.say("!related cat") == ["Related to \"cat\": cat love, cat meme"])
    }

    @Test func infoHelpAboutAndUsage() async {
        let chat = InProcessChat()
        await chat.say("!gif cats")
        let info = await chat.say("!info")
        #expect(info.count == 1 && info[0].contains("(gif1)") && info[0].contains("rated G"), "\(info)")
        let help = await chat.say("!help fav")
        #expect(help == ["!fav [id]: save a GIF to your favorites (default: the last one you were shown)"], "\(help)")
        #expect(await chat.say("!about").first?.hasPrefix("GifBot ") == true)
        let usage = await chat.say("!gif")
        #expect(
            usage.first?.hasPrefix("Usage: !gif <query>") == true,
            "a command without its argument gets its usage: \(usage)")
        #expect(await chat.say("hello there").isEmpty && chat.sources[0].calls.count == 1, "chatter is not a command")
    }

    @Test func onlyAdminsChangeChannelSettingsAndTheyAreStored() async {
        let chat = InProcessChat(settings: BotSettings(maximumRating: .pg13, cooldownCommands: 0))
        #expect(await chat.say("!rating g") == ["Only bot admins can change this channel's settings."])
        #expect(
            await chat.say("!rating g", admin: true) == ["From now on I post GIFs rated at most g in this channel."])
        #expect(await chat.say("!rating r", admin: true).first?.hasPrefix("This bot never posts above pg-13") == true)
        #expect(
            await chat.say("!cooldown 2 60", admin: true) == [
                "From now on each user may send 2 commands per 60 s in this channel."
            ])
        let settings = await chat.stored().channels["\(InProcessChat.network) #gifs"]
        #expect(settings?.rating == "g" && settings?.cooldownCommands == 2 && settings?.cooldownSeconds == 60)
        #expect(await chat.say("!cooldown") == ["Here each user may send 2 commands per 60 s."])
    }

    @Test func theChannelsRatingHidesWhatItDoesNotAllowEverywhere() async {
        let source = FakeGifSource(gifs: [
            FakeGifSource.gif("spicy", rating: "r"), FakeGifSource.gif("unrated", rating: nil),
            FakeGifSource.gif("mild", rating: "g"),
        ])
        let chat = InProcessChat(sources: [source], settings: BotSettings(maximumRating: .r, cooldownCommands: 0))
        await chat.say("!fav spicy")
        await chat.say("!fav unrated")
        await chat.say("!rating g", admin: true)
        #expect(
            await chat.say("!gif x").first?.contains("(mild)") == true, "search skips what the channel does not allow")
        let favorites = await chat.say("!favs")
        #expect(
            favorites.contains("1. (unrated, unrated, hidden here)")
                && favorites.contains("2. (spicy, rated r, hidden here)"), "\(favorites)")
        #expect(await chat.say("!info spicy") == ["That GIF is rated above what this channel allows (g)."])
        #expect(
            await chat.say("!fav spicy", in: "alice").first?.contains("already one of your favorites") == true,
            "in private the bot's own maximum applies")
    }

    @Test func aFailingSourceGivesAShortReplyAndNothingIsStored() async {
        let chat = InProcessChat()
        chat.sources[0].fail(with: .unavailable)
        #expect(await chat.say("!gif cats") == ["GIPHY is having trouble right now; try again in a minute."])
        #expect(await chat.say("!fav gif1") == ["GIPHY is having trouble right now; try again in a minute."])
        #expect(await chat.stored().favorites.isEmpty)
        chat.sources[0].fail(with: nil)
        #expect(
            await chat.say("!more") == ["Nothing to continue yet: search first with !gif <query>."],
            "a failed search leaves nothing half done")
        let again = await chat.say("!gif cats")
        #expect(again.first?.contains("(gif1)") == true, "the source answers again: \(again)")
    }
}
