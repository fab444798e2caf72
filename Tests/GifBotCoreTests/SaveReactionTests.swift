import CoreTestSupport
import GifBotCore
import GifSources
import Testing

/// A 💾 reaction on a GIF the bot posted saves it to the channel's collection (issue 25): the
/// same rules and replies as `!save <id>`; on any other message, or any other key, nothing.
@Suite struct SaveReactionTests {
    let gifs = CollectionChannel(network: InProcessChat.network, channel: "#gifs")

    func reaction(_ key: String, by user: String, to messageID: String, admin: Bool = false) -> ChatReaction {
        ChatReaction(
            user: ChatUser(network: InProcessChat.network, id: user, displayName: user), conversation: "#gifs",
            messageID: messageID, key: key, senderIsAdmin: admin)
    }

    /// Posts a GIF for alice and tells the bot the network showed it as `messageID`.
    func post(_ chat: InProcessChat, _ command: String, as messageID: String) async -> String? {
        guard case .gif(let card) = await chat.replies(to: command).first else { return nil }
        chat.bot.gifPosted(card.id, in: "#gifs", as: messageID)
        return card.id
    }

    @Test func aFloppyDiskOnAPostedGifSavesItOnceAndNothingElseDoes() async {
        let chat = InProcessChat()
        #expect(await post(chat, "!gif cats", as: "$posted") == "gif1")
        #expect(await chat.bot.handle(reaction("💾", by: "bob", to: "$notice")).isEmpty, "not a GIF message")
        #expect(await chat.bot.handle(reaction("👍", by: "bob", to: "$posted")).isEmpty, "not the save key")
        let other = ChatReaction(
            user: ChatUser(network: InProcessChat.network, id: "bob", displayName: "bob"), conversation: "#other",
            messageID: "$posted", key: "💾")
        #expect(await chat.bot.handle(other).isEmpty, "a message id counts only in its own room")
        #expect(
            await chat.bot.handle(reaction("💾\u{FE0F}", by: "bob", to: "$posted")).map(\.line)
                == ["Saved \"GIF gif1\" (gif1) to this channel's collection (1/500)."])
        #expect(
            await chat.bot.handle(reaction("💾", by: "carol", to: "$posted")).first?.line.hasPrefix(
                "\"GIF gif1\" (gif1) is already in this channel's collection, saved by bob") == true)
        let stored = await chat.stored().collections[gifs] ?? []
        #expect(stored.map(\.gifID) == ["gif1"] && stored.first?.tags == [])
        #expect(stored.first?.savedBy == InProcessChat.user("bob"))
    }

    @Test func theChannelsSaverPolicyAndLimitApply() async {
        let chat = InProcessChat(settings: BotSettings(cooldownCommands: 0, collectionLimit: 1))
        await chat.say("!collection admins", admin: true)
        _ = await post(chat, "!gif cats", as: "$first")
        _ = await post(chat, "!more", as: "$second")
        #expect(
            await chat.bot.handle(reaction("💾", by: "bob", to: "$first")).map(\.line)
                == ["Only bot admins can save to this channel's collection."])
        #expect(
            await chat.bot.handle(reaction("💾", by: "root", to: "$first", admin: true)).first?.line.hasPrefix(
                "Saved") == true)
        #expect(
            await chat.bot.handle(reaction("💾", by: "root", to: "$second", admin: true)).first?.line.hasPrefix(
                "This channel's collection is full (1/1)") == true)
    }
}
