extension TestIRCClient {
    /// Returns the first line matching `predicate` after the line the previous `waitFor`
    /// returned (lines that arrived before this call count too), waiting up to `timeout` for it.
    /// Lines skipped on the way stay in `lines()`. Throws `timedOut` or `connectionClosed`.
    public func waitFor(
        timeout: Duration = .seconds(15),
        _ predicate: @Sendable (TestIRCLine) -> Bool
    ) async throws -> TestIRCLine {
        try await waitFor(deadline: ContinuousClock.now + timeout, timeout: timeout, predicate)
    }

    func waitFor(
        deadline: ContinuousClock.Instant,
        timeout: Duration,
        _ predicate: (TestIRCLine) -> Bool
    ) async throws -> TestIRCLine {
        var index = cursor
        while true {
            while index < received.count {
                let line = received[index]
                index += 1
                if predicate(line) {
                    cursor = max(cursor, index)
                    return line
                }
            }
            if isClosed {
                throw TestIRCClientError.connectionClosed(reason: closeReason, recentLines: recentLines())
            }
            guard await sleep(until: deadline) else {
                throw TestIRCClientError.timedOut(after: timeout, recentLines: recentLines())
            }
            try Task.checkCancellation()
        }
    }

    /// Waits until the server has closed the connection.
    func waitUntilClosed(timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while !isClosed {
            guard await sleep(until: deadline) else {
                throw TestIRCClientError.timedOut(after: timeout, recentLines: recentLines())
            }
        }
    }

    /// Suspends until the next line or the closing (true), or until `deadline` or
    /// cancellation (false). Only actor state is shared, so no lock is needed.
    func sleep(until deadline: ContinuousClock.Instant) async -> Bool {
        guard ContinuousClock.now < deadline else { return false }
        let id = nextSleeperID
        nextSleeperID += 1
        let alarm = Task {
            do {
                try await Task.sleep(until: deadline, clock: .continuous)
            } catch {
                return
            }
            self.wake(id, with: false)
        }
        let woken = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                sleepers[id] = continuation
            }
        } onCancel: {
            Task { await self.wake(id, with: false) }
        }
        alarm.cancel()
        return woken
    }

    private func wake(_ id: Int, with value: Bool) {
        sleepers.removeValue(forKey: id)?.resume(returning: value)
    }

    /// Called for every new line and for the closing.
    func wakeSleepers() {
        let waking = sleepers
        sleepers.removeAll()
        for continuation in waking.values {
            continuation.resume(returning: true)
        }
    }
}
