import Synchronization

/// Rooms the bot joined by its own call (an invitation it took) whose first batch has not come
/// yet. That batch is the bot's join for the encrypted-room notice (`RoomEncryption.Reason
/// .joined`) even when it shows neither the join (the bot's own events are left out of the sync)
/// nor history from before it (a room whose history only members see).
final class PendingJoins: Sendable {
    /// More rooms than an account joins between two batches; past it the oldest half goes (its
    /// notice then waits for the first encrypted message instead).
    static let capacity = 1_000

    private let rooms = Mutex<[String]>([])

    func joined(_ roomID: String) {
        rooms.withLock { rooms in
            guard !rooms.contains(roomID) else { return }
            rooms.append(roomID)
            if rooms.count > Self.capacity { rooms.removeFirst(Self.capacity / 2) }
        }
    }

    /// True once for a room joined by the bot's call: its first batch since.
    func take(_ roomID: String) -> Bool {
        rooms.withLock { rooms in
            guard let index = rooms.firstIndex(of: roomID) else { return false }
            rooms.remove(at: index)
            return true
        }
    }

    /// Rooms the bot left (or was removed from) before their first batch came.
    func forget(_ roomIDs: [String]) {
        guard !roomIDs.isEmpty else { return }
        rooms.withLock { rooms in rooms.removeAll { roomIDs.contains($0) } }
    }
}
