import Foundation
import GifSources

/// The parts of a `/sync` answer the bot reads. Everything is optional: homeservers leave out
/// empty sections. Read leniently below the batch's position: a section of another shape than
/// the specification's reads as absent, and an event without what every event has is dropped
/// (`LossyList`), so that nothing in one room makes the whole batch unreadable.
struct SyncResponse: Sendable {
    let nextBatch: String
    let rooms: Rooms?
    /// Events sent to this device alone (room keys, Olm messages).
    let toDevice: ToDevice?
    // The encryption fields are read leniently, through the accessors below.
    private let deviceLists: JSONValue?
    private let deviceOneTimeKeysCount: JSONValue?
    private let deviceUnusedFallbackKeyTypes: JSONValue?

    /// The answer's text; throws when it is not JSON or has no position to sync from next.
    init(parsing body: Data) throws(MatrixError) {
        guard let json = try? JSONValue.parse(body), let nextBatch = json["next_batch"]?.string else {
            throw .transport("unreadable sync answer")
        }
        self.nextBatch = nextBatch
        rooms = json["rooms"]?.objectValue.map(Rooms.init(json:))
        toDevice = json["to_device"]?.objectValue.map(ToDevice.init(json:))
        deviceLists = json["device_lists"]
        deviceOneTimeKeysCount = json["device_one_time_keys_count"]
        deviceUnusedFallbackKeyTypes = json["device_unused_fallback_key_types"]
    }

    struct ToDevice: Sendable {
        let events: LossyList<ToDeviceEvent>?

        init(json: [String: JSONValue]) {
            events = LossyList(json: json["events"])
        }
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

    struct Rooms: Sendable {
        let join: [String: JoinedRoom]?
        let invite: [String: InvitedRoom]?
        /// Rooms the bot left (or was removed from); only their ids are read, so their
        /// contents never fail the batch.
        let left: [String]

        init(json: [String: JSONValue]) {
            join = json["join"]?.objectValue?.compactMapValues { $0.objectValue.map(JoinedRoom.init(json:)) }
            invite = json["invite"]?.objectValue?.compactMapValues { $0.objectValue.map(InvitedRoom.init(json:)) }
            left = json["leave"]?.objectValue.map { Array($0.keys) } ?? []
        }
    }

    struct JoinedRoom: Sendable {
        /// State before the timeline starts (a room's whole filtered state when it is new to
        /// this sync); a change inside the batch arrives in the timeline instead.
        let state: Timeline?
        let timeline: Timeline?

        init(json: [String: JSONValue]) {
            state = json["state"]?.objectValue.map(Timeline.init(json:))
            timeline = json["timeline"]?.objectValue.map(Timeline.init(json:))
        }
    }

    /// A list of events: the `timeline` of a room, or its `state`.
    struct Timeline: Sendable {
        let events: LossyList<RoomEvent>?

        init(json: [String: JSONValue]) {
            events = LossyList(json: json["events"])
        }
    }

    struct InvitedRoom: Sendable {
        let inviteState: InviteState?

        init(json: [String: JSONValue]) {
            inviteState = json["invite_state"]?.objectValue.map(InviteState.init(json:))
        }
    }

    struct InviteState: Sendable {
        let events: LossyList<StrippedEvent>?

        init(json: [String: JSONValue]) {
            events = LossyList(json: json["events"])
        }
    }

    /// A state event as invites show it.
    struct StrippedEvent: Sendable, JSONObjectReadable {
        let type: String?
        let sender: String?
        let stateKey: String?
        let content: JSONValue?

        init?(json: [String: JSONValue]) {
            // A field of another kind than the specification's drops the event, as a missing
            // event field does.
            guard let type = json.optionalString("type"), let sender = json.optionalString("sender"),
                let stateKey = json.optionalString("state_key")
            else { return nil }
            self.type = type
            self.sender = sender
            self.stateKey = stateKey
            content = json["content"].flatMap { $0 == .null ? nil : $0 }
        }
    }
}

/// An event sent to this device (`to_device` in `/sync`).
struct ToDeviceEvent: Sendable, JSONObjectReadable {
    let type: String
    let sender: String
    let content: JSONValue

    init?(json: [String: JSONValue]) {
        guard let type = json["type"]?.string, let sender = json["sender"]?.string, let content = json["content"]
        else { return nil }
        self.type = type
        self.sender = sender
        self.content = content
    }
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
