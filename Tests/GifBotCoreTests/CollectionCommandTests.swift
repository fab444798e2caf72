import CoreTestSupport
import GifBotCore
import GifSources
import Testing

/// `!save`, `!tag`, `!untag`, `!forget`, `!collection`, `!gif #tag` through the core alone
/// (issue 25): an in-process chat, a fake source and the in-memory store.
@Suite struct CollectionCommandTests {
    let gifs = CollectionChannel(network: InProcessChat.network, channel: "#gifs")

    func entries(_ chat: InProcessChat) async -> [CollectionEntry] {
        await chat.stored().collections[gifs] ?? []
    }

    @Test func saveKeepsTheLastGifShownInTheChannelWithTags() async {
        let chat = InProcessChat()
        await chat.say("!gif cats", as: "bob")
        #expect(
            await chat.say("!save Party #CAT party")
                == ["Saved \"GIF gif1\" (gif1) to this channel's collection with #party #cat (1/500)."],
            "the last GIF shown here to anyone; tags lowercased, once each")
        #expect(await chat.say("!save gif3 lol").first?.hasPrefix("Saved \"GIF gif3\" (gif3)") == true)
        #expect(
            await chat.say("!save gif1", as: "carol").first?.contains(
                "already in this channel's collection, saved by alice")
                == true)
        let stored = await entries(chat)
        #expect(stored.map(\.gifID) == ["gif3", "gif1"])
        let first = stored[1]
        #expect(first.tags == ["cat", "party"] && first.savedBy == InProcessChat.user("alice"))
        #expect(first.source == "giphy" && first.url == "https://media.example.org/gif1.gif")
        #expect(first.preview == CollectionPreview(url: "https://media.example.org/gif1.gif", width: 200, height: 100))
        #expect(first.pageURL == "https://example.org/gifs/gif1" && first.rating == "g")
    }

    @Test func badSavesGetShortReplies() async {
        let chat = InProcessChat(settings: BotSettings(cooldownCommands: 0, collectionLimit: 1))
        #expect(await chat.say("!save") == ["No GIF shown here yet: search with !gif first, or use !save <id>."])
        #expect(await chat.say("!save gif1", in: "alice") == ["Collections belong to channels: use this in a channel."])
        #expect(await chat.say("!save gif1 b@d").first?.hasPrefix("\"b@d\" is not a tag") == true)
        #expect(
            await chat.say("!save gif1 \(String(repeating: "x", count: 33))").first?.contains("at most 32 characters")
                == true)
        #expect(await chat.say("!save gif1 a b c d e f g h i j k") == ["A GIF has at most 10 tags."])
        #expect(await chat.say("!save gif1").first?.hasPrefix("Saved") == true)
        #expect(await chat.say("!save gif2").first?.hasPrefix("This channel's collection is full (1/1)") == true)
        #expect(await chat.say("!save giphy:../x") == ["\"giphy:../x\" is not a GIPHY id."])
        #expect(await chat.say("!save ../x").first?.hasPrefix("\"../x\" is not a tag") == true)
        #expect(await entries(chat).count == 1)
    }

    @Test func tagUntagAndForgetBelongToTheSaverOrAnAdmin() async {
        let chat = InProcessChat()
        await chat.say("!save gif1 party")
        #expect(
            await chat.say("!tag gif1 cat", as: "bob") == ["Only alice, who saved gif1, or a bot admin can change it."])
        #expect(await chat.say("!tag gif1 cat") == ["gif1 is now tagged #cat #party."])
        #expect(await chat.say("!untag gif1 dog") == ["gif1 is not tagged #dog."])
        #expect(await chat.say("!untag gif1 #party", as: "bob", admin: true) == ["Removed #party from gif1."])
        #expect(await chat.say("!tag gif9 cat") == ["gif9 is not in this channel's collection."])
        #expect(await chat.say("!tag gif1 a b c d e f g h i j").first?.hasPrefix("A GIF has at most 10 tags") == true)
        #expect(await chat.say("!tag gif1").first?.hasPrefix("Usage: !tag <id> <#tags>") == true)
        #expect(
            await chat.say("!forget gif1", as: "bob") == ["Only alice, who saved gif1, or a bot admin can change it."])
        #expect(await chat.say("!forget gif1") == ["Removed gif1 from this channel's collection."])
        #expect(await entries(chat).isEmpty)
    }

    @Test func gifWithATagPagesThroughTheCollectionWithoutRepeats() async {
        let chat = InProcessChat()
        for id in ["gif1", "gif2", "gif3"] { await chat.say("!save \(id) party") }
        await chat.say("!save gif4 work")
        var seen: [String] = []
        for command in ["!gif #party", "!more", "!gif #party"] {
            let reply = await chat.say(command, as: "bob")
            #expect(reply.count == 1)
            seen.append(
                contentsOf: reply.compactMap { line in ["gif1", "gif2", "gif3"].first { line.contains("(\($0))") } })
        }
        #expect(Set(seen) == ["gif1", "gif2", "gif3"] && seen.count == 3, "\(seen)")
        #expect(
            await chat.say("!gif #party", as: "bob") == [
                "That was the last GIF tagged #party here; !gif #party starts over."
            ])
        #expect(await chat.say("!gif #party", as: "bob").count == 1, "and it does")
        #expect(
            await chat.say("!gif #nothing")
                == ["Nothing in this channel's collection is tagged #nothing yet: after a GIF, say !save #nothing."])
        #expect(await chat.say("!gif #").first?.hasPrefix("\"#\" is not a tag") == true)
    }

    @Test func gifWithATagSkipsGifsAboveTheChannelsRating() async {
        let source = FakeGifSource(gifs: [FakeGifSource.gif("tame1"), FakeGifSource.gif("wild1", rating: "r")])
        let chat = InProcessChat(sources: [source], settings: BotSettings(maximumRating: .r, cooldownCommands: 0))
        #expect(await chat.say("!save tame1 party").first?.hasPrefix("Saved") == true)
        #expect(await chat.say("!save wild1 party").first?.hasPrefix("Saved") == true)
        await chat.say("!rating g", admin: true)
        #expect(await chat.say("!gif #party").first?.contains("(tame1)") == true, "the newest, wild1, is rated above g")
        #expect(await chat.say("!gif #party") == ["That was the last GIF tagged #party here; !gif #party starts over."])
        let list = await chat.say("!collection")
        #expect(list.contains("1. (wild1, rated above this channel's g, hidden here)"), "\(list)")
    }

    @Test func collectionListsPagesAndFiltersByTag() async {
        let chat = InProcessChat()
        for id in 1...6 { await chat.say("!save gif\(id) \(id % 2 == 0 ? "even" : "odd")") }
        let first = await chat.say("!collection")
        #expect(first.first == "This channel's GIFs (6, page 1/2, newest first):")
        #expect(first[1] == "1. GIF gif6 (gif6) #even, saved by alice")
        #expect(first.last == "More: !collection 2")
        #expect(await chat.say("!collection 2").count == 2)
        #expect(await chat.say("!collection 3") == ["There is no page 3: the GIFs fill 2 pages."])
        let even = await chat.say("!collection #even")
        #expect(even.first == "This channel's GIFs tagged #even (3, page 1/1, newest first):" && even.count == 4)
        #expect(await chat.say("!collection even 2") == ["There is no page 2: the GIFs tagged #even fill 1 page."])
        #expect(await chat.say("!collection #none") == ["Nothing in this channel's collection is tagged #none."])
        #expect(
            await chat.say("!collection", in: "#empty").first?.hasPrefix("This channel's collection is empty") == true)
        #expect(await chat.say("!collection 1 2 3").first?.hasPrefix("Usage: !collection") == true)
    }

    @Test func adminsChooseWhoMaySaveAndWhetherTheCollectionIsPublic() async {
        let chat = InProcessChat()
        #expect(await chat.say("!collection admins") == ["Only bot admins can change who may save here."])
        #expect(
            await chat.say("!collection admins", admin: true)
                == ["From now on only bot admins may save to this channel's collection."])
        #expect(await chat.say("!save gif1") == ["Only bot admins can save to this channel's collection."])
        #expect(await chat.say("!save gif1", admin: true).first?.hasPrefix("Saved") == true)
        #expect(await chat.say("!collection public on") == ["Only bot admins can make this collection public."])
        #expect(
            await chat.say("!collection public on", admin: true) == [
                "This channel's collection is now public; anyone can browse it at https://gallery.example.org/c/chat/#gifs"
            ])
        #expect(await chat.say("!collection public maybe", admin: true).first?.hasPrefix("Usage: !collection") == true)
        #expect((try? await chat.store.publicCollections()) == [gifs])
        #expect(await chat.stored().collectionPolicies[gifs] == CollectionPolicy(savers: .admins, isPublic: true))
        #expect(
            await chat.say("!collection open", admin: true) == [
                "From now on anyone here may save to this channel's collection."
            ])
        #expect(await chat.say("!save gif2").first?.hasPrefix("Saved") == true)
    }
}

