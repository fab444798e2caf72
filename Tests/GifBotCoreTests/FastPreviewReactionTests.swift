import CoreTestSupport
import GifBotCore
import GifSources
import Testing

/// Reactions to a preview's message (issue 24): the generic "reaction to a bot message" input,
/// answered only for the asker and admins.
@Suite struct FastPreviewReactionTests {
    func reaction(_ key: String, by user: String, to messageID: String, admin: Bool = false) -> ChatReaction {
        ChatReaction(
            user: ChatUser(network: InProcessChat.network, id: user, displayName: user), conversation: "#gifs",
            messageID: messageID, key: key, senderIsAdmin: admin)
    }

    func openPreview(_ chat: InProcessChat, _ command: String = "!gif? cats") async throws -> PreviewCard {
        let replies = await chat.replies(to: command, messageID: "$command")
        guard case .preview(let preview) = replies.last else { throw PreviewMissing(replies: replies) }
        await chat.bot.previewShown(preview.previewID, in: "#gifs", as: "$shown", by: "account")
        return preview
    }

    /// The preview `!gif? cats` opens at `start`, not shown yet.
    func askPreview(_ chat: InProcessChat, at start: ContinuousClock.Instant) async throws -> PreviewCard {
        let replies = await chat.replies(to: "!gif? cats", at: start)
        guard case .preview(let preview) = replies.first else { throw PreviewMissing(replies: replies) }
        return preview
    }

    struct PreviewMissing: Error {
        let replies: [Reply]
    }

    @Test func theAskersButtonsShuffleAndSendOthersDoNothing() async throws {
        let chat = InProcessChat()
        let preview = try await openPreview(chat)
        #expect(await chat.bot.handle(reaction("🔀", by: "bob", to: "$shown")).isEmpty, "not bob's preview")
        #expect(await chat.bot.handle(reaction("🔀", by: "alice", to: "$other")).isEmpty, "not a preview message")
        #expect(await chat.bot.handle(reaction("👍", by: "alice", to: "$shown")).isEmpty, "not a button")
        let shuffled = await chat.bot.handle(reaction("🔀", by: "alice", to: "$shown"))
        guard case .preview(let next) = shuffled.first else {
            Issue.record("\(shuffled)")
            return
        }
        #expect(next.isShuffle && next.previewID == preview.previewID && next.shownMessageID == "$shown")
        #expect(next.choices.first?.id == "gif2")
        let sent = await chat.bot.handle(reaction("✅\u{FE0F}", by: "alice", to: "$shown"))
        guard case .postPreview(let chosen) = sent.first else {
            Issue.record("\(sent)")
            return
        }
        #expect(chosen.card.id == "gif2" && chosen.shownMessageID == "$shown" && chosen.originMessageID == "$command")
        #expect(await chat.bot.handle(reaction("✅", by: "alice", to: "$shown")).isEmpty, "sent once")
    }

    @Test func anAdminMayCancelAndListsArePickedByKeycaps() async throws {
        let chat = InProcessChat()
        _ = try await openPreview(chat)
        let cancelled = await chat.bot.handle(reaction("❌", by: "root", to: "$shown", admin: true))
        guard case .withdrawPreview(let withdrawn) = cancelled.first else {
            Issue.record("\(cancelled)")
            return
        }
        #expect(withdrawn.reason == .cancelled && withdrawn.shownMessageID == "$shown")

        await chat.say("!preview required", admin: true)
        let list = try await openPreview(chat, "!gifs dogs")
        #expect(list.isList && list.choices.count == 3)
        let picked = await chat.bot.handle(reaction("2\u{FE0F}\u{20E3}", by: "alice", to: "$shown"))
        guard case .postPreview(let chosen) = picked.first else {
            Issue.record("\(picked)")
            return
        }
        #expect(chosen.card.id == "gif2" && chosen.card.label == nil)
    }

