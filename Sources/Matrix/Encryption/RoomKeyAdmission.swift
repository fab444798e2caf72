import Foundation

/// Which received room keys the bot keeps: only those for a room it is in (joined, or invited
/// to, as clients share keys with invited members), and at most `perSenderPerRoom` an hour from
/// one sending device for one room. Anyone can send the bot a room key over Olm, for any room
/// id; each kept one is a row in the store.
///
/// The rooms come from each sync (joined, invited, left) and, for a room not seen there yet,
/// from `/joined_rooms`, asked at most once per `refreshInterval`.
actor RoomKeyAdmission {
    static let perSenderPerRoom = 50
    static let window: TimeInterval = 3600
    static let refreshInterval: TimeInterval = 60
    /// Rooms the bot is invited to are remembered up to this many, the latest kept.
    static let maximumInvitations = 100

    enum Refusal: Error, CustomStringConvertible {
        case notInRoom
        case tooMany

        var description: String {
            switch self {
            case .notInRoom: "for a room the bot is not in"
            case .tooMany: "too many room keys from one device for one room"
            }
        }
    }

    private let joinedRooms: @Sendable () async throws -> [String]
    private let now: @Sendable () -> Date
    private var joined: Set<String> = []
    private var invited: [String] = []
    private var refreshed: Date?
    private let keys = RecentUseLimit<String>(limit: perSenderPerRoom, window: window, maximumKeys: 10_000)

    init(joinedRooms: @escaping @Sendable () async throws -> [String], now: @escaping @Sendable () -> Date) {
        self.joinedRooms = joinedRooms
        self.now = now
    }

    /// What a sync says of the bot's own rooms.
    func update(joined newlyJoined: [String], invited newlyInvited: [String], left: [String]) {
        joined.formUnion(newlyJoined)
        invited.removeAll { newlyJoined.contains($0) || left.contains($0) || newlyInvited.contains($0) }
        invited += newlyInvited.filter { !joined.contains($0) }
        if invited.count > Self.maximumInvitations { invited.removeFirst(invited.count - Self.maximumInvitations) }
        joined.subtract(left)
    }

    /// Why a room key for `roomID` that came over Olm from `senderKey` is refused, or nil when
    /// it may be kept (and is counted).
    func refusal(roomID: String, senderKey: String) async -> Refusal? {
        guard await isIn(roomID) else { return .notInRoom }
        return keys.admit("\(senderKey) \(roomID)", now: now()) ? nil : .tooMany
    }

    private func isIn(_ roomID: String) async -> Bool {
        if joined.contains(roomID) || invited.contains(roomID) { return true }
        let date = now()
        if let refreshed, date.timeIntervalSince(refreshed) < Self.refreshInterval { return false }
        refreshed = date
        guard let rooms = try? await joinedRooms() else { return false }
        joined = Set(rooms)
        return joined.contains(roomID)
    }
}
