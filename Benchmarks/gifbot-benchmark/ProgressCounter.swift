import BenchmarkSupport
import Synchronization

/// Counts work done by concurrent tasks and says so on the progress line every `every` items,
/// so a long set-up (minutes, in scenario 11's full run) shows that it moves.
final class ProgressCounter: Sendable {
    private let total: Int
    private let every: Int
    private let done = Mutex(0)
    private let started = ContinuousClock.now

    init(total: Int, every: Int) {
        self.total = total
        self.every = max(1, every)
    }

    func advance(_ what: String) {
        let count = done.withLock { count in
            count += 1
            return count
        }
        guard count % every == 0 || count == total else { return }
        let seconds = Int((ContinuousClock.now - started).inSeconds)
        progress("  \(count) of \(total) \(what), \(seconds) s")
    }
}
