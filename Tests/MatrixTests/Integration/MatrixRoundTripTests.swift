import Foundation
import GiphyStandIn
import MatrixTestSupport
import Testing

@testable import Matrix

/// The bot on a real Synapse.
@Suite(.timeLimit(.minutes(3))) struct MatrixRoundTripTests {
    @Test func inviteJoinAndAnInlineGIFThatIsTheOneGIPHYServed() async throws {
        try await withMatrixBot { harness in
            harness.startBot(await harness.configuration())
            let room = try await harness.roomWithBot()
            #expect(try await harness.alice.roomMembers(room)[harness.botUser] == "join")

            let command = try await harness.alice.sendText("!gif cat", to: room)
            let image = try await harness.answer(to: command, in: room)
            #expect(image.type == "m.room.message" && image.msgtype == "m.image")
            #expect(image.body == "Cat catgif1 (catgif1)")
            #expect(image.content["info"]?["mimetype"]?.stringValue == "image/gif")
            #expect(image.content["info"]?["size"]?.intValue == 30_000)
            #expect(image.content["info"]?["w"]?.intValue == 400 && image.content["info"]?["h"]?.intValue == 200)
            let uri = try #require(image.url)
            #expect(uri.hasPrefix("mxc://"))
            let downloaded = try await harness.alice.downloadMedia(uri)
            #expect(
                downloaded == TestGIF.bytes(forMediaPath: "/media/catgif1/30000.gif"),
                "the largest rendition within the cap, byte for byte")

            // The same GIF again (another search here) is not downloaded or uploaded again.
            let again = try await harness.alice.sendText("!gif CAT", to: room)
            _ = try await harness.answer(to: again, in: room)
            let other = try await harness.alice.sendText("!gifs kitten", to: room)
            let list = try await harness.answer(to: other, in: room)
            #expect(list.url == uri)
            #expect(list.body == "1. Cat catgif1 (catgif1)")
            #expect(try await harness.answer(to: other, in: room).body == "2. Cat catgif2 (catgif2)")
            #expect(harness.standIn.requests(to: "/media/catgif1/30000.gif").count == 1)

            // Notices and edits get no answer; the next answer is to !about.
            _ = try await harness.alice.sendText("!gif dog", to: room, msgtype: "m.notice")
            let about = try await harness.alice.sendText("!about", to: room)
            let botUser = harness.botUser
            let next = try await harness.alice.waitForEvent(in: room) {
                $0.sender == botUser && $0.type == "m.room.message"
            }
            #expect(next.inReplyTo == about)
            #expect(next.msgtype == "m.notice" && next.body?.contains("Powered by GIPHY") == true)
            #expect(!harness.logs.text.contains(harness.botPassword))
        }
    }

    @Test func withUploadsOffAGIFIsALinkNotice() async throws {
        try await withMatrixBot { harness in
            harness.startBot(await harness.configuration(uploadGIFs: false))
            let room = try await harness.roomWithBot()
            let command = try await harness.alice.sendText("!gif cat", to: room)
            let answer = try await harness.answer(to: command, in: room)
            #expect(answer.msgtype == "m.notice")
            #expect(answer.body == "Cat catgif1 (catgif1) \(harness.standIn.baseURL)/media/catgif1/30000.gif")
            #expect(
                answer.formattedBody
                    == "<a href=\"\(harness.standIn.baseURL)/media/catgif1/30000.gif\">Cat catgif1</a> (catgif1)")
            #expect(harness.standIn.requests.filter { $0.path.hasPrefix("/media/") }.isEmpty)
        }
    }

    @Test func favoritesArePerUserID() async throws {
        try await withMatrixBot { harness in
            let server = harness.server
            harness.startBot(await harness.configuration())
            let room = try await harness.roomWithBot()
            let bobUser = try await server.registerUser(SynapseServer.uniqueLocalpart("bob"), password: "bob-password")
            let bob = MatrixTestClient(server: server, user: bobUser)
            try await harness.alice.invite(bobUser.userID, to: room)
            _ = try await bob.join(room)

            let gif = try await harness.alice.sendText("!gif cat", to: room)
            _ = try await harness.answer(to: gif, in: room)
            let fav = try await harness.alice.sendText("!fav", to: room)
            #expect(
                try await harness.answer(to: fav, in: room).body
                    == "Saved \"Cat catgif1\" (catgif1) to your favorites (1/20).")
            let bobFavs = try await bob.sendText("!favs", to: room)
            #expect(
                try await harness.answer(to: bobFavs, in: room).body?.hasPrefix("You have no favorites yet") == true)
            let aliceFavs = try await harness.alice.sendText("!favs", to: room)
            #expect(
                try await harness.answer(to: aliceFavs, in: room).body == "Your favorites (1, page 1/1, newest first):")
            let byName = try await bob.sendText("!favs \(harness.alice.user.userID)", to: room)
            #expect(
                try await harness.answer(to: byName, in: room).body?.hasPrefix(
                    "\(harness.alice.user.userID)'s favorites (1,") == true)
        }
    }

    @Test func undoRedactsTheLastGIFForThatUser() async throws {
        try await withMatrixBot { harness in
            harness.startBot(await harness.configuration())
            let room = try await harness.roomWithBot()
            let gif = try await harness.alice.sendText("!gif cat", to: room)
            let image = try await harness.answer(to: gif, in: room)
            _ = try await harness.alice.sendText("!undo", to: room)
            let botUser = harness.botUser
            let redaction = try await harness.alice.waitForEvent(in: room) {
                $0.type == "m.room.redaction" && $0.sender == botUser
            }
            #expect(redaction.redacts == image.eventID)
            #expect(try await harness.alice.event(image.eventID, in: room).isRedacted)
            let again = try await harness.alice.sendText("!undo", to: room)
            #expect(
                try await harness.answer(to: again, in: room).body == "There is no GIF of mine for you to remove here.")
        }
    }
}
