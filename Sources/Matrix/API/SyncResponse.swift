import GifSources

/// The parts of a `/sync` answer the bot reads. Everything is optional: homeservers leave out
/// empty sections.
struct SyncResponse: Decodable, Sendable {
    let nextBatch: String
    let rooms: Rooms?

    struct Rooms: Decodable, Sendable {
        let join: [String: JoinedRoom]?
        let invite: [String: InvitedRoom]?
    }

    struct JoinedRoom: Decodable, Sendable {
        /// State before the timeline starts (a room's whole filtered state when it is new to
        /// this sync); a change inside the batch arrives in the timeline instead.
        let state: Timeline?
        let timeline: Timeline?
    }

    /// A list of events: the `timeline` of a room, or its `state`.
    struct Timeline: Decodable, Sendable {
        let events: LossyList<RoomEvent>?
    }

    struct InvitedRoom: Decodable, Sendable {
        let inviteState: InviteState?

        private enum CodingKeys: String, CodingKey { case inviteState = "invite_state" }
    }

    struct InviteState: Decodable, Sendable {
        let events: LossyList<StrippedEvent>?
    }

    /// A state event as invites show it.
    struct StrippedEvent: Decodable, Sendable {
        let type: String?
        let sender: String?
        let stateKey: String?
        let content: JSONValue?

        private enum CodingKeys: String, CodingKey {
            case type, sender, content
            case stateKey = "state_key"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case nextBatch = "next_batch"
        case rooms
    }
}

/// A timeline event. Undecodable events are skipped rather than failing the whole batch.
struct RoomEvent: Decodable, Sendable {
    let eventID: String
    let type: String
    let sender: String
    let content: JSONValue
    let stateKey: String?

    private enum CodingKeys: String, CodingKey {
        case eventID = "event_id"
        case type, sender, content
        case stateKey = "state_key"
    }
}