@Suite struct CollectionCommandParserTests {
    let parser = CommandParser(prefix: "!")

    @Test func idsAndTagsAreToldApart() {
        #expect(parser.parse("!save") == .save(id: nil, tags: []))
        #expect(parser.parse("!save Party LOL #y2k") == .save(id: nil, tags: ["party", "lol", "y2k"]))
        #expect(parser.parse("!save l0NwGpoOVLTAyUJSo dark") == .save(id: "l0NwGpoOVLTAyUJSo", tags: ["dark"]))
        #expect(parser.parse("!save klipy:hello-hi-662") == .save(id: "klipy:hello-hi-662", tags: []))
        #expect(parser.parse("!save y2k") == .save(id: "y2k", tags: []), "a digit makes it an id; #y2k is the tag")
        #expect(parser.parse("!gif #Party") == .gifTag("party"))
        #expect(parser.parse("!gif #party time") == .gif(query: "#party time"), "more than one word is a search")
        #expect(parser.parse("!tag x1 a #b a") == .tag(id: "x1", tags: ["a", "b"]))
        #expect(parser.parse("!untag x1 #B") == .untag(id: "x1", tag: "b"))
        #expect(parser.parse("!untag x1") == .usage(.untag))
        #expect(parser.parse("!forget x1 x2") == .usage(.forget))
        #expect(parser.parse("!collection Public ON") == .collectionPublic(true))
        #expect(parser.parse("!collection admins") == .collectionSavers(.admins))
        #expect(parser.parse("!collection #admins") == .collection(tag: "admins", page: 1))
        #expect(parser.parse("!collection 0") == .usage(.collection))
        #expect(parser.parse("!collection 9223372036854775808") == .usage(.collection))
        #expect(parser.parse("!collection x 9223372036854775807") == .usage(.collection))
        #expect(parser.parse("!collection x 999999999") == .collection(tag: "x", page: 999_999_999))
        #expect(parser.parse("!collection é_ü") == .collection(tag: "é_ü", page: 1))
        #expect(parser.parse("!collection <script>") == .invalidTag("<script>"))
    }

    @Test func aHugePageIsAnsweredNotTrapped() async {
        let chat = InProcessChat()
        await chat.say("!save gif1 x")
        #expect(
            await chat.say("!collection x 999999999") == ["There is no page 999999999: the GIFs tagged #x fill 1 page."]
        )
    }
}
