import BotTestSupport
import Foundation
import GifBotCore
import GiphyStandIn
import Testing

@testable import Matrix

/// GIFs picked in the gallery, posted by the adapter (issue 35): an inline image whose caption
/// names the picker and mentions nobody, encrypted in an encrypted room; nothing where the
/// account is not in the room.
@Suite(.timeLimit(.minutes(1))) struct InProcessMatrixPickTests {
    /// GIPHY's answer for one GIF of the harness's cat search, by id.
    static func catByID(_ standIn: GiphyStandIn, _ id: String) throws -> StandInResponse {
        let search = MatrixBotHarness.catSearch(standIn, ids: [id])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(search.body)) as? [String: Any])
        let gif = try #require((object["data"] as? [Any])?.first)
        let body: [String: Any] = ["data": gif, "meta": ["status": 200, "msg": "OK", "response_id": "cat"]]
        return StandInResponse(body: Array(try JSONSerialization.data(withJSONObject: body)))
    }

    @Test func aPickIsAnImageNamingItsPickerWithoutMentioningAnyone() async throws {
        try await withInProcessMatrixBot { harness in
            harness.start()
            let room = try await harness.roomWithBot()
            harness.standIn.override("/v1/gifs/catgif1", with: try Self.catByID(harness.standIn, "catgif1"))
            let alice = ChatUser(network: MatrixAdapter.network, id: harness.alice, displayName: harness.alice)

            let outcome = await harness.testBot.bot.pick("catgif1", caption: "friday", by: alice, in: room)
            #expect(outcome == .posted)
            let botUser = harness.botUser
            let post = try await harness.homeserver.waitForEvent(in: room) {
                $0.sender == botUser && $0.content["msgtype"]?.string == "m.image"
            }
            #expect(post.content["body"]?.string == "\(harness.alice) picked: Cat catgif1 — friday")
            #expect(post.content["m.mentions"] == .object([:]), "names the picker, pings nobody")
            #expect(post.content["url"]?.string?.hasPrefix("mxc://") == true)

            let elsewhere = await harness.homeserver.createRoom(by: harness.alice, invite: [])
            let refused = await harness.testBot.bot.pick("catgif1", caption: nil, by: alice, in: elsewhere)
            #expect(refused == .refused("GifBot is not in \(elsewhere) now; try again later."))
        }
    }

    @Test func aPickIntoAnEncryptedRoomIsEncryptedAndThePickersDeviceReadsIt() async throws {
        try await withInProcessMatrixBot { harness in
            let (alice, room, _) = try await InProcessMatrixEncryptionTests.encryptedRoom(harness)
            harness.standIn.override("/v1/gifs/catgif2", with: try Self.catByID(harness.standIn, "catgif2"))
            let picker = ChatUser(network: MatrixAdapter.network, id: harness.alice, displayName: harness.alice)

            #expect(await harness.testBot.bot.pick("catgif2", caption: nil, by: picker, in: room) == .posted)
            let botUser = harness.botUser
            let post = try await harness.homeserver.waitForEvent(in: room) {
                $0.sender == botUser && $0.type == "m.room.encrypted"
            }
            let opened = try await alice.open(post)
            #expect(opened["content"]?["msgtype"]?.string == "m.image")
            #expect(opened["content"]?["body"]?.string == "\(harness.alice) picked: Cat catgif2")
            #expect(opened["content"]?["file"]?["url"]?.string?.hasPrefix("mxc://") == true, "the GIF encrypted too")
            #expect(opened["content"]?["url"] == nil)
        }
    }
}
