import Foundation
import GifBotCore
import GiphyStandIn
import MatrixTestSupport
import Testing

@testable import Matrix

/// A 💾 reaction on Synapse (issue 25): a member's 💾 on a GIF the bot posted saves it to the
/// room's collection, answered as `!save <id>` is; a 💾 on any other message does nothing.
@Suite(.timeLimit(.minutes(3))) struct MatrixSaveReactionTests {
    /// GIPHY's answer for catgif1 by id (what `!save <id>` looks up), as the search shows it.
    static func catByID(_ standIn: GiphyStandIn) -> StandInResponse {
        let search = MatrixBotHarness.catSearch(standIn).body
        let page = (try? JSONSerialization.jsonObject(with: Data(search))) as? [String: Any]
        let first = (page?["data"] as? [Any])?.first ?? [:]
        let body: [String: Any] = ["data": first, "meta": ["status": 200, "msg": "OK", "response_id": "catgif1"]]
        return StandInResponse(body: Array((try? JSONSerialization.data(withJSONObject: body)) ?? Data()))
    }

    @Test func aMembersFloppyDiskOnAPostedGifSavesItAndOnANoticeDoesNothing() async throws {
        try await withMatrixBot { harness in
            let server = harness.server
            harness.standIn.override("/v1/gifs/catgif1", with: Self.catByID(harness.standIn))
            harness.startBot(await harness.configuration())
            let room = try await harness.roomWithBot()
            let bobUser = try await server.registerUser(SynapseServer.uniqueLocalpart("bob"), password: "bob-password")
            let bob = MatrixTestClient(server: server, user: bobUser)
            try await harness.alice.invite(bobUser.userID, to: room)
            _ = try await bob.join(room)
            let botUser = harness.botUser

            let posted = try await harness.answer(to: try await harness.alice.sendText("!gif cat", to: room), in: room)
            #expect(posted.msgtype == "m.image" && posted.body == "Cat catgif1 (catgif1)")
            let notice = try await harness.answer(
                to: try await harness.alice.sendText("!collection", to: room), in: room)
            #expect(
                notice.msgtype == "m.notice" && notice.body?.hasPrefix("This channel's collection is empty") == true)

            let onNotice = try await bob.sendRaw(
                MatrixBotHarness.reaction("💾", to: notice.eventID), type: "m.reaction", to: room)
            let onGIF = try await bob.sendRaw(
                MatrixBotHarness.reaction("💾\u{FE0F}", to: posted.eventID), type: "m.reaction", to: room)
            let saved = try await harness.answer(to: onGIF, in: room)
            #expect(saved.body == "Saved \"Cat catgif1\" (catgif1) to this channel's collection (1/500).")
            // Reactions in a room are answered in order, so an answer to the first would be here by now.
            #expect(
                !(await harness.alice.events(in: room)).contains { $0.sender == botUser && $0.inReplyTo == onNotice },
                "a 💾 on a notice means nothing")

            let listed = try await harness.alice.sendText("!collection", to: room)
            let heading = try await harness.answer(to: listed, in: room)
            #expect(heading.body?.hasPrefix("This channel's GIFs (1, page 1/1") == true)
            let entry = try await harness.answer(to: listed, in: room)
            #expect(entry.body == "1. Cat catgif1 (catgif1), saved by \(bobUser.userID)")
        }
    }
}
