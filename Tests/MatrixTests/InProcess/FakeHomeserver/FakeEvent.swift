@testable import Matrix

/// A room event as the fake homeserver keeps it: `position` orders it among everything the server
/// has seen, and is what a sync token counts.
struct FakeEvent: Sendable {
    let position: Int
    let roomID: String
    let eventID: String
    let type: String
    let sender: String
    let stateKey: String?
    var content: JSONValue

    /// The client-server API's form of the event.
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "event_id": .string(eventID), "type": .string(type), "sender": .string(sender), "content": content,
            "room_id": .string(roomID), "origin_server_ts": .number(Double(position)),
        ]
        if let stateKey { object["state_key"] = .string(stateKey) }
        return .object(object)
    }

    /// The client-server API's form with the caller's membership at the event (`unsigned
    /// .membership`, MSC4115; `leave` where it has none).
    func annotated(_ membership: String?) -> JSONValue {
        guard case .object(var object) = json else { return json }
        object["unsigned"] = ["membership": .string(membership ?? "leave")]
        return .object(object)
    }

    /// An invitation's stripped form.
    var stripped: JSONValue {
        var object: [String: JSONValue] = ["type": .string(type), "sender": .string(sender), "content": content]
        if let stateKey { object["state_key"] = .string(stateKey) }
        return .object(object)
    }

    var membership: String? { type == "m.room.member" ? content["membership"]?.string : nil }
    var body: String? { content["body"]?.string }
    /// The event this one answers (`m.in_reply_to`), if any.
    var inReplyTo: String? { content["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.string }
}

/// A room on the fake homeserver: its current state and its whole timeline.
struct FakeRoom: Sendable {
    let roomID: String
    var state: [String: FakeEvent] = [:]
    var timeline: [FakeEvent] = []

    static func stateKey(_ type: String, _ key: String) -> String { type + "\u{0}" + key }

    func stateEvent(_ type: String, _ key: String = "") -> FakeEvent? { state[Self.stateKey(type, key)] }

    func membership(of userID: String) -> String? { stateEvent("m.room.member", userID)?.membership }

    /// `userID`'s membership after each event of the timeline, by position: as Synapse
    /// annotates, a member event of the user's own counts at itself.
    func memberships(of userID: String) -> [Int: String] {
        var current: String?
        var byPosition: [Int: String] = [:]
        for event in timeline {
            if event.type == "m.room.member", event.stateKey == userID { current = event.membership }
            if let current { byPosition[event.position] = current }
        }
        return byPosition
    }

    /// Whether a member whose membership at `event` was `membership` sees it: everyone does,
    /// unless the room shows its history to joined members only (its current setting, a
    /// simplification of the specification's setting at the event).
    func isVisible(_ event: FakeEvent, membership: String?) -> Bool {
        membership == "join"
            || stateEvent("m.room.history_visibility")?.content["history_visibility"]?.string != "joined"
    }

    func members(_ membership: String) -> [String] {
        state.values.filter { $0.membership == membership }.compactMap(\.stateKey).sorted()
    }
}
