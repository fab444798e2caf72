import Foundation

/// Encrypted events whose room key has not arrived yet: kept (at most `maximumWaiting`, for at
/// most `maximumWait`) until the key comes, then answered once; older ones are dropped, never
/// answered late. Each missing session is asked for once (`m.room_key_request`).
actor LateKeys {
    struct Waiting: Sendable {
        let event: RoomEvent
        let roomID: String
        let sessionID: String
        let since: Date
    }

    /// A command answered more than a few minutes after it was sent would surprise its sender.
    static let maximumWait: TimeInterval = 300
    static let maximumWaiting = 100

    private var waiting: [Waiting] = []
    private var requested: Set<String> = []

    /// Keeps `event` until its key comes; true when its session has not been asked for yet.
    func park(_ event: RoomEvent, roomID: String, sessionID: String, now: Date) -> Bool {
        guard !waiting.contains(where: { $0.event.eventID == event.eventID }) else { return false }
        waiting.append(Waiting(event: event, roomID: roomID, sessionID: sessionID, since: now))
        if waiting.count > Self.maximumWaiting { waiting.removeFirst(waiting.count - Self.maximumWaiting) }
        return requested.insert("\(roomID) \(sessionID)").inserted
    }

    /// The waiting events whose key is now known (`hasKey`: their sender's session, not just any
    /// of that id), in arrival order, removed from the list; events waiting too long are dropped
    /// and counted.
    func release(now: Date, hasKey: (Waiting) async -> Bool) async -> (ready: [Waiting], expired: Int) {
        var ready: [Waiting] = [], kept: [Waiting] = [], expired = 0
        for item in waiting {
            if now.timeIntervalSince(item.since) > Self.maximumWait {
                expired += 1
            } else if await hasKey(item) {
                ready.append(item)
            } else {
                kept.append(item)
            }
        }
        waiting = kept
        return (ready, expired)
    }

    var isEmpty: Bool { waiting.isEmpty }
}
