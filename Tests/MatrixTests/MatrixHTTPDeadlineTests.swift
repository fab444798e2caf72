import AsyncHTTPClient
import GifSources
import GiphyStandIn
import HTTPTransport
import NIOHTTP1
import TestServerSupport
import Testing

@testable import Matrix

/// A homeserver (or a proxy before it) that answers at once and then trickles the body does
/// not hold the sync loop past the request's timeout.
@Suite(.timeLimit(.minutes(1))) struct MatrixHTTPDeadlineTests {
    @Test func aTrickledAnswerEndsAtTheRequestTimeout() async throws {
        let client = HTTPClient.gifBot()
        try await withCleanUp(
            try await GiphyStandIn.start(),
            cleanUp: {
                try? await $0.stop()
                try? await client.shutdown()
            }
        ) { standIn in
            let path = "/_matrix/client/v3/account/whoami"
            standIn.override(
                path,
                with: StandInResponse(json: #"{"user_id":"@gifbot:example.org"}"#).trickled(every: .milliseconds(500)))
            let started = ContinuousClock.now
            await #expect(throws: MatrixError.self) {
                _ = try await MatrixHTTP(client: client, baseURL: standIn.baseURL).request(
                    .GET, path, accessToken: nil, timeout: .seconds(1))
            }
            let elapsed = ContinuousClock.now - started
            // The body alone would take 18 s; the bound leaves a loaded machine room.
            #expect(elapsed < .seconds(6), "gave up after \(elapsed)")
        }
    }

    /// An initial sync of an account in a thousand rooms took Synapse longer than a long poll's
    /// 5 s margin: it failed and was retried after a backoff (scenario 11: 18 s to ready).
    @Test func anInitialSyncHasAWholeRequestsTimeALongPollItsMargin() {
        var timing = MatrixTiming()
        timing.requestTimeout = .seconds(30)
        #expect(MatrixClient.syncDeadline(initial: true, poll: .zero, timing: timing) == .seconds(30))
        #expect(MatrixClient.syncDeadline(initial: false, poll: .zero, timing: timing) == .seconds(5))
        #expect(MatrixClient.syncDeadline(initial: false, poll: .seconds(30), timing: timing) == .seconds(45))
        timing.requestTimeout = .seconds(2)
        #expect(MatrixClient.syncDeadline(initial: true, poll: .zero, timing: timing) == .seconds(5), "never less")
    }
}
