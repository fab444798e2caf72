import Synchronization

/// The direct room the bot opened with each user this run, so a second private message goes to
/// the same room instead of inviting the user again. Kept in memory: after a restart the bot
/// opens a new one, which costs the user one more invitation, not a leak.
final class DirectRooms: Sendable {
    private let rooms = Mutex<[String: String]>([:])

    func room(with user: String, create: () async throws -> String) async throws -> String {
        if let room = rooms.withLock({ $0[user] }) { return room }
        let room = try await create()
        rooms.withLock { $0[user] = room }
        return room
    }
}
