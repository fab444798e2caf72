import GifBotCore
import NIOCore
import Synchronization
import TestServerSupport
import Testing

@testable import Ops

/// A readiness check that waits until the test opens it: a request held in the middle of its
/// answer, for as long as the test needs.
final class HeldReadiness: ReadinessReporting {
    private let waiters = Mutex<(isOpen: Bool, continuations: [CheckedContinuation<Void, Never>])>((false, []))
    /// One element each time a request reaches the check.
    let entered: AsyncStream<Void>
    private let enter: AsyncStream<Void>.Continuation

    init() {
        (entered, enter) = AsyncStream.makeStream(of: Void.self)
    }

    func readinessProblem() async -> String? {
        enter.yield()
        await withCheckedContinuation { continuation in
            let isOpen = waiters.withLock { waiters in
                if !waiters.isOpen { waiters.continuations.append(continuation) }
                return waiters.isOpen
            }
            if isOpen { continuation.resume() }
        }
        return nil
    }

    func open() {
        let continuations = waiters.withLock { waiters in
            waiters.isOpen = true
            defer { waiters.continuations = [] }
            return waiters.continuations
        }
        for continuation in continuations { continuation.resume() }
    }
}

/// The ops server's bounds on what clients hold (issue 20, item 4; since issue 32 the listener
/// limits every listener shares): idle and half-sent connections are closed, the open ones are
/// capped, and the cap pushes out idle connections rather than lock out new ones.
@Suite(.timeLimit(.minutes(1))) struct OpsServerLimitTests {
    static let request = "GET /healthz HTTP/1.1\r\nHost: ops\r\n\r\n"

    @Test func aSilentConnectionIsClosedAfterTheIdleTimeout() async throws {
        try await withOpsServer(readiness: [], limits: OpsLimits(idleTimeout: .seconds(1), maxConnections: 8)) { port in
            // Taken before connecting: the server's timer starts later, at the accept, so the
            // wait seen here is never shorter than the timeout, however loaded the machine.
            let opening = ContinuousClock.now
            let connection = try await RawConnection.open(port: port)
            #expect(await connection.closed(within: .seconds(10)))
            #expect(ContinuousClock.now - opening >= .seconds(1), "not before the timeout")
            #expect(connection.received.isEmpty)
        }
    }

    @Test func aRequestTrickledInIsHeldToTheSameBound() async throws {
        try await withOpsServer(readiness: [], limits: OpsLimits(idleTimeout: .seconds(2), maxConnections: 8)) { port in
            let connection = try await RawConnection.open(port: port)
            // On a loaded machine the server may already have closed it; either way it must end.
            try? await connection.send("GET /healthz HTTP/1.1\r\nHost: ops\r\n")
            #expect(await connection.closed(within: .seconds(10)))
            #expect(connection.received.isEmpty, "an unfinished request gets no answer")
        }
    }

    @Test func aKeptAliveConnectionIsAnsweredThenClosedOnceIdle() async throws {
        try await withOpsServer(readiness: [], limits: OpsLimits(idleTimeout: .seconds(2), maxConnections: 8)) { port in
            let connection = try await RawConnection.open(port: port)
            try await connection.send(Self.request)
            #expect(await connection.receive("ok\n"))
            try await connection.send(Self.request)
            #expect(await connection.receive("ok\nHTTP/1.1 200 OK"), "a second request on the same connection")
            #expect(await connection.closed(within: .seconds(10)))
        }
    }

    @Test func aRequestBeingAnsweredIsNotCutOffByTheIdleTimeout() async throws {
        let held = HeldReadiness()
        try await withOpsServer(readiness: [held], limits: OpsLimits(idleTimeout: .seconds(2), maxConnections: 8)) {
            port in
            // Before the server stops, which waits for the requests it is answering.
            defer { held.open() }
            let answering = try await RawConnection.open(port: port)
            try await answering.send("GET /readyz HTTP/1.1\r\nHost: ops\r\n\r\n")
            var entered = held.entered.makeAsyncIterator()
            _ = await entered.next()
            // A connection opened after the request arrived, closed for idling: the timeout has
            // passed for the one being answered too.
            let witness = try await RawConnection.open(port: port)
            #expect(await witness.closed(within: .seconds(10)))
            #expect(answering.channel.isActive)
            held.open()
            #expect(await answering.receive(#"{"ready":true,"failing":[]}"#))
        }
    }

    @Test func overTheCapTheConnectionIdleTheLongestMakesRoom() async throws {
        try await withOpsServer(readiness: [], limits: OpsLimits(idleTimeout: .seconds(60), maxConnections: 3)) {
            port in
            // Each answered in turn, so each went idle after the one before.
            var idle: [RawConnection] = []
            for _ in 0..<3 {
                let connection = try await RawConnection.open(port: port)
                try await connection.send(Self.request)
                #expect(await connection.receive("ok\n"))
                idle.append(connection)
            }
            let newcomer = try await RawConnection.open(port: port)
            try await newcomer.send(Self.request)
            #expect(await newcomer.receive("ok\n"), "a probe gets through a full server")
            #expect(await idle[0].closed(within: .seconds(10)), "the oldest idle connection made room")
            #expect(idle[1].channel.isActive && idle[2].channel.isActive, "only one was pushed out")
            for connection in idle + [newcomer] { await connection.close() }
        }
    }

    @Test func whenEveryConnectionIsBeingAnsweredANewcomerIsTurnedAway() async throws {
        let held = HeldReadiness()
        try await withOpsServer(readiness: [held], limits: OpsLimits(idleTimeout: .seconds(60), maxConnections: 2)) {
            port in
            defer { held.open() }
            var entered = held.entered.makeAsyncIterator()
            var answering: [RawConnection] = []
            for _ in 0..<2 {
                let connection = try await RawConnection.open(port: port)
                try await connection.send("GET /readyz HTTP/1.1\r\nHost: ops\r\n\r\n")
                _ = await entered.next()
                answering.append(connection)
            }
            let newcomer = try await RawConnection.open(port: port)
            #expect(await newcomer.closed(within: .seconds(10)))
            #expect(newcomer.received.hasPrefix("HTTP/1.1 503 Service Unavailable"), "refused politely, then closed")
            held.open()
            for connection in answering {
                #expect(
                    await connection.receive(#"{"ready":true,"failing":[]}"#),
                    "the requests being answered were not cut off")
                await connection.close()
            }
        }
    }

    @Test func theDefaultCapSitsWellBelowTheFileLimit() {
        #expect(OpsLimits.defaultMaxConnections(fileLimit: nil) == 64)
        #expect(OpsLimits.defaultMaxConnections(fileLimit: 1_048_576) == 64)
        #expect(OpsLimits.defaultMaxConnections(fileLimit: 256) == 32)
        #expect(OpsLimits.defaultMaxConnections(fileLimit: 16) == 4)
        #expect(OpsLimits(maxConnections: 64).isCloseTo(fileLimit: 200))
        #expect(!OpsLimits(maxConnections: 64).isCloseTo(fileLimit: 1024))
    }
}
