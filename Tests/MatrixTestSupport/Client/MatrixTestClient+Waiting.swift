extension MatrixTestClient {
    /// Returns the first event in the room matching `predicate` after the event the previous
    /// `waitForEvent` for that room returned (events that arrived before this call count too),
    /// long-polling /sync for up to `timeout`. Events skipped on the way stay in `events(in:)`.
    /// Throws `MatrixTestClientError.timedOut` listing the room's last events.
    public func waitForEvent(
        in roomID: String,
        timeout: Duration = .seconds(20),
        _ predicate: @Sendable (MatrixTestEvent) -> Bool
    ) async throws -> MatrixTestEvent {
        let deadline = ContinuousClock.now + timeout
        var index = cursors[roomID] ?? 0
        while true {
            let timeline = timelines[roomID] ?? []
            while index < timeline.count {
                let event = timeline[index]
                index += 1
                if predicate(event) {
                    cursors[roomID] = max(cursors[roomID] ?? 0, index)
                    return event
                }
            }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                let recent = (timelines[roomID] ?? []).suffix(15).map(\.description)
                throw MatrixTestClientError.timedOut(roomID: roomID, after: timeout, recentEvents: recent)
            }
            try Task.checkCancellation()
            // Short polls keep the deadline honest even when another waiter's sync is shared.
            try await sync(timeout: min(remaining, .seconds(5)))
        }
    }

    /// Every timeline event of the room received so far, in order (no request is made).
    public func events(in roomID: String) -> [MatrixTestEvent] {
        timelines[roomID] ?? []
    }
}
