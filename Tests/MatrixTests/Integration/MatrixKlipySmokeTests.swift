import BotTestSupport
import Foundation
import GiphyStandIn
import KlipyStandIn
import MatrixTestSupport
import Testing

@testable import Matrix

/// The bot on KLIPY alone (`gifs.sources: [klipy]`) on a real Synapse: the GIF is uploaded inline
/// and its id carries the source.
@Suite(.timeLimit(.minutes(3))) struct MatrixKlipySmokeTests {
    @Test func anInlineGIFFromKlipy() async throws {
        try await withMatrixBot(source: .klipy) { harness in
            let klipy = try #require(harness.testBot.klipyStandIn)
            harness.startBot(await harness.configuration())
            let room = try await harness.roomWithBot()

            let command = try await harness.alice.sendText("!gif cat", to: room)
            let image = try await harness.answer(to: command, in: room)
            #expect(image.msgtype == "m.image")
            #expect(image.body == "Stand-in catgif1 (klipy:catgif1)")
            let uri = try #require(image.url)
            #expect(
                try await harness.alice.downloadMedia(uri) == TestGIF.bytes(forMediaPath: "/media/catgif1/30000.gif"))
            #expect(klipy.requests(to: "gifs/search").count == 1)

            let fav = try await harness.alice.sendText("!fav", to: room)
            #expect(try await harness.answer(to: fav, in: room).body?.contains("(klipy:catgif1)") == true)
            let about = try await harness.alice.sendText("!about", to: room)
            #expect(try await harness.answer(to: about, in: room).body?.hasSuffix("Powered by KLIPY.") == true)
            #expect(harness.standIn.requests.filter { $0.path.hasPrefix("/v1/") }.isEmpty, "GIPHY is not asked")
        }
    }
}
