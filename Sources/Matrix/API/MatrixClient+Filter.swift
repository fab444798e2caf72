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

    /// Events of each room's timeline in a sync from a position: a reply may come after a
    /// burst of chat, and every command in the batch is answered.
    static let timelineLimit = 50

    /// Events of each room's timeline in a sync from no position (a first start, or a position
    /// the homeserver forgot), which only learns where "now" is and answers nothing of it. The
    /// room's encryption and power levels come in its state; one event is enough to learn
    /// whether the homeserver annotates the bot's membership. With 50, a bot in 1,000 rooms
    /// was sent (and decoded at once) every room's last 50 joins and messages: its resident set
    /// peaked at 78-84 MiB on an empty database, against 31 MiB once running (scenario 11).
    static let firstSyncTimelineLimit = 1

    static func syncFilter(
        userID: String, leavingOutOwnEvents: Bool, timelineLimit: Int = MatrixClient.timelineLimit
    ) -> JSONValue {
        var timeline: [String: JSONValue] = [
            // Reactions: a preview's buttons.
            "limit": .number(Double(timelineLimit)),
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

    /// The filter of a sync from no position, as JSON text: `/sync` takes a filter's text in
    /// place of its id, so the one sync that needs it costs no request to make it.
    static func firstSyncFilter(userID: String, leavingOutOwnEvents: Bool) -> String {
        let filter = syncFilter(
            userID: userID, leavingOutOwnEvents: leavingOutOwnEvents, timelineLimit: firstSyncTimelineLimit)
        // A filter of strings, numbers and arrays of them always encodes.
        return String(decoding: (try? filter.encodedBytes()) ?? [], as: UTF8.self)
    }
}
