import Foundation

/// Encrypted events whose room key has not arrived yet: kept (at most `maximumWaiting`, at most
/// `maximumWaitingPerSender` of one sender, for at most `maximumWait`) until the key comes, then
/// answered once; older ones are dropped, never answered late. Each missing session is asked for
/// once (`m.room_key_request`), and one sender's events cause at most one request per
/// `requestInterval`: anyone in a room can send events naming sessions that do not exist.
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
    /// Room for a burst of one member's commands, too little to push the others' out.
    static let maximumWaitingPerSender = 10
    static let requestInterval: TimeInterval = 60

    private var waiting: [Waiting] = []
    /// Sessions asked for, forgotten once no event waiting for them can be left.
    private let requested = RecentUseLimit<String>(limit: 1, window: maximumWait)
    private let requestsBySender = RecentUseLimit<String>(limit: 1, window: requestInterval)

    /// Keeps `event` until its key comes; true when its session should be asked for now: not
    /// asked for yet, and its sender has not caused a request within `requestInterval`.
    func park(_ event: RoomEvent, roomID: String, sessionID: String, now: Date) -> Bool {
        guard !waiting.contains(where: { $0.event.eventID == event.eventID }) else { return false }
        waiting.append(Waiting(event: event, roomID: roomID, sessionID: sessionID, since: now))
        evictPast(sender: event.sender)
        let session = "\(roomID) \(sessionID)"
        guard requested.allows(session, now: now), requestsBySender.admit(event.sender, now: now) else { return false }
        return requested.admit(session, now: now)
    }

    /// Past a sender's share, their oldest event goes; past the whole queue's, the oldest event
    /// of whoever has the most waiting: a flood pushes out its own events, not the others'.
    private func evictPast(sender: String) {
        let own = waiting.indices.filter { waiting[$0].event.sender == sender }
        if own.count > Self.maximumWaitingPerSender, let oldest = own.first { waiting.remove(at: oldest) }
        guard waiting.count > Self.maximumWaiting else { return }
        let counts = Dictionary(waiting.map { ($0.event.sender, 1) }, uniquingKeysWith: +)
        guard let busiest = counts.max(by: { $0.value < $1.value })?.key,
            let oldest = waiting.firstIndex(where: { $0.event.sender == busiest })
        else { return }
        waiting.remove(at: oldest)
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
    var count: Int { waiting.count }
    /// Sessions and senders remembered for the request limits, for tests of their bounds.
    var trackedRequests: (sessions: Int, senders: Int) { (requested.trackedKeys, requestsBySender.trackedKeys) }
}
