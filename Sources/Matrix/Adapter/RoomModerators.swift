import Logging

/// Each room's moderators, who are its admins under `bot.channel_admins: operators` (issue 33):
/// read from the room's state when first asked, and again after a sync batch shows the state
/// changed (`stateChanged`), so a new power level counts from the next command, without a
/// restart. A room whose state cannot be read has no moderators meanwhile (refused, not guessed).
actor RoomModerators {
    private let client: MatrixClient
    private let logger: Logger
    private var rooms: [String: RoomPowerLevels] = [:]

    /// Rooms whose levels are kept; past it all are forgotten and read again when asked.
    static let maximumRooms = 10_000

    init(client: MatrixClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// The state event that changes who moderates a room (its create event never changes).
    static let powerLevelsType = "m.room.power_levels"

    func stateChanged(in roomID: String) {
        rooms[roomID] = nil
    }

    func isModerator(_ userID: String, in roomID: String) async -> Bool {
        if let known = rooms[roomID] { return known.isModerator(userID) }
        do {
            let levels = try await client.powerLevels(of: roomID)
            if rooms.count >= Self.maximumRooms { rooms.removeAll() }
            rooms[roomID] = levels
            return levels.isModerator(userID)
        } catch {
            logger.warning(
                "Could not read a room's power levels: its moderators are not its admins until they can be read",
                metadata: ["room_id": "\(roomID)", "error": "\(error)"])
            return false
        }
    }
}
