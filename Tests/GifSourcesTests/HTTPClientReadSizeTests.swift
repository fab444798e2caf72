import AsyncHTTPClient
import GiphyStandIn
import HTTPTransport
import NIOCore
import NIOHTTP1
import Synchronization
import Testing

/// The process's HTTP client reads up to 256 KiB at a time on every connection it opens, where
/// NIO stops at 64 KiB (issue 34), and a body larger than any read still arrives whole.
@Suite(.timeLimit(.minutes(1))) struct HTTPClientReadSizeTests {
    @Test func everyConnectionReadsUpToTheLargestReadAndABodyOfManyReadsArrivesWhole() async throws {
        let standIn = try await GiphyStandIn.start()
        // The client as GifBot configures it, its connection hook followed by a look at what
        // that hook left on each connection's channel.
        var configuration = HTTPClient.Configuration.gifBot
        let configured = try #require(configuration.http1_1ConnectionDebugInitializer)
        let largestReads = Mutex<[Int]>([])
        configuration.http1_1ConnectionDebugInitializer = { channel in
            configured(channel).flatMap { channel.getOption(ChannelOptions.recvAllocator) }.map { allocator in
                largestReads.withLock { $0.append((allocator as? AdaptiveRecvByteBufferAllocator)?.maximum ?? 0) }
            }
        }
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let body = (0..<(1_400_000)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
            standIn.override("/media/large.gif", with: StandInResponse(body: body, contentType: "image/gif"))
            let response = try await client.completeExchange(
                url: "\(standIn.baseURL)/media/large.gif", deadline: .now + .seconds(20), maximumBodyBytes: 2_000_000)
            #expect(response.status == .ok)
            #expect(Array(buffer: response.body) == body, "every byte, in order, across many reads")
            #expect(largestReads.withLock { $0 } == [HTTPClient.Configuration.largestRead])
            #expect(HTTPClient.Configuration.largestRead > 64 * 1024, "more than NIO's own largest read")
        } catch {
            try? await client.shutdown()
            try? await standIn.stop()
            throw error
        }
        try await client.shutdown()
        try await standIn.stop()
    }
}
