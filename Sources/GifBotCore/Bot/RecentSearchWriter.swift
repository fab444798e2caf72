import Logging

/// Recent searches are written behind, in batches: a `!gif` answers without waiting for three
/// durable commits, and a batch costs three commits however many searches it holds. Losing the
/// last second of them in a crash harms no one (favorites, which a user is told are saved, are
/// still written before the reply). `!recent` and shutdown write what is pending first.
actor RecentSearchWriter {
    /// A batch this large is written at once. The command that fills it waits only while the
    /// previous batch is still being written, so at most one batch waits behind the store.
    static let batchSize = 256
    /// Otherwise pending searches wait at most this long.
    static let delay = Duration.seconds(1)

    private let store: any RecentSearchStore
    private let limit: Int
    private let logger: Logger
    private var pending: [RecentSearch] = []
    private var timer: Task<Void, Never>?
    /// The last batch handed to the store: batches are written one after the other, in order.
    private var lastWrite: Task<Void, Never>?
    /// Where the timer's and the writes' tasks run: the app gives its event loop, where the rest
    /// of the bot's work runs (a task made with `Task {}` does not keep its creator's executor,
    /// and a write on Swift's own pool woke one of its threads to hand the SQL to the store's);
    /// Swift's pool when nil.
    private let executor: (any TaskExecutor)?

    init(store: any RecentSearchStore, limit: Int, logger: Logger, executor: (any TaskExecutor)? = nil) {
        self.store = store
        self.limit = limit
        self.logger = logger
        self.executor = executor
    }

    func record(_ search: RecentSearch) async {
        pending.append(search)
        if pending.count >= Self.batchSize {
            await lastWrite?.value
            if pending.count >= Self.batchSize { startWrite() }
        } else if timer == nil {
            timer = Task(executorPreference: executor) { [weak self] in
                try? await Task.sleep(for: Self.delay)
                await self?.flush()
            }
        }
    }

    /// Writes what is pending; returns once it and every earlier batch are stored.
    func flush() async {
        startWrite()
        await lastWrite?.value
    }

    /// Hands what is pending to the store, after every earlier batch.
    private func startWrite() {
        timer?.cancel()
        timer = nil
        let batch = pending
        pending = []
        let previous = lastWrite
        let write = Task(executorPreference: executor) { [store, limit, logger] in
            await previous?.value
            guard !batch.isEmpty else { return }
            do {
                try await store.recordSearches(batch, limit: limit)
            } catch {
                // A store failure costs users only these entries: logged, and the bot goes on.
                logger.error(
                    "Could not record recent searches", metadata: ["error": "\(error)", "searches": "\(batch.count)"])
            }
        }
        lastWrite = write
    }
}
