import BotTestSupport
import Dispatch
import Logging
import Storage
import Synchronization
import Testing

@testable import GifBotCore

/// Recent searches are written behind: a `!gif` never waits for its own batch's commits, and
/// nothing recorded is lost by `flush`.
@Suite(.timeLimit(.minutes(1))) struct RecentSearchWriterTests {
    @Test func theSearchThatFillsABatchDoesNotWaitForItsWrite() async throws {
        let testBot = try await TestBot()
        let writer = RecentSearchWriter(store: testBot.store, limit: 5, logger: Logger(label: "test"))
        let hold = testBot.database.hold { $0.sql.contains("INSERT") && $0.sql.contains("recent_searches") }
        let user = UserKey(network: "irc", userID: "alice")
        // Every record returns while the batch's insert is held: none of them awaits the write.
        for index in 0..<RecentSearchWriter.batchSize {
            await writer.record(RecentSearch(query: "query \(index)", user: user))
        }
        await hold.reached()
        hold.release()
        await writer.flush()
        let stored = try await testBot.store.recentSearches(for: user, limit: 5)
        #expect(
            stored == (RecentSearchWriter.batchSize - 5..<RecentSearchWriter.batchSize).reversed().map { "query \($0)" }
        )
        await testBot.finish()
    }

    @Test func aSecondFullBatchIsWrittenAfterTheFirstAndNothingIsLost() async throws {
        let testBot = try await TestBot()
        let writer = RecentSearchWriter(store: testBot.store, limit: 5, logger: Logger(label: "test"))
        let users = (0..<3).map { UserKey(network: "irc", userID: "user\($0)") }
        for index in 0..<(RecentSearchWriter.batchSize * 2 + 10) {
            await writer.record(RecentSearch(query: "q\(index)", user: users[index % users.count]))
        }
        await writer.flush()
        for (number, user) in users.enumerated() {
            let last = (0..<(RecentSearchWriter.batchSize * 2 + 10)).filter { $0 % users.count == number }.suffix(5)
                .reversed()
            #expect(try await testBot.store.recentSearches(for: user, limit: 5) == last.map { "q\($0)" })
        }
        await testBot.finish()
    }
}

extension RecentSearchWriterTests {
    @Test func itsWritesRunOnTheExecutorItIsGiven() async throws {
        let testBot = try await TestBot()
        let executor = CountingExecutor()
        let writer = RecentSearchWriter(
            store: testBot.store, limit: 5, logger: Logger(label: "test"), executor: executor)
        let user = UserKey(network: "irc", userID: "alice")
        await writer.record(RecentSearch(query: "cat", user: user))
        await writer.flush()
        #expect(try await testBot.store.recentSearches(for: user, limit: 5) == ["cat"])
        #expect(executor.jobs.load(ordering: .relaxed) > 0, "the write ran on the executor given")
        await testBot.finish()
    }
}

/// A task executor that runs each job on a dispatch queue and counts them.
final class CountingExecutor: TaskExecutor {
    let jobs = Atomic<Int>(0)
    private let queue = DispatchQueue(label: "counting-executor")

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.add(1, ordering: .relaxed)
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
