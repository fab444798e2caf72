import Foundation
import MatrixTestSupport
import Testing

@testable import Matrix

/// The image pack on a real Synapse (issue 35, MSC2545): the bot needs the power to set room
/// state and says which level; given it, `!pack on` after `!save #party` publishes
/// `im.ponies.room_emotes` whose image downloads from the homeserver to the GIF's bytes, and
/// `!forget` takes it out.
@Suite(.timeLimit(.minutes(3))) struct MatrixImagePackTests {
    @Test func theCollectionBecomesARoomImagePackThatFollowsForgets() async throws {
        try await withMatrixBot { harness in
            harness.startBot(await harness.configuration())
            let room = try await harness.roomWithBot()
            let alice = harness.alice, botUser = harness.botUser
            func ask(_ text: String) async throws -> String {
                let command = try await alice.sendText(text, to: room)
                return try await harness.answer(to: command, in: room).body ?? ""
            }
            _ = try await ask("!gif cat")
            #expect(try await ask("!save #party").contains("party"))
            #expect(
                try await ask("!pack on")
                    == "I need power level 50 in this room to publish its image pack (I have 0); a moderator can raise mine."
            )

            // Alice created the room: from room version 12 a creator is not listed among the users.
            let levels: JSONValue = .object([
                "users": .object([botUser: .number(50)]), "users_default": .number(0), "state_default": .number(50),
                "events_default": .number(0),
            ])
            try await alice.setState("m.room.power_levels", content: levels, in: room)
            #expect(try await ask("!pack on").hasPrefix("This room's collection is now an image pack (1 GIFs)"))
            let path =
                "/_matrix/client/v3/rooms/\(room.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")/state/im.ponies.room_emotes/"
            let pack = try #require(try await alice.request("GET", path).requireSuccess().json)
            let images = try #require(pack["images"])
            let shortcode = try #require(images.objectValue?.keys.first)
            #expect(shortcode.hasPrefix("party-"))
            let uri = try #require(images[shortcode]?["url"]?.stringValue)
            let bytes = try await alice.downloadMedia(uri)
            #expect(bytes.starts(with: Array("GIF8".utf8)) && bytes.count > 1000, "the GIF itself, from the homeserver")

            let gifID = String(shortcode.dropFirst("party-".count))
            _ = try await ask("!forget \(gifID)")
            // Sent just after the answer: awaited in the room's timeline, where state events come too.
            _ = try await alice.waitForEvent(in: room) {
                $0.sender == botUser && $0.type == "im.ponies.room_emotes"
                    && $0.content["images"]?.objectValue?.isEmpty == true
            }
            #expect(try await ask("!pack off") == "This room's image pack is removed.")
        }
    }
}
