import NIOCore
import NIOPosix
import ProcessTuning
import Testing

/// The executor `gifbot` runs its work on (`ProcessThreads.onOneEventLoop`): every job of a task
/// that prefers it, and of the tasks that task starts, runs on the one loop, so I/O answered on
/// that loop resumes its waiter without a thread hop.
@Suite struct EventLoopTaskExecutorTests {
    @Test func aTaskAndItsChildrenRunOnTheLoopAndComeBackToItAfterAwaitingIt() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let executor = EventLoopTaskExecutor(loop)
        let onLoop = try await withTaskExecutorPreference(executor) {
            var seen = [loop.inEventLoop]
            // A future completed on the loop later: the waiter resumes there.
            let answer = loop.scheduleTask(in: .milliseconds(5)) { 42 }.futureResult
            seen.append(try await answer.get() == 42 && loop.inEventLoop)
            // Child tasks inherit the preference.
            seen += await withTaskGroup(of: Bool.self) { children in
                for _ in 0..<4 { children.addTask { loop.inEventLoop } }
                return await children.reduce(into: []) { $0.append($1) }
            }
            return seen
        }
        #expect(onLoop == Array(repeating: true, count: 6))
        // Without the preference the same code runs on Swift's own pool, not on the loop.
        let elsewhere = await Task.detached { loop.inEventLoop }.value
        #expect(!elsewhere)
        try await group.shutdownGracefully()
    }
}
