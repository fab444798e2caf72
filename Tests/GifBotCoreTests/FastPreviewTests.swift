import CoreTestSupport
import GifBotCore
import GifSources
import Testing

/// Previews through the core alone (issue 24): one open preview per user per conversation,
/// shuffle never repeats, send/pick post, cancel and expiry post nothing, required mode.
@Suite struct FastPreviewTests {
    @Test func aPreviewIsForTheAskerAndSendPostsItToTheChannel() async throws {
        let chat = InProcessChat()
        let shown = await chat.replies(to: "!gif? cats", messageID: "m1")
        guard case .preview(let preview) = shown.first, shown.count == 1 else {
            Issue.record("expected one preview, got \(shown)")
            return
        }
        #expect(preview.conversation == "#gifs" && preview.askerID == "alice" && preview.originMessageID == "m1")
        #expect(
            preview.lines == [
                "Preview for #gifs: GIF gif1 (gif1) https://media.example.org/gif1.gif (say !send, !shuffle or !cancel)"
            ])
        #expect(await chat.say("!send", as: "bob") == ["You have no open preview; !gif? <query> starts one."])
        let sent = await chat.replies(to: "!send")
        guard case .postPreview(let chosen) = sent.first else {
            Issue.record("expected a post, got \(sent)")
            return
        }
        #expect(chosen.card.id == "gif1" && chosen.conversation == "#gifs" && chosen.originMessageID == "m1")
        #expect(chosen.previewID == preview.previewID && chosen.shownPrivately)
        #expect(await chat.say("!send") == ["You have no open preview; !gif? <query> starts one."], "sent once")
        #expect(await chat.say("!fav").first?.contains("(gif1)") == true, "the sent GIF is the last shown")
    }

    @Test func shuffleNeverShowsAGifThisPreviewShowedAndEndsWhenNoneIsLeft() async {
        let chat = InProcessChat(sources: [FakeGifSource(gifs: (1...4).map { FakeGifSource.gif("gif\($0)") })])
        await chat.say("!gif cats")  // gif1 already posted; the preview search continues after it
        var seen: [String] = []
        seen.append(contentsOf: await chat.say("!preview cats"))
        for _ in 0..<2 { seen.append(contentsOf: await chat.say("!shuffle")) }
        let ids = seen.compactMap { line in ["gif2", "gif3", "gif4"].first { line.contains("(\($0))") } }
        #expect(ids == ["gif2", "gif3", "gif4"], "\(seen)")
        #expect(
            await chat.say("!shuffle") == ["That was the last GIF I can offer; !send, or !cancel."])
        let sent = await chat.replies(to: "!send")
        guard case .postPreview(let chosen) = sent.first else {
            Issue.record("\(sent)")
            return
        }
        #expect(chosen.card.id == "gif4", "send posts what the preview shows now")
    }

    @Test func randomAndTrendingShufflesSkipWhatWasShown() async {
        let chat = InProcessChat()
        await chat.say("!preview required", admin: true)
        #expect(await chat.say("!trending").first?.hasPrefix("Preview for #gifs: GIF gif1") == true)
        #expect(await chat.say("!shuffle").first?.contains("(gif2)") == true)
        #expect(await chat.say("!random").first?.hasPrefix("Preview for #gifs: GIF gif1") == true)
        // The fake's random always answers gif1: a shuffle must not offer it again.
        #expect(await chat.say("!shuffle") == ["That was the last GIF I can offer; !send, or !cancel."])
        #expect(await chat.say("!translate hi").first?.contains("(gif6)") == true)
        #expect(await chat.say("!shuffle").first?.contains("(gif1)") == true, "then the phrase's search results")
    }

    @Test func cancelAndExpiryPostNothingAndANewPreviewReplacesTheOld() async {
        let chat = InProcessChat(settings: BotSettings(cooldownCommands: 0, previewDuration: .seconds(120)))
        let start = ContinuousClock.now
        _ = await chat.replies(to: "!gif? cats", at: start)
        let replaced = await chat.replies(to: "!gif? dogs", at: start)
        guard case .preview(let new) = replaced.first, case .withdrawPreview(let old) = replaced.last else {
            Issue.record("\(replaced)")
            return
        }
        #expect(old.reason == .replaced && old.note == nil && new.previewID != old.previewID)
        #expect(await chat.say("!cancel") == ["Cancelled; nothing was posted to #gifs."])
        #expect(await chat.say("!send") == ["You have no open preview; !gif? <query> starts one."])

        _ = await chat.replies(to: "!gif? birds", at: start)
        let late = await chat.replies(to: "!send", at: start + .seconds(121))
        #expect(late.map(\.line) == ["You have no open preview; !gif? <query> starts one."], "expired")
        #expect(
            await chat.bot.expiredPreviews(shownBy: "irc", now: start + .seconds(121)).isEmpty,
            "a preview no message showed (an IRC notice) leaves nothing to take back")
    }

    @Test func privateMessagesAnswerTheLatestPreviewOfTheirSender() async {
        let chat = InProcessChat()
        _ = await chat.replies(to: "!gif? cats", in: "#one")
        _ = await chat.replies(to: "!gif? dogs", in: "#two")
        let sent = await chat.replies(to: "!send", in: "alice")
        guard case .postPreview(let chosen) = sent.first else {
            Issue.record("\(sent)")
            return
        }
        #expect(chosen.conversation == "#two")
        #expect(await chat.say("!cancel", in: "alice") == ["Cancelled; nothing was posted to #one."])
        #expect(await chat.say("!gif? cats", in: "alice").first?.hasPrefix("GIF gif1") == true, "no preview in private")
    }

    @Test func gifsThenPickPostsTheChosenOne() async {
        let chat = InProcessChat()
        #expect(await chat.say("!gifs cats").count == 3, "the list is posted as before")
        #expect(await chat.say("!pick 4") == ["Choose a number from 1 to 3."])
        let picked = await chat.replies(to: "!pick 2")
        guard case .postPreview(let chosen) = picked.first else {
            Issue.record("\(picked)")
            return
        }
        #expect(chosen.card.id == "gif2" && chosen.card.label == nil && !chosen.shownPrivately)
        #expect(await chat.say("!pick 1") == ["There is no list to pick from; !gifs <query> shows one."])
    }

    @Test func requiredModeIsForAdminsAndPreviewsEveryGif() async {
        let chat = InProcessChat()
        #expect(await chat.say("!preview required") == ["Only bot admins can change this channel's settings."])
        #expect(await chat.say("!gif cats").first?.hasPrefix("GIF gif1") == true)
        #expect(
            await chat.say("!preview required", admin: true) == [
                "From now on: Previews are required in this channel: every GIF is shown to its asker before it is posted."
            ])
        #expect(await chat.say("!gif cats").first?.hasPrefix("Preview for #gifs: GIF gif2") == true)
        let list = await chat.replies(to: "!gifs dogs")
        guard case .preview(let preview) = list.first else {
            Issue.record("\(list)")
            return
        }
        #expect(preview.isList && preview.lines.count == 4 && preview.lines[2].hasPrefix("2. GIF gif2"))
        #expect(await chat.stored().channels["chat #gifs"]?.previewMode == "required")
        await chat.say("!preview off", admin: true)
        #expect(await chat.say("!gif? cats") == ["Previews are off in this channel; !gif posts a GIF at once."])
        #expect(await chat.say("!preview") == ["Previews are off in this channel: every GIF is posted at once."])
    }

    @Test(arguments: [
        ("!gif? a b", Command.previewGif(query: "a b")), ("!preview x", .previewGif(query: "x")),
        ("!preview Required", .previewMode(.required)), ("!preview", .previewMode(nil)), ("!send", .send),
        ("!shuffle", .shuffle), ("!cancel", .cancel), ("!pick 2", .pick(2)), ("!pick 0", .usage(.pick)),
        ("!pick 9", .usage(.pick)), ("!send now", .usage(.send)), ("!gif?", .usage(.previewGif)),
    ])
    func previewCommandsParse(line: String, command: Command) {
        #expect(CommandParser(prefix: "!").parse(line) == command)
    }
}

