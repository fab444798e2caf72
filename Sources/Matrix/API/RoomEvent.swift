import GifSources

/// A timeline event. Undecodable events are skipped rather than failing the whole batch.
struct RoomEvent: Sendable, JSONObjectReadable {
    let eventID: String
    let type: String
    let sender: String
    let content: JSONValue
    let stateKey: String?
    /// The bot's membership in the room at this event, as the homeserver annotates it
    /// (`unsigned.membership`, spec v1.11, MSC4115); nil when it does not. Anything but `join`
    /// says the event is from before the bot joined (`JoinBoundary`).
    let membership: String?

    init(
        eventID: String, type: String, sender: String, content: JSONValue, stateKey: String?,
        membership: String? = nil
    ) {
        self.eventID = eventID
        self.type = type
        self.sender = sender
        self.content = content
        self.stateKey = stateKey
        self.membership = membership
    }

    init?(json: [String: JSONValue]) {
        guard let eventID = json["event_id"]?.string, let type = json["type"]?.string,
            let sender = json["sender"]?.string, let content = json["content"],
            let stateKey = json.optionalString("state_key")
        else { return nil }
        self.init(
            eventID: eventID, type: type, sender: sender, content: content, stateKey: stateKey,
            // Of `unsigned` (relations, previous content, ages) only the membership is read; an
            // odd one reads as none rather than costing the event.
            membership: json["unsigned"]?["membership"]?.string)
    }
}
