import Logging
import NIOCore
import NIOPosix
import ProcessTuning
import ServiceLifecycle
import Synchronization
import Testing

/// `cancellingOnGracefulShutdown`: what the adapters' long polls and pauses run in, so that a
/// graceful shutdown ends them and nothing else. A wait that is never ended hangs its test until
/// the time limit.
@Suite(.timeLimit(.minutes(1))) struct GracefulShutdownCancellationTests {
    private struct Failure: Error, Equatable {}

    /// How an operation that would wait a minute ended.
    private enum Outcome: Equatable, Sendable {
        case finished
        case cancelled
        case failed
    }

    private static func minuteLongWait() async -> Outcome {
        do {
            try await cancellingOnGracefulShutdown { try await Task.sleep(for: .seconds(60)) }
            return .finished
        } catch is CancellationError {
            return .cancelled
        } catch {
            return .failed
        }
    }

    /// A service that runs `body` and hands its outcome to the test.
    private struct OneShot: Service {
        let body: @Sendable () async -> Outcome
        let outcome: AsyncStream<Outcome>.Continuation

        func run() async throws {
            outcome.yield(await body())
            outcome.finish()
        }
    }

    private static func runInServiceGroup(
        _ body: @escaping @Sendable () async -> Outcome, shuttingDownWhen started: AsyncStream<Void>
    ) async throws -> Outcome? {
        let (outcomes, outcome) = AsyncStream<Outcome>.makeStream()
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: OneShot(body: body, outcome: outcome))],
                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            for await _ in started { break }
            await group.triggerGracefulShutdown()
            var iterator = outcomes.makeAsyncIterator()
            let ended = await iterator.next()
            try await tasks.waitForAll()
            return ended
        }
    }

    @Test func theOperationsValueAndErrorComeBackUnchanged() async throws {
        #expect(await cancellingOnGracefulShutdown { 42 } == 42)
        await #expect(throws: Failure.self) {
            try await cancellingOnGracefulShutdown { () async throws -> Int in throw Failure() }
        }
    }

    @Test func aGracefulShutdownCancelsTheOperationUnderWay() async throws {
        let (started, start) = AsyncStream<Void>.makeStream()
        let outcome = try await Self.runInServiceGroup(
            {
                start.yield()
                return await Self.minuteLongWait()
            }, shuttingDownWhen: started)
        #expect(outcome == .cancelled)
    }

    @Test func anOperationBegunAfterTheShutdownIsCancelledAtOnce() async throws {
        let (started, start) = AsyncStream<Void>.makeStream()
        let outcome = try await Self.runInServiceGroup(
            {
                start.yield()
                // Returns once the shutdown has begun (throws only if cancelled).
                try? await gracefulShutdown()
                return await Self.minuteLongWait()
            }, shuttingDownWhen: started)
        #expect(outcome == .cancelled)
    }

    @Test func cancellingTheCallerCancelsTheOperation() async throws {
        let waiting = Task { await Self.minuteLongWait() }
        waiting.cancel()
        #expect(await waiting.value == .cancelled)
    }

    /// The operation and the wait for the shutdown are the caller's children: on its event loop
    /// when it prefers one, as `gifbot`'s work does, and back there when the operation ends.
    @Test func theOperationRunsWhereTheCallersTasksRun() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let onLoop = await withTaskExecutorPreference(EventLoopTaskExecutor(loop)) {
            let inside = await cancellingOnGracefulShutdown { loop.inEventLoop }
            return [inside, loop.inEventLoop]
        }
        #expect(onLoop == [true, true])
        try await group.shutdownGracefully()
    }
}