/// `!gif cat | caption` (issue 24): the caption goes after the link, cleaned and short.
@Suite struct FastCaptionTests {
    @Test func aCaptionFollowsTheLinkAndSurvivesAPreview() async {
        let chat = InProcessChat()
        #expect(
            await chat.say("!gif cats |  when the \u{02}build\u{02} passes @room ")
                == ["GIF gif1 (gif1) https://media.example.org/gif1.gif — when the build passes"])
        #expect(await chat.say("!gif? cats | ship it").first?.contains("gif2.gif — ship it") == true)
        await chat.say("!shuffle")
        let sent = await chat.replies(to: "!send")
        guard case .postPreview(let chosen) = sent.first else {
            Issue.record("\(sent)")
            return
        }
        #expect(chosen.card.id == "gif3" && chosen.card.caption == "ship it", "the caption goes with the shuffled GIF")
        let long = await chat.say("!gif dogs | " + String(repeating: "a", count: 300))
        #expect(long.first.map { $0.count < 280 } == true, "at most 200 characters of caption")
        #expect(
            await chat.say("!gif | only a caption") == [
                "Usage: !gif <query> [| caption]: a GIF for your search; again for the next one you have not seen"
            ])
    }

    @Test(arguments: [
        ("!gif cat | hi there", Command.gif(query: "cat", caption: "hi there")), ("!gif cat |", .gif(query: "cat")),
        ("!gif? cat|x", .previewGif(query: "cat", caption: "x")),
        ("!preview a | b", .previewGif(query: "a", caption: "b")),
    ])
    func captionsParse(line: String, command: Command) {
        #expect(CommandParser(prefix: "!").parse(line) == command)
    }
}
