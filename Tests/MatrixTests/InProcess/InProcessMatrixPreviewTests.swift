import GifBotCore
import Testing

@testable import Matrix

/// Previews (issue 24) on the in-process homeserver: one message replying to the command with the
/// bot's ✅ 🔀 ❌ under it; only the asker's reactions count; 🔀 edits in place, ✅ makes it the
/// post, ❌ and expiry redact it.
@Suite(.timeLimit(.minutes(1))) struct InProcessMatrixPreviewTests {
    static func reaction(_ key: String, to eventID: String) -> JSONValue {
        ["m.relates_to": ["rel_type": "m.annotation", "event_id": .string(eventID), "key": .string(key)]]
    }

    /// The preview answering `command`, and its three buttons.
    static func preview(
        answering command: FakeEvent, in room: String, harness: InProcessMatrixBot
    ) async throws
        -> (FakeEvent, [FakeEvent])
    {
        let preview = try await harness.answer(to: command.eventID, in: room)
        let botUser = harness.botUser, shown = preview.eventID
        var buttons: [FakeEvent] = []
        for _ in 0..<3 {
            buttons.append(
                try await harness.homeserver.waitForEvent(in: room, after: buttons.last ?? preview) {
                    $0.sender == botUser && $0.type == "m.reaction"
                        && $0.content["m.relates_to"]?["event_id"]?.string == shown
                })
        }
        return (preview, buttons)
    }

    @Test func onlyTheAskersReactionsShuffleInPlaceAndSendMakesThePreviewThePost() async throws {
        try await withInProcessMatrixBot { harness in
            let server = harness.homeserver
            harness.start()
            let room = try await harness.roomWithBot()
            let bob = await server.register("bob")
            await server.invite(bob, to: room, by: harness.alice)
            try await server.join(bob, room)
            let botUser = harness.botUser

            let command = await server.say("!gif? cat", from: harness.alice, in: room)
            let (preview, buttons) = try await Self.preview(answering: command, in: room, harness: harness)
            #expect(preview.content["msgtype"]?.string == "m.image")
            #expect(preview.content["url"]?.string?.hasPrefix("mxc://") == true)
            #expect(preview.body?.hasPrefix("Preview for \(harness.alice): Cat catgif1 (catgif1)") == true)
            #expect(preview.content["filename"]?.string == "catgif1.gif")
            #expect(buttons.map { $0.content["m.relates_to"]?["key"]?.string } == ["✅", "🔀", "❌"])

            let bobs = await server.send(
                Self.reaction("🔀", to: preview.eventID), type: "m.reaction", from: bob, in: room)
            await server.send(
                Self.reaction("🔀", to: preview.eventID), type: "m.reaction", from: harness.alice, in: room)
            let shuffled = try await server.waitForEvent(in: room, after: bobs) {
                $0.sender == botUser && $0.type == "m.room.message"
            }
            #expect(shuffled.content["m.relates_to"]?["rel_type"]?.string == "m.replace")
            #expect(shuffled.content["m.relates_to"]?["event_id"]?.string == preview.eventID)
            #expect(shuffled.content["m.new_content"]?["body"]?.string?.contains("Cat catgif2 (catgif2)") == true)
            let newImage = shuffled.content["m.new_content"]?["url"]?.string
            #expect(newImage?.hasPrefix("mxc://") == true && newImage != preview.content["url"]?.string)

            let send = await server.send(
                Self.reaction("✅", to: preview.eventID), type: "m.reaction", from: harness.alice, in: room)
            let final = try await server.waitForEvent(in: room, after: send) {
                $0.sender == botUser && $0.type == "m.room.message"
            }
            #expect(final.content["m.relates_to"]?["event_id"]?.string == preview.eventID)
            #expect(final.content["m.new_content"]?["body"]?.string == "Cat catgif2 (catgif2)", "the plain form")
            for button in buttons {
                _ = try await server.waitForEvent(in: room) {
                    $0.type == "m.room.redaction" && $0.content["redacts"]?.string == button.eventID
                }
            }
            #expect(
                !(await server.events(in: room)).contains {
                    $0.sender == botUser && $0.content["msgtype"]?.string == "m.notice"
                },
                "bob's reaction did nothing (else alice's shuffle would have found no GIF left)")
            #expect(await !server.isRedacted(preview.eventID, in: room))
        }
    }

    @Test func cancelRedactsThePreview() async throws {
        try await withInProcessMatrixBot { harness in
            harness.start()
            let room = try await harness.roomWithBot()
            let command = await harness.homeserver.say("!gif? cat", from: harness.alice, in: room)
            let (preview, _) = try await Self.preview(answering: command, in: room, harness: harness)
            await harness.homeserver.send(
                Self.reaction("❌", to: preview.eventID), type: "m.reaction", from: harness.alice, in: room)
            let botUser = harness.botUser, shown = preview.eventID
            _ = try await harness.homeserver.waitForEvent(in: room) {
                $0.sender == botUser && $0.type == "m.room.redaction" && $0.content["redacts"]?.string == shown
            }
            #expect(await harness.homeserver.isRedacted(shown, in: room))
        }
    }

    @Test func anExpiredPreviewIsRedactedAndNothingIsPosted() async throws {
        try await withInProcessMatrixBot(settings: BotSettings(cooldownCommands: 0, previewDuration: .seconds(1))) {
            harness in
            harness.start()
            let room = try await harness.roomWithBot()
            let botUser = harness.botUser
            let command = await harness.homeserver.say("!gif? cat", from: harness.alice, in: room)
            let preview = try await harness.answer(to: command.eventID, in: room)
            let shown = preview.eventID
            _ = try await harness.homeserver.waitForEvent(in: room) {
                $0.sender == botUser && $0.type == "m.room.redaction" && $0.content["redacts"]?.string == shown
            }
            #expect(
                !(await harness.homeserver.events(in: room)).contains {
                    $0.sender == botUser && $0.type == "m.room.message" && $0.eventID != shown
                }, "nothing was posted")
        }
    }
}
