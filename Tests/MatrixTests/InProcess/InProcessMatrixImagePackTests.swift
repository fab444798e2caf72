import Foundation
import GifBotCore
import Testing

@testable import Matrix

/// A room's collection as an image pack (issue 35, MSC2545): `!pack on` publishes
/// `im.ponies.room_emotes` with each GIF uploaded once, saves and forgets change it at once,
/// `!pack off` empties it; only admins may.
@Suite(.timeLimit(.minutes(1))) struct InProcessMatrixImagePackTests {
    /// The room's latest image pack state event, once it satisfies `condition`.
    static func pack(
        _ harness: InProcessMatrixBot, in room: String, where condition: @escaping @Sendable (JSONValue) -> Bool
    ) async throws -> JSONValue {
        let botUser = harness.botUser
        let event = try await harness.homeserver.waitForEvent(in: room) {
            $0.sender == botUser && $0.type == ImagePackContent.stateType && $0.stateKey == "" && condition($0.content)
        }
        return event.content
    }

    @Test func theCollectionIsPublishedAsStickersAndFollowsSavesAndForgets() async throws {
        try await withInProcessMatrixBot { harness in
            harness.start(harness.configuration(admins: [harness.alice]))
            let room = try await harness.roomWithBot()
            _ = try await harness.ask("!gif cat", in: room)
            _ = try await harness.ask("!save #party", in: room)

            let said = try await harness.ask("!pack on", in: room)
            #expect(said.body?.hasPrefix("This room's collection is now an image pack (1 GIFs)") == true)
            let pack = try await Self.pack(harness, in: room) { $0["images"]?.objectValue?.count == 1 }
            #expect(pack["pack"]?["usage"] == ["sticker"])
            let image = try #require(pack["images"]?["party-catgif1"])
            #expect(image["body"]?.string == "Cat catgif1")
            let uri = try #require(image["url"]?.string)
            #expect(await harness.homeserver.download(uri)?.count == 30_000, "the GIF's own bytes on the homeserver")
            #expect(image["info"]?["mimetype"]?.string == "image/gif")

            _ = try await harness.ask("!more", in: room)
            _ = try await harness.ask("!save #dance", in: room)
            _ = try await Self.pack(harness, in: room) { $0["images"]?["dance-catgif2"] != nil }
            _ = try await harness.ask("!forget catgif1", in: room)
            let after = try await Self.pack(harness, in: room) { $0["images"]?["party-catgif1"] == nil }
            #expect(after["images"]?.objectValue?.keys.sorted() == ["dance-catgif2"], "a forget shows at once")

            let off = try await harness.ask("!pack off", in: room)
            #expect(off.body == "This room's image pack is removed.")
            _ = try await Self.pack(harness, in: room) { $0 == [:] }
        }
    }

    @Test func onlyAdminsTurnItOnAndOtherNetworksSayTheyHaveNone() async throws {
        try await withInProcessMatrixBot { harness in
            harness.start()
            let room = try await harness.roomWithBot()
            // Alice made the room (a moderator there); bob is a plain member.
            let bob = await harness.homeserver.register("bob")
            await harness.homeserver.invite(bob, to: room, by: harness.alice)
            _ = try await harness.homeserver.join(bob, room)
            let asked = await harness.homeserver.say("!pack on", from: bob, in: room)
            let refused = try await harness.answer(to: asked.eventID, in: room)
            #expect(refused.body?.hasPrefix("Only ") == true && refused.body?.contains("image pack") == true)
            let botUser = harness.botUser
            #expect(
                await harness.homeserver.events(in: room).allSatisfy {
                    $0.type != ImagePackContent.stateType || $0.sender != botUser
                })
        }
        #expect(
            Reply.roomFeature(RoomFeatureChange(feature: .imagePack, isOn: true, conversation: "#c")).line
                == "Image packs are a Matrix feature; this network has none.")
    }
}
