import GifSources
import HTTPTransport
import NIOHTTP1

/// The sync filter: what `/sync` answers hold.
extension MatrixClient {
    /// A filter that keeps sync answers small: room messages only, no presence or receipts.
    /// `leavingOutOwnEvents` leaves the bot's own events out of room timelines too, which
    /// spares the answer that would bring each of its replies back; only for a homeserver that
    /// annotates events with the bot's membership (`MembershipAnnotations`), since the bot's own
    /// join is otherwise what marks where a room's history ends (`JoinBoundary`).
    func createFilter(userID: String, leavingOutOwnEvents: Bool = false) async throws(MatrixError) -> String {
        let json = try await http.request(
            .POST, "/_matrix/client/v3/user/\(PercentEncoding.encode(userID))/filter",
            json: Self.syncFilter(userID: userID, leavingOutOwnEvents: leavingOutOwnEvents),
            accessToken: accessToken, timeout: timing.requestTimeout
        ).json()
        guard let id = json["filter_id"]?.string else { throw .transport("filter answer without an id") }
        return id
    }

    static func syncFilter(userID: String, leavingOutOwnEvents: Bool) -> JSONValue {
        var timeline: [String: JSONValue] = [
            // Reactions: a preview's buttons.
            "limit": 50,
            "types": [
                "m.room.message", "m.room.member", "m.room.encryption", "m.room.encrypted", "m.reaction",
                "m.room.history_visibility", "m.room.power_levels",
            ],
        ]
        if leavingOutOwnEvents { timeline["not_senders"] = [.string(userID)] }
        return [
            "presence": ["types": []],
            "account_data": ["types": []],
            "room": [
                // Member events too: who left (their gallery grants end), and the bot's own join,
                // which marks where a room's history ends while its own events are synced.
                // Encryption state and encrypted events: the bot must know where it cannot read.
                // History visibility: who gets the room's keys (`RoomKeySharing.recipients`).
                // Power levels: who moderates the room (`RoomModerators`).
                "timeline": .object(timeline),
                // Power levels in state too: a change lost in a gap of a limited timeline still
                // reaches `RoomModerators`.
                "state": ["types": ["m.room.encryption", "m.room.power_levels"], "lazy_load_members": true],
                "ephemeral": ["types": []],
                "account_data": ["types": []],
            ],
        ]
    }
}
