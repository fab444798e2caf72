import Foundation
import GifBotCore
import Logging
import PostgresTestSupport
import SQLKit
import ServiceLifecycle
import Storage
import Testing

@testable import GifBotApp
@testable import gifbot

/// The lease holder around an adapter, with short timings, on PostgreSQL.
@Suite(.timeLimit(.minutes(2))) struct LeasedServiceTests {
    /// Stands in for a chat adapter: says when it starts and how it ends.
    final class RecordingAdapter: Service {
        let (events, continuation) = AsyncStream<String>.makeStream()

        func run() async throws {
            continuation.yield("started")
            do { try await gracefulShutdown() } catch {}
            continuation.yield(Task.isCancelled ? "cancelled" : "stopped")
        }

        func next() async -> String? {
            var iterator = events.makeAsyncIterator()
            return await iterator.next()
        }
    }

    /// Short, but with room for a loaded machine: a renewal may be seconds late without the
    /// lease running out.
    static let timing = LeaseTiming(
        duration: .seconds(10), renewEvery: .milliseconds(500), standbyPoll: .milliseconds(200))

    func service(_ owner: String, _ adapter: RecordingAdapter, _ store: BotStore) -> LeasedService {
        LeasedService(
            lease: "irc:test", owner: owner, store: store, adapter: adapter,
            status: AdapterStatus(kind: "irc", name: "test"), timing: Self.timing, logger: Logger(label: "test"))
    }

    @Test func aHolderWhoseLeaseWasTakenStopsItsAdapterAndWaits() async throws {
        let store = try await DatabaseLocation(url: try await TestPostgres.shared().makeDatabase()).open(
            logger: Logger(label: "test"))
        let adapter = RecordingAdapter()
        let holder = service("one", adapter, store)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await holder.run() }
            #expect(await adapter.next() == "started")
            try await store.database.raw("UPDATE leases SET owner = 'intruder', expires_at = expires_at + 3600").run()
            #expect(await adapter.next() == "cancelled", "the adapter stops at the next renewal")
            try await store.releaseLease("irc:test", owner: "intruder")
            #expect(await adapter.next() == "started", "and serves again once the lease is free")
            group.cancelAll()
        }
        try await store.close()
    }

    @Test func aStandbyIsReadyAndTakesOverWhenTheHolderStops() async throws {
        let store = try await DatabaseLocation(url: try await TestPostgres.shared().makeDatabase()).open(
            logger: Logger(label: "test"))
        let first = RecordingAdapter(), second = RecordingAdapter()
        let holder = service("one", first, store), standby = service("two", second, store)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await holder.run() }
            #expect(await first.next() == "started")
            group.addTask { try await standby.run() }
            let deadline = ContinuousClock.now + .seconds(30)
            while !standby.isStandingBy, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(standby.isStandingBy)
            #expect(await standby.readinessProblem() == nil, "a standby is ready")
            #expect(await holder.readinessProblem() == "irc:test: not connected", "the holder reports its adapter")
            #expect(try await store.leaseHolder("irc:test") == "one")
            group.cancelAll()
        }
        // The holder released its lease on the way out (or it runs out): a successor takes it.
        let third = RecordingAdapter()
        let successor = service("three", third, store)
        await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await successor.run() }
            #expect(await third.next() == "started")
            group.cancelAll()
        }
        try await store.close()
    }
}
