import Logging
import Synchronization

/// Collects every log line a component writes, so tests can assert what was (not) logged,
/// such as a secret.
public final class LogCapture: Sendable {
    private struct State {
        var lines: [String] = []
        var watchers: [Int: AsyncStream<Void>.Continuation] = [:]
        var nextWatcher = 0
    }

    private let state = Mutex(State())

    public init() {}

    public func logger(label: String = "test", level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: label) { _ in Handler(capture: self) }
        logger.logLevel = level
        return logger
    }

    public var text: String { state.withLock { $0.lines.joined(separator: "\n") } }

    fileprivate func append(_ line: String) {
        let watchers = state.withLock { state in
            state.lines.append(line)
            return Array(state.watchers.values)
        }
        for watcher in watchers { watcher.yield() }
    }

    /// Waits until the captured text satisfies `condition`, woken by each new line rather than
    /// polling; false when `timeout` passes first.
    public func waitFor(timeout: Duration = .seconds(20), _ condition: @escaping @Sendable (String) -> Bool) async -> Bool {
        let (wakeUps, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            defer { state.nextWatcher += 1 }
            state.watchers[state.nextWatcher] = continuation
            return state.nextWatcher
        }
        defer { _ = state.withLock { $0.watchers.removeValue(forKey: id) } }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask { [self] in
                if condition(text) { return true }
                for await _ in wakeUps where condition(text) { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return condition(self.text)
            }
            let met = await group.next() ?? false
            continuation.finish()
            group.cancelAll()
            return met
        }
    }

    /// Waits until `fragment` has been logged at least `count` times.
    public func waitFor(_ fragment: String, count: Int = 1, timeout: Duration = .seconds(20)) async -> Bool {
        await waitFor(timeout: timeout) { $0.components(separatedBy: fragment).count > count }
    }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.append("\(event.level) \(event.message) \(all.map { "\($0)=\($1)" }.sorted().joined(separator: " "))")
        }
    }
}
