import GifSources
import GiphyStandIn
import HTTPTransport
import Testing

@testable import Klipy

/// What the shared transport reports becomes KLIPY's own error. The transport's behaviour on a
/// real refused or slow connection is GIPHY's transport tests' subject; a refused connection
/// reported as unreachable rather than slow depends on the machine's load, so it is not retested here.
@Suite struct KlipyTransportFailureTests {
    struct FailingTransport: HTTPRequestTransport {
        let error: any Error & Sendable
        func get(_ url: String, timeout: Duration) async throws -> HTTPTransportResponse { throw error }
        func post(_ url: String, json body: [UInt8], timeout: Duration) async throws -> HTTPTransportResponse {
            throw error
        }
    }

    func client(_ error: any Error & Sendable, logs: LogCapture) -> KlipyClient {
        KlipyClient(
            configuration: KlipyClientConfiguration(appKey: "transport-test-key-123"),
            transport: FailingTransport(error: error), logger: logs.logger())
    }

    struct OtherFailure: Error {}

    @Test(arguments: [
        (TransportFailure.timeout as any Error & Sendable, GifSourceError.timeout),
        (TransportFailure.networkUnreachable, .networkUnreachable), (OtherFailure(), .networkUnreachable),
    ])
    func transportErrorsAreMapped(thrown: any Error & Sendable, expected: GifSourceError) async {
        let logs = LogCapture()
        await #expect(throws: expected) { try await client(thrown, logs: logs).search("cat", perPage: 8, rating: .g) }
        #expect(logs.text.contains("outcome=\(expected.outcomeLabel)"))
        #expect(!logs.text.contains("transport-test-key-123"))
    }

    @Test func cancellationStaysCancellation() async {
        await #expect(throws: CancellationError.self) {
            try await client(CancellationError(), logs: LogCapture()).trending(perPage: 8, rating: .g)
        }
    }
}
