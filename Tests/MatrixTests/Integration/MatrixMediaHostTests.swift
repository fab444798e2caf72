import GifSources
import GiphyStandIn
import HTTPTransport
import MatrixTestSupport
import Testing

@testable import Matrix

/// Inline GIFs are downloaded only where the media policy allows.
@Suite(.timeLimit(.minutes(3))) struct MatrixMediaHostTests {
    @Test func anAllowedHostOnALoopbackAddressIsRefusedUnlessPrivateAddressesAreAllowed() async throws {
        try await withMatrixBot { harness in
            harness.startBot(
                await harness.configuration(),
                media: MediaHostPolicy(extraHosts: harness.standInMedia.hosts, allowsPrivateAddresses: false))
            let room = try await harness.roomWithBot()
            let command = try await harness.alice.sendText("!gif cat", to: room)
            let answer = try await harness.answer(to: command, in: room)
            #expect(
                answer.msgtype == "m.notice" && answer.url == nil, "posted as a link, nothing downloaded: \(answer)")
            #expect(harness.standIn.requests.filter { $0.path.hasPrefix("/media/") }.isEmpty)
            #expect(harness.logs.text.contains("resolves to a loopback, link-local or private address"))
        }
    }

    @Test func theSourcesOwnHostsAloneRefuseALocalMirror() async throws {
        try await withMatrixBot { harness in
            harness.startBot(await harness.configuration(), media: .sourcesOnly)
            let room = try await harness.roomWithBot()
            let command = try await harness.alice.sendText("!gif cat", to: room)
            let answer = try await harness.answer(to: command, in: room)
            #expect(answer.msgtype == "m.notice" && answer.url == nil)
            #expect(harness.standIn.requests.filter { $0.path.hasPrefix("/media/") }.isEmpty)
            #expect(harness.logs.text.contains("media host not allowed"))
        }
    }
}
