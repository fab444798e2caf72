import Synchronization

/// Wakes a loop that sleeps until a deadline: `wait(upTo:)` returns at the deadline or as soon as
/// `signal()` is called, whichever comes first, and a signal given while nothing waits ends the
/// next wait at once.
///
/// Each wait listens on a stream of its own. An `AsyncStream` whose waiting task is cancelled is
/// finished for good, so one stream shared by successive waits would end every wait after the
/// first that timed out at once: the loop would spin, and each cancelled sleep's timer would be
/// held until its deadline (a Matrix bot idle for a minute did that, at a core and tens of MB a
/// second).
final class WakeSignal: Sendable {
    private struct State {
        var listener: AsyncStream<Void>.Continuation?
        var pending = false
    }

    private let state = Mutex(State())

    func signal() {
        state.withLock { state in
            if let listener = state.listener {
                listener.yield()
            } else {
                state.pending = true
            }
        }
    }

    /// Returns after `duration`, on a signal, or when the calling task is cancelled.
    func wait(upTo duration: Duration) async {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let signalled = state.withLock { state in
            if state.pending {
                state.pending = false
                return true
            }
            state.listener = continuation
            return false
        }
        defer {
            state.withLock { $0.listener = nil }
            continuation.finish()
        }
        guard !signalled else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: duration) }
            group.addTask {
                for await _ in stream { return }
            }
            await group.next()
            group.cancelAll()
        }
    }
}
