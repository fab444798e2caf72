import GifBotCore
import MatrixTestSupport
import Testing

@testable import Matrix

/// Previews on a real Synapse (issue 24): one message replying to the command with the bot's
/// ✅ 🔀 ❌ under it; only the asker's reactions count; 🔀 edits in place, ✅ makes it the post,
/// ❌ and expiry redact it.
@Suite(.timeLimit(.minutes(3))) struct MatrixPreviewTests {
    static func reaction(_ key: String, to eventID: String) -> JSONValue {
        ["m.relates_to": ["rel_type": "m.annotation", "event_id": .string(eventID), "key": .string(key)]]
    }

    /// The preview answering `command`, and its buttons' event ids in order, with their keys.
    static func preview(
        answering command: String, in room: String, harness: MatrixBotHarness
    ) async throws -> (MatrixTestEvent, [(id: String, key: String)]) {
        let preview = try await harness.answer(to: command, in: room)
        let botUser = harness.botUser, shown = preview.eventID
        var buttons: [(id: String, key: String)] = []
        for _ in 0..<3 {
            let button = try await harness.alice.waitForEvent(in: room) {
                $0.sender == botUser && $0.type == "m.reaction" && $0.relatesTo == shown
            }
            buttons.append((button.eventID, button.content["m.relates_to"]?["key"]?.stringValue ?? ""))
        }
        return (preview, buttons)
    }

    @Test func onlyTheAskersReactionsShuffleInPlaceAndSendMakesThePreviewThePost() async throws {
        try await withMatrixBot { harness in
            let server = harness.server
            harness.startBot(await harness.configuration())
            let room = try await harness.roomWithBot()
            let bobUser = try await server.registerUser(SynapseServer.uniqueLocalpart("bob"), password: "bob-password")
            let bob = MatrixTestClient(server: server, user: bobUser)
            try await harness.alice.invite(bobUser.userID, to: room)
            _ = try await bob.join(room)
            let botUser = harness.botUser

            let command = try await harness.alice.sendText("!gif? cat", to: room)
            let (preview, buttons) = try await Self.preview(answering: command, in: room, harness: harness)
            #expect(preview.msgtype == "m.image" && preview.url?.hasPrefix("mxc://") == true)
            #expect(preview.body?.hasPrefix("Preview for \(harness.alice.user.userID): Cat catgif1 (catgif1)") == true)
            #expect(preview.content["filename"]?.stringValue == "catgif1.gif")
            #expect(buttons.map(\.key) == ["✅", "🔀", "❌"])

            _ = try await bob.sendRaw(Self.reaction("🔀", to: preview.eventID), type: "m.reaction", to: room)
            _ = try await harness.alice.sendRaw(Self.reaction("🔀", to: preview.eventID), type: "m.reaction", to: room)
            let shuffled = try await harness.alice.waitForEvent(in: room) {
                $0.sender == botUser && $0.type == "m.room.message"
            }
            #expect(shuffled.relationType == "m.replace" && shuffled.relatesTo == preview.eventID)
            #expect(shuffled.newContent?["body"]?.stringValue?.contains("Cat catgif2 (catgif2)") == true)
            let newImage = shuffled.newContent?["url"]?.stringValue
            #expect(newImage?.hasPrefix("mxc://") == true && newImage != preview.url, "a new image")

            _ = try await harness.alice.sendRaw(Self.reaction("✅", to: preview.eventID), type: "m.reaction", to: room)
            let final = try await harness.alice.waitForEvent(in: room) {
                $0.sender == botUser && $0.type == "m.room.message"
            }
            #expect(final.relationType == "m.replace" && final.relatesTo == preview.eventID)
            #expect(final.newContent?["body"]?.stringValue == "Cat catgif2 (catgif2)", "the plain form")
            var redacted: Set<String> = []
            for _ in 0..<3 {
                let redaction = try await harness.alice.waitForEvent(in: room) {
                    $0.sender == botUser && $0.type == "m.room.redaction"
                }
                if let target = redaction.redacts { redacted.insert(target) }
            }
            #expect(redacted == Set(buttons.map(\.id)), "the buttons are gone")
            #expect(
                !(await harness.alice.events(in: room)).contains { $0.sender == botUser && $0.msgtype == "m.notice" },
                "bob's reaction did nothing (else alice's shuffle would have found no GIF left)")
            #expect(try await harness.alice.event(preview.eventID, in: room).isRedacted == false)
        }
    }

    @Test func cancelRedactsThePreview() async throws {
        try await withMatrixBot { harness in
            harness.startBot(await harness.configuration())
            let room = try await harness.roomWithBot()
            let botUser = harness.botUser
            let command = try await harness.alice.sendText("!gif? cat", to: room)
            let (preview, _) = try await Self.preview(answering: command, in: room, harness: harness)
            _ = try await harness.alice.sendRaw(Self.reaction("❌", to: preview.eventID), type: "m.reaction", to: room)
            let redaction = try await harness.alice.waitForEvent(in: room) {
                $0.sender == botUser && $0.type == "m.room.redaction"
            }
            #expect(redaction.redacts == preview.eventID)
            #expect(try await harness.alice.event(preview.eventID, in: room).isRedacted)
        }
    }

    @Test func anExpiredPreviewIsRedacted() async throws {
        try await withMatrixBot(settings: BotSettings(cooldownCommands: 0, previewDuration: .seconds(1))) { harness in
            harness.startBot(await harness.configuration())
            let room = try await harness.roomWithBot()
            let botUser = harness.botUser
            let command = try await harness.alice.sendText("!gif? cat", to: room)
            let preview = try await harness.answer(to: command, in: room)
            let shown = preview.eventID
            let redaction = try await harness.alice.waitForEvent(in: room) {
                $0.sender == botUser && $0.type == "m.room.redaction" && $0.redacts == shown
            }
            #expect(redaction.redacts == shown)
            #expect(
                !(await harness.alice.events(in: room)).contains {
                    $0.sender == botUser && $0.type == "m.room.message" && $0.eventID != shown
                }, "nothing was posted")
        }
    }
}
