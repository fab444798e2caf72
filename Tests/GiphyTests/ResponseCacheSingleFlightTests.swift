import NIOCore
import NIOPosix
import ProcessTuning
import Synchronization
import Testing

@testable import GifSources
@testable import Giphy

/// Single-flight's call is made by the first caller, in its own task: on its executor, and
/// handed to those who came while it was under way.
@Suite(.timeLimit(.minutes(1))) struct ResponseCacheSingleFlightTests {
    let page = GifPage(gifs: [], offset: 0, totalCount: 0)

    /// The bot runs on one event loop (`ProcessThreads`); a call made in a task of its own ran
    /// on Swift's global pool instead, a hop of threads there and back for every search.
    @Test func theCallIsMadeOnTheCallersExecutor() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let cache = ResponseCache(capacity: 10, timeToLive: .seconds(60))
        let onTheLoop = try await withTaskExecutorPreference(EventLoopTaskExecutor(loop)) {
            try await cache.singleFlight("k", store: false) { [page] in
                #expect(loop.inEventLoop)
                return page
            }
        }
        #expect(onTheLoop is GifPage)
        try await group.shutdownGracefully()
    }

    /// A caller that came while another made the call gets that call's answer, not one of its own.
    @Test func aCallerThatComesWhileTheCallIsUnderWaySharesIt() async throws {
        let cache = ResponseCache(capacity: 10, timeToLive: .seconds(60))
        let calls = CallCount()
        let (release, releaser) = AsyncStream<Void>.makeStream()
        let page = page
        let fetch: @Sendable () async throws -> GifPage = {
            calls.count.add(1, ordering: .relaxed)
            for await _ in release { break }
            return page
        }
        async let first = cache.singleFlight("k", store: true, fetch: fetch)
        while calls.count.load(ordering: .relaxed) == 0 { await Task.yield() }
        async let second = cache.singleFlight("k", store: true, fetch: fetch)
        while await cache.waitingCallers("k") == 0 { await Task.yield() }
        releaser.finish()
        #expect(try await second is GifPage)
        #expect(try await first is GifPage)
        #expect(calls.count.load(ordering: .relaxed) == 1)
        #expect(await cache.fresh("k") != nil, "the answer is stored once")
    }

    /// When the caller making the call is cancelled, the call ends with it; one that waited for
    /// it, not cancelled itself, makes the call again rather than failing as cancelled.
    @Test func aWaitingCallerWhoseCallWasCancelledMakesItAgain() async throws {
        let cache = ResponseCache(capacity: 10, timeToLive: .seconds(60))
        let calls = CallCount()
        let page = page
        let first = Task {
            try await cache.singleFlight("k", store: true) { () async throws -> GifPage in
                calls.count.add(1, ordering: .relaxed)
                try await Task.sleep(for: .seconds(120))
                return page
            }
        }
        while calls.count.load(ordering: .relaxed) == 0 { await Task.yield() }
        async let second = cache.singleFlight("k", store: true) { () async throws -> GifPage in
            calls.count.add(1, ordering: .relaxed)
            return page
        }
        while await cache.waitingCallers("k") == 0 { await Task.yield() }
        first.cancel()
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(try await second is GifPage)
        #expect(calls.count.load(ordering: .relaxed) == 2)
    }
}

/// Calls made, counted from the tasks that make them.
private final class CallCount: Sendable {
    let count = Atomic(0)
}
