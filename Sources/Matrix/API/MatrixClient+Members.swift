import HTTPTransport

/// Who is in a room, for sharing its keys (`RoomKeySharing`), and which rooms the bot is in,
/// for taking them (`RoomKeyAdmission`).
extension MatrixClient {
    /// The rooms the bot is joined to now.
    func joinedRooms() async throws(MatrixError) -> [String] {
        try await get("/_matrix/client/v3/joined_rooms")["joined_rooms"]?.arrayValue?.compactMap(\.string) ?? []
    }

    /// The users joined to the room now.
    func joinedMembers(of roomID: String) async throws(MatrixError) -> [String] {
        let json = try await get("/_matrix/client/v3/rooms/\(PercentEncoding.encode(roomID))/joined_members")
        return (json["joined"]?.objectValue ?? [:]).keys.sorted()
    }

    /// The users invited to the room and not yet joined.
    func invitedMembers(of roomID: String) async throws(MatrixError) -> [String] {
        let json = try await get("/_matrix/client/v3/rooms/\(PercentEncoding.encode(roomID))/members?membership=invite")
        return (json["chunk"]?.arrayValue ?? []).compactMap { event in
            guard event["type"]?.string == "m.room.member", event["content"]?["membership"]?.string == "invite" else {
                return nil
            }
            return event["state_key"]?.string
        }
        .sorted()
    }

    /// What the room's own rule says about who may change its settings: its
    /// `m.room.power_levels` and its create event (whose sender is a creator).
    func powerLevels(of roomID: String) async throws(MatrixError) -> RoomPowerLevels {
        let levels = try await stateContent("m.room.power_levels", of: roomID)
        let create = try await get(
            "/_matrix/client/v3/rooms/\(PercentEncoding.encode(roomID))/state/m.room.create/?format=event")
        return RoomPowerLevels(powerLevels: levels, create: create["content"], createSender: create["sender"]?.string)
    }

    /// The room's `m.room.history_visibility`; `shared` when it has none, as the specification
    /// says a room without one is treated.
    func historyVisibility(of roomID: String) async throws(MatrixError) -> String {
        try await stateContent("m.room.history_visibility", of: roomID)?["history_visibility"]?.string ?? "shared"
    }
}
