import CoreTestSupport
import GifBotCore
import GifSources
import Testing

/// What the core does with a conversation as a whole: whose state a command reads, which lines
/// are commands at all, the per-user cool-down, other people's favorites, and falling back to the
/// next source. These ran end to end through the console before issue 21; the console suites
/// keep what is about the process (configuration, restarts, the real GIPHY client).
@Suite struct FastConversationTests {
    @Test func searchStateBelongsToOnePersonInOneConversation() async {
        let chat = InProcessChat()
        await chat.say("!gif cats", in: "#a")
        #expect(await chat.say("!more", in: "#b") == ["Nothing to continue yet: search first with !gif <query>."])
        #expect(
            await chat.say("!more", as: "bob", in: "#a") == ["Nothing to continue yet: search first with !gif <query>."]
        )
        #expect(await chat.say("!more", in: "#a").first?.contains("(gif2)") == true)
    }

    @Test func theEndOfTheResultsIsSaidAndRepeatingASearchShowsWhatIsNext() async {
        let chat = InProcessChat()
        var shown: [String] = []
        for line in ["!gif cats"] + Array(repeating: "!more", count: 5) {
            shown += await chat.say(line)
        }
        #expect(Set(shown).count == 6, "six distinct GIFs: \(shown)")
        #expect(await chat.say("!more") == ["That was the last result for \"cats\"; try another search."])
        let again = InProcessChat()
        await again.say("!gif dogs")
        #expect(await again.say("!gif dogs").first?.contains("(gif2)") == true, "the same search again shows the next")
    }

    @Test func missingArgumentsGetUsageLinesWithoutAskingTheSource() async {
        let chat = InProcessChat()
        var answers: [String] = []
        for line in ["!gif", "!gifs   ", "!translate", "!suggest", "!related", "!fav a b"] {
            answers += await chat.say(line)
        }
        #expect(
            answers == [
                "Usage: !gif <query> [| caption]: a GIF for your search; again for the next one you have not seen",
                "Usage: !gifs <query>: the top three results as a list",
                "Usage: !translate <phrase>: the single best GIF for a phrase",
                "Usage: !suggest <prefix>: search terms that start with a prefix",
                "Usage: !related <term>: search terms related to a term",
                "Usage: !fav [id]: save a GIF to your favorites (default: the last one you were shown)",
            ])
        #expect(chat.sources[0].calls.isEmpty)
    }

    @Test func otherLinesAndOtherBotsCommandsAreIgnoredAndFormattingIsForgiven() async {
        let chat = InProcessChat()
        for line in ["hello", "!", "!!", "!op me", "!seen bob", "gif cat", "  "] {
            #expect(await chat.say(line).isEmpty, "\(line) is not ours")
        }
        #expect(chat.sources[0].calls.isEmpty)
        let formatted = await chat.say("   \u{02}!GiF\u{02}   \u{03}4,2bat\u{0F}man   ")
        #expect(formatted.first?.contains("(gif1)") == true, "\(formatted)")
        #expect(await chat.say("\t!RECENT") == ["Your recent searches: batman"])
    }

    @Test func theCooldownWarnsOnceThenStaysSilentAndIsPerUser() async {
        let chat = InProcessChat(settings: BotSettings(cooldownCommands: 2, cooldownWindow: .seconds(30)))
        var alice: [String] = []
        for _ in 0..<4 { alice += await chat.say("!about") }
        #expect(alice.count == 3, "two answers, one warning, then silence: \(alice)")
        #expect(alice[0].hasPrefix("GifBot ") && alice[1].hasPrefix("GifBot "))
        #expect(alice[2].hasPrefix("You're sending commands too fast; I'll listen again in "), "\(alice[2])")
        #expect(await chat.say("!about", as: "bob").first?.hasPrefix("GifBot ") == true, "bob has his own budget")
    }

    @Test func anyoneMayPageThroughSomeoneElsesFavorites() async {
        let gifs = (1...7).map { FakeGifSource.gif("gif\($0)") }
        let chat = InProcessChat(sources: [FakeGifSource(gifs: gifs)])
        for gif in gifs { await chat.say("!fav \(gif.ref.key)") }
        let first = await chat.say("!favs alice", as: "bob")
        #expect(first.first == "alice's favorites (7, page 1/2, newest first):")
        #expect(first.count == 7 && first[1].contains("(gif7)") && first[6] == "More: !favs alice 2", "\(first)")
        let second = await chat.say("!favs ALICE 2", as: "bob")
        #expect(second.first == "ALICE's favorites (7, page 2/2, newest first):")
        #expect(second.last?.hasPrefix("7. ") == true && second.last?.contains("(gif1)") == true)
        #expect(await chat.say("!favs alice 3", as: "bob") == ["There is no page 3: alice's favorites fill 2 pages."])
        #expect(
            await chat.say("!favs", as: "bob") == [
                "You have no favorites yet: after a GIF, say !fav to keep it (or !fav <id>)."
            ])
        #expect(await chat.say("!favs carol", as: "bob") == ["carol has no favorites yet."])
    }

    @Test func idsAreCheckedBeforeAnyCall() async {
        let chat = InProcessChat()
        #expect(await chat.say("!fav ../../etc/passwd") == ["\"../../etc/passwd\" is not a GIPHY id."])
        #expect(await chat.say("!fav doesNotExist") == ["GIPHY has no GIF with that id."])
        #expect(chat.sources[0].calls == ["gif doesNotExist"], "only the well-formed id was looked up")
    }

    @Test func aFailingFirstSourceFallsBackToTheNextAndSaysSo() async {
        let first = FakeGifSource(id: .giphy, gifs: [FakeGifSource.gif("g1")])
        let second = FakeGifSource(
            id: .klipy, gifs: [FakeGifSource.gif("k1", source: .klipy), FakeGifSource.gif("k2", source: .klipy)])
        let chat = InProcessChat(sources: [first, second])
        first.fail(with: .rateLimited(retryAfterSeconds: 60))
        let answer = await chat.say("!gif cats")
        #expect(
            answer.first?.contains("(klipy:k1)") == true && answer.first?.hasSuffix(" (via KLIPY)") == true, "\(answer)"
        )
        #expect(
            await chat.say("!more").first?.contains("(klipy:k2)") == true, "!more stays on the source that answered")
        #expect(await chat.say("!fav").first?.contains("(klipy:k2)") == true)
        first.fail(with: nil)
        #expect(await chat.say("!gif dogs").first?.contains("(g1)") == true, "the first source serves again")
    }

    @Test func undoIsRefusedWhereTheNetworkCannotDelete() async {
        let chat = InProcessChat()
        await chat.say("!gif cats")
        #expect(await chat.say("!undo") == ["Messages can't be deleted here once they are sent."])
    }
}
