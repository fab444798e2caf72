import CoreTestSupport
import GifBotCore
import GifSources
import Testing

/// A channel's own commands (its collection, settings and gallery grants) only from its members
/// (issue 31): someone outside `#secret` (IRC without +n) is told so and changes nothing, and a
/// member who leaves loses the gallery's view of the channel.
@Suite struct ChannelMembershipTests {
    let secret = CollectionChannel(network: InProcessChat.network, channel: "#secret")
    let refusal = "You need to be in #secret to do that."

    @Test func anOutsiderCanNeitherReadNorWriteTheChannel() async {
        let chat = InProcessChat()
        await chat.say("!save gif2 party", in: "#secret")
        for command in [
            "!web", "!save gif1", "!save gif1 #cat", "!tag gif2 cat", "!untag gif2 party", "!forget gif2",
            "!collection", "!collection #party", "!gif #party", "!collection admins", "!collection public on",
            "!rating g", "!cooldown 1 10", "!preview required",
        ] {
            let replies = await chat.replies(to: command, as: "mallory", in: "#secret", admin: true, member: false)
            #expect(replies == [.notice(refusal)], "\(command)")
        }
        chat.bot.gifPosted("gif1", in: "#secret", as: "$posted")
        #expect(await chat.bot.handle(saveReaction(by: "mallory", member: false)) == [.notice(refusal)])
        let stored = await chat.stored()
        #expect(stored.collections[secret]?.map(\.gifID) == ["gif2"], "nothing saved, tagged or forgotten")
        #expect(stored.collections[secret]?.first?.tags == ["party"])
        #expect(stored.collectionPolicies[secret] == nil && stored.channels.isEmpty, "no setting changed")
        #expect(chat.webLinks.channels(of: "mallory").isEmpty, "no gallery grant")
    }

    /// What an outsider may still do: searches answered in the channel, reading its settings
    /// (anyone may), and their own favorites and recent searches.
    @Test func anOutsiderMayStillSearch() async {
        let chat = InProcessChat()
        #expect(
            await chat.say("!gif cats", as: "mallory", in: "#secret", member: false).first?.contains("gif1") == true)
        #expect(
            await chat.say("!rating", as: "mallory", in: "#secret", member: false).first?.hasPrefix("In this") == true)
        #expect(await chat.say("!fav", as: "mallory", in: "#secret", member: false).first?.contains("gif1") == true)
        #expect(await chat.say("!web", as: "mallory", in: "mallory", member: false).first?.contains("gallery") == true)
        #expect(chat.webLinks.channels(of: "mallory").isEmpty, "a private !web grants no channel")
    }

    @Test func aMemberWhoLeavesLosesTheGrantAndAnotherWebRenewsIt() async {
        let chat = InProcessChat()
        #expect(
            await chat.say("!web", in: "#secret").last == "I sent you a private message with your link to the gallery.")
        await chat.say("!web", as: "bob", in: "#secret")
        #expect(chat.webLinks.channels(of: "alice") == ["#secret"])
        await chat.leave("alice", from: "#secret")
        #expect(chat.webLinks.channels(of: "alice").isEmpty, "revoked on leaving")
        #expect(chat.webLinks.channels(of: "bob") == ["#secret"], "only the leaver's grant")
        await chat.say("!web", in: "#secret")
        #expect(chat.webLinks.channels(of: "alice") == ["#secret"], "back in, asked again")
    }

    /// A `!web` and the leave right after it, handed over in that order, act in that order: the
    /// grant cannot outlive the leave however the tasks run.
    @Test func aLeaveRightAfterWebRevokesWhatItGranted() async {
        let chat = InProcessChat()
        for _ in 0..<50 {
            let user = ChatUser(network: InProcessChat.network, id: "alice", displayName: "alice")
            let web = ChatMessage(user: user, conversation: "#secret", text: "!web")
            let webTurn = chat.bot.reserveTurn(for: web)
            let leaveTurn = chat.bot.reserveTurn(forLeaving: "#secret", by: user)
            async let left: Void = chat.bot.memberLeft(user, from: "#secret", in: leaveTurn)
            async let replies = chat.bot.handle(web, in: webTurn)
            _ = await (left, replies)
            #expect(chat.webLinks.channels(of: "alice").isEmpty)
        }
    }

    func saveReaction(by user: String, member: Bool) -> ChatReaction {
        ChatReaction(
            user: ChatUser(network: InProcessChat.network, id: user, displayName: user), conversation: "#secret",
            messageID: "$posted", key: "💾", senderIsMember: member)
    }
}
