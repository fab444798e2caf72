import GifSources

/// The parts of a `/sync` answer the bot reads. Everything is optional: homeservers leave out
/// empty sections.
struct SyncResponse: Decodable, Sendable {
    let nextBatch: String
    let rooms: Rooms?
    /// Events sent to this device alone (room keys, Olm messages).
    let toDevice: ToDevice?
    // The encryption fields are read leniently (a malformed one must not make the whole batch
    // unreadable), through the accessors below.
    private let deviceLists: JSONValue?
    private let deviceOneTimeKeysCount: JSONValue?
    private let deviceUnusedFallbackKeyTypes: JSONValue?

    struct ToDevice: Decodable, Sendable {
        let events: LossyList<ToDeviceEvent>?
    }

    /// Users whose devices changed since the last batch.
    var devicesChanged: [String] { deviceLists?["changed"]?.arrayValue?.compactMap(\.string) ?? [] }
    /// Users who no longer share an encrypted room with the bot.
    var devicesLeft: [String] { deviceLists?["left"]?.arrayValue?.compactMap(\.string) ?? [] }
    /// Unclaimed signed one-time keys of this device on the server; nil when the server did not say.
    var signedOneTimeKeyCount: Int? {
        guard let counts = deviceOneTimeKeysCount?.objectValue else { return nil }
        return counts["signed_curve25519"]?.int ?? 0
    }
    /// The fallback key algorithms not used yet; nil when the server did not say.
    var unusedFallbackKeyTypes: [String]? { deviceUnusedFallbackKeyTypes?.arrayValue?.compactMap(\.string) }

    struct Rooms: Decodable, Sendable {
        let join: [String: JoinedRoom]?
        let invite: [String: InvitedRoom]?
        /// Rooms the bot left (or was removed from); only their ids are read, so their
        /// contents never fail the batch.
        private let leave: JSONValue?

        var left: [String] { leave?.objectValue.map { Array($0.keys) } ?? [] }
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
        case toDevice = "to_device"
        case deviceLists = "device_lists"
        case deviceOneTimeKeysCount = "device_one_time_keys_count"
        case deviceUnusedFallbackKeyTypes = "device_unused_fallback_key_types"
    }
}

/// An event sent to this device (`to_device` in `/sync`).
struct ToDeviceEvent: Decodable, Sendable {
    let type: String
    let sender: String
    let content: JSONValue
}

extension SyncResponse {
    /// Whether the batch holds anything from others: events in rooms, invitations, rooms left,
    /// to-device messages, device changes. A batch of the bot's own echoes (its replies coming
    /// back), or an empty one (a long poll that timed out), is harmless to see again after a
    /// restart, so its position need not be stored before the next: that spares a write and a
    /// disk sync per reply and per idle poll.
    func carriesNews(forBot ownUserID: String) -> Bool {
        if !(toDevice?.events?.elements.isEmpty ?? true) || !devicesChanged.isEmpty || !devicesLeft.isEmpty {
            return true
        }
        if !(rooms?.invite?.isEmpty ?? true) || !(rooms?.left.isEmpty ?? true) { return true }
        // Checked where the events lie, without joining each room's lists into a new array.
        let fromOthers = { (events: [RoomEvent]?) in events?.contains { $0.sender != ownUserID } ?? false }
        return (rooms?.join ?? [:]).values.contains {
            fromOthers($0.state?.events?.elements) || fromOthers($0.timeline?.events?.elements)
        }
    }
}
