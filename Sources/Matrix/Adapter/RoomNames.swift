import Synchronization

/// Rooms' names for the picker's pages (`m.room.name`, else the canonical alias), asked of the
/// homeserver and kept a few minutes: a page view must not cost two requests, and a renamed room
/// shows its new name soon enough. A failed request is not kept: the next page asks again.
final class RoomNames: Sendable {
    static let lifetime: Duration = .seconds(300)
    /// Rooms remembered at most (a bot in many rooms; each entry is a name and a time).
    static let capacity = 512

    private struct Entry {
        let name: String?
        let at: ContinuousClock.Instant
    }

    private let entries = Mutex<[String: Entry]>([:])

    func name(
        of room: String, using client: MatrixClient, now: ContinuousClock.Instant = .now
    ) async -> String? {
        if let entry = entries.withLock({ $0[room] }), now - entry.at < Self.lifetime { return entry.name }
        let name: String?
        do {
            name = try await Self.fetch(room, client)
        } catch {
            return nil
        }
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries = entries.filter { now - $0.value.at < Self.lifetime } }
            if entries.count >= Self.capacity { entries.removeAll() }
            entries[room] = Entry(name: name, at: now)
        }
        return name
    }

    private static func fetch(_ room: String, _ client: MatrixClient) async throws(MatrixError) -> String? {
        if let name = try await client.stateContent("m.room.name", of: room)?["name"]?.string, !name.isEmpty {
            return name
        }
        if let alias = try await client.stateContent("m.room.canonical_alias", of: room)?["alias"]?.string,
            !alias.isEmpty
        {
            return alias
        }
        return nil
    }
}