    @Test func expiredPreviewsReportTheMessageThatShowedThem() async throws {
        let chat = InProcessChat()
        let start = ContinuousClock.now
        let preview = try await askPreview(chat, at: start)
        await chat.bot.previewShown(preview.previewID, in: "#gifs", as: "$shown", by: "account")
        let expired = await chat.bot.expiredPreviews(shownBy: "account", now: start + .seconds(121))
        #expect(expired.map(\.shownMessageID) == ["$shown"] && expired.map(\.reason) == [.expired])
        #expect(
            await chat.bot.expiredPreviews(shownBy: "account", now: start + .seconds(500)).isEmpty,
            "the sweep reports it once")
        #expect(await chat.bot.handle(reaction("✅", by: "alice", to: "$shown")).isEmpty, "an expired preview is gone")
    }

    /// A network's sweep sleeps until the next expiry of the previews its connection showed,
    /// not on a timer: nothing to wait for before one is shown, then its expiry.
    @Test func theNextExpiryIsThatOfThePreviewsAConnectionShowed() async throws {
        let chat = InProcessChat()
        let start = ContinuousClock.now
        let preview = try await askPreview(chat, at: start)
        #expect(await chat.bot.nextPreviewExpiry(shownBy: "account") == nil, "not shown by it yet")
        await chat.bot.previewShown(preview.previewID, in: "#gifs", as: "$shown", by: "account")
        let next = try #require(await chat.bot.nextPreviewExpiry(shownBy: "account"))
        #expect(next > start + .seconds(100) && next <= start + .seconds(121), "its expiry: \(next - start)")
        #expect(await chat.bot.nextPreviewExpiry(shownBy: "other") == nil, "another connection's")
        _ = await chat.bot.expiredPreviews(shownBy: "account", now: start + .seconds(121))
        #expect(await chat.bot.nextPreviewExpiry(shownBy: "account") == nil, "swept: nothing left to wait for")
    }

    /// Two Matrix accounts in one process share the core: each takes back only the previews it
    /// showed, since one account cannot redact another's message (or is not in its room).
    @Test func eachConnectionSweepsOnlyThePreviewsItShowed() async throws {
        let chat = InProcessChat()
        let start = ContinuousClock.now
        var shownBy: [String: String] = [:]
        for (room, account) in [("#one", "first"), ("#two", "second"), ("#three", "first")] {
            let replies = await chat.replies(to: "!gif? cats", in: room, at: start)
            guard case .preview(let preview) = replies.first else { throw PreviewMissing(replies: replies) }
            #expect(await chat.bot.previewShown(preview.previewID, in: room, as: "$\(room)", by: account))
            shownBy["$\(room)"] = account
        }
        let late = start + .seconds(121)
        #expect(await chat.bot.expiredPreviews(shownBy: "nobody", now: late).isEmpty)
        let second = await chat.bot.expiredPreviews(shownBy: "second", now: late)
        #expect(second.map(\.shownMessageID) == ["$#two"] && second.map(\.conversation) == ["#two"])
        let first = await chat.bot.expiredPreviews(shownBy: "first", now: late)
        #expect(Set(first.compactMap(\.shownMessageID)) == ["$#one", "$#three"], "still there for its own account")
        #expect(await chat.bot.expiredPreviews(shownBy: "first", now: late).isEmpty)
    }
}

extension FastPreviewReactionTests {
    @Test func aPreviewThatExpiredWhileItWasSentIsReportedClosed() async throws {
        let chat = InProcessChat()
        let start = ContinuousClock.now
        let preview = try await askPreview(chat, at: start)
        #expect(
            await chat.bot.previewShown(
                preview.previewID, in: "#gifs", as: "$late", by: "account", now: start + .seconds(121)) == false)
        #expect(
            await chat.bot.expiredPreviews(shownBy: "account", now: start + .seconds(122)).isEmpty,
            "the network takes back what it sent at once, so the sweep has nothing")
    }
}
