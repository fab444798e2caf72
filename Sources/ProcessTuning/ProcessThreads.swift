import NIOCore
import NIOPosix

/// Where the process's work runs.
public enum ProcessThreads {
    /// Runs `body`, and every task it starts, on one event loop of a one-loop singleton group:
    /// the bot's work is I/O (chat servers, GIF sources, the homeserver, the store's thread
    /// pool), a small fraction of one core, and hopping between threads cost more CPU than the
    /// work itself. Must be called once, first, before anything uses NIO's singletons.
    public static func onOneEventLoop<T>(_ body: () async throws -> T) async throws -> T {
        NIOSingletons.groupLoopCountSuggestion = 1
        // The store's blocking calls (SQLite) go one at a time over one connection anyway.
        NIOSingletons.blockingPoolThreadCountSuggestion = 1
        return try await withTaskExecutorPreference(loopExecutor()) { try await body() }
    }

    /// An executor on that loop (the singleton group's, which has one after `onOneEventLoop`),
    /// for the tasks that do not inherit a preference: those made with `Task {}`.
    public static func loopExecutor() -> EventLoopTaskExecutor {
        EventLoopTaskExecutor(MultiThreadedEventLoopGroup.singleton.next())
    }
}
