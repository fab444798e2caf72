import GifSources

/// A timeline event. Undecodable events are skipped rather than failing the whole batch.
struct RoomEvent: Decodable, Sendable {
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

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        eventID = try container.decode(String.self, forKey: .eventID)
        type = try container.decode(String.self, forKey: .type)
        sender = try container.decode(String.self, forKey: .sender)
        content = try container.decode(JSONValue.self, forKey: .content)
        stateKey = try container.decodeIfPresent(String.self, forKey: .stateKey)
        // Of `unsigned` (relations, previous content, ages) only the membership is read; an odd
        // one reads as none rather than costing the event.
        membership = (try? container.decodeIfPresent(Unsigned.self, forKey: .unsigned))?.membership
    }

    private struct Unsigned: Decodable {
        let membership: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            membership = try? container.decodeIfPresent(String.self, forKey: .membership)
        }

        private enum CodingKeys: String, CodingKey { case membership }
    }

    private enum CodingKeys: String, CodingKey {
        case eventID = "event_id"
        case type, sender, content, unsigned
        case stateKey = "state_key"
    }
}
