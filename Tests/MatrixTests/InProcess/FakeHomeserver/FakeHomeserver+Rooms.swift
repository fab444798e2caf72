import Foundation

@testable import Matrix

/// Rooms: made, joined, left, written to and read, by the test's people directly and by the bot
/// through the API.
extension FakeHomeserver {
    static let megolm = "m.megolm.v1.aes-sha2"

    /// Appends an event to `roomID`'s timeline (and its state, with a state key).
    @discardableResult
    func append(
        _ type: String, sender: String, stateKey: String? = nil, content: JSONValue, in roomID: String
    ) -> FakeEvent {
        let at = advance()
        let event = FakeEvent(
            position: at, roomID: roomID, eventID: "$event\(at)", type: type, sender: sender, stateKey: stateKey,
            content: content)
        rooms[roomID]?.timeline.append(event)
        if let stateKey { rooms[roomID]?.state[FakeRoom.stateKey(type, stateKey)] = event }
        return event
    }

    /// `userID`'s membership of `roomID` now (`join`, `invite`, ...), nil for none.
    func membership(of userID: String, in roomID: String) -> String? {
        rooms[roomID]?.membership(of: userID)
    }

    /// A room `creator` made, inviting `invite`; `encrypted` turns Megolm on from its start.
    @discardableResult
    func createRoom(
        by creator: String, invite: [String] = [], encrypted: Bool = false, name: String? = nil,
        isDirect: Bool = false, initialState: [JSONValue] = []
    ) -> String {
        let roomID = "!" + nextID("room") + ":" + Self.serverName
        rooms[roomID] = FakeRoom(roomID: roomID)
        append(
            "m.room.create", sender: creator, stateKey: "",
            content: ["room_version": "11", "creator": .string(creator)], in: roomID)
        append("m.room.member", sender: creator, stateKey: creator, content: memberContent("join", creator), in: roomID)
        append(
            "m.room.power_levels", sender: creator, stateKey: "",
            content: [
                "users": [creator: 100], "users_default": 0, "state_default": 50, "events_default": 0, "invite": 0,
                "redact": 50, "kick": 50, "ban": 50,
            ], in: roomID)
        append("m.room.join_rules", sender: creator, stateKey: "", content: ["join_rule": "invite"], in: roomID)
        append(
            "m.room.history_visibility", sender: creator, stateKey: "", content: ["history_visibility": "shared"],
            in: roomID)
        if let name {
            append("m.room.name", sender: creator, stateKey: "", content: ["name": .string(name)], in: roomID)
        }
        if encrypted {
            append(
                "m.room.encryption", sender: creator, stateKey: "", content: ["algorithm": .string(Self.megolm)],
                in: roomID)
        }
        for state in initialState {
            guard let type = state["type"]?.string else { continue }
            append(
                type, sender: creator, stateKey: state["state_key"]?.string ?? "", content: state["content"] ?? [:],
                in: roomID)
        }
        for invitee in invite {
            var content = memberContent("invite", invitee)
            if isDirect, case .object(var object) = content {
                object["is_direct"] = true
                content = .object(object)
            }
            append("m.room.member", sender: creator, stateKey: invitee, content: content, in: roomID)
        }
        return roomID
    }

    private func memberContent(_ membership: String, _ userID: String) -> JSONValue {
        ["membership": .string(membership), "displayname": .string(accounts[userID]?.displayName ?? userID)]
    }

    func invite(_ userID: String, to roomID: String, by inviter: String) {
        append("m.room.member", sender: inviter, stateKey: userID, content: memberContent("invite", userID), in: roomID)
    }

    /// `userID` joins: allowed when invited, or already a member.
    @discardableResult
    func join(_ userID: String, _ roomID: String) throws(FakeAnswer) -> FakeAnswer {
        guard let room = rooms[roomID] else { throw .notFound }
        guard let membership = room.membership(of: userID), ["invite", "join"].contains(membership) else {
            throw .forbidden("You are not invited to this room.")
        }
        if membership == "invite" {
            append(
                "m.room.member", sender: userID, stateKey: userID, content: memberContent("join", userID), in: roomID)
        }
        return .ok(["room_id": .string(roomID)])
    }

    /// `userID` leaves, or `by` removes them.
    func leave(_ userID: String, _ roomID: String, by remover: String? = nil) {
        append(
            "m.room.member", sender: remover ?? userID, stateKey: userID, content: memberContent("leave", userID),
            in: roomID)
    }

    /// Sets a state event, as a person with the power to.
    @discardableResult
    func setState(
        _ type: String, _ content: JSONValue, in roomID: String, by sender: String, key: String = ""
    )
        -> FakeEvent
    {
        append(type, sender: sender, stateKey: key, content: content, in: roomID)
    }

    /// `sender` says something in `roomID`.
    @discardableResult
    func send(
        _ content: JSONValue, type: String = "m.room.message", from sender: String, in roomID: String
    ) -> FakeEvent {
        append(type, sender: sender, content: content, in: roomID)
    }

    /// `sender` types `text`.
    @discardableResult
    func say(_ text: String, from sender: String, in roomID: String) -> FakeEvent {
        send(["msgtype": "m.text", "body": .string(text)], from: sender, in: roomID)
    }

    func events(in roomID: String) -> [FakeEvent] { rooms[roomID]?.timeline ?? [] }

    func joinedRooms(of userID: String) -> [String] {
        rooms.values.filter { $0.membership(of: userID) == "join" }.map(\.roomID).sorted()
    }

    func members(of roomID: String, _ membership: String = "join") -> [String] {
        rooms[roomID]?.members(membership) ?? []
    }

    func createRoom(_ body: JSONValue, caller: Caller) throws(FakeAnswer) -> FakeAnswer {
        let invite = body["invite"]?.arrayValue?.compactMap(\.string) ?? []
        let roomID = createRoom(
            by: caller.userID, invite: invite, name: body["name"]?.string, isDirect: body["is_direct"] == .bool(true),
            initialState: body["initial_state"]?.arrayValue ?? [])
        return .ok(["room_id": .string(roomID)])
    }

    func serveRoom(_ route: FakeRoute, parts: [String], caller: Caller) throws(FakeAnswer) -> FakeAnswer {
        let roomID = parts[1]
        guard let room = rooms[roomID] else { throw .notFound }
        let isMember = room.membership(of: caller.userID) == "join"
        switch (route.method, parts[2]) {
        case ("GET", "joined_members"):
            guard isMember else { throw .forbidden("not in the room") }
            let joined = room.members("join").map {
                ($0, JSONValue.object(["display_name": .string(accounts[$0]?.displayName ?? $0)]))
            }
            return .ok(["joined": .object(Dictionary(uniqueKeysWithValues: joined))])
        case ("GET", "members"):
            guard isMember else { throw .forbidden("not in the room") }
            let wanted = route.query["membership"]
            let chunk = room.state.values.filter {
                $0.type == "m.room.member" && (wanted == nil || $0.membership == wanted)
            }
            return .ok(["chunk": .array(chunk.sorted { $0.position < $1.position }.map(\.json))])
        case ("GET", "state") where parts.count >= 4:
            guard isMember else { throw .forbidden("not in the room") }
            guard let event = room.stateEvent(parts[3], parts.count > 4 ? parts[4] : "") else { throw .notFound }
            return .ok(route.query["format"] == "event" ? event.json : event.content)
        case ("PUT", "state") where parts.count >= 4:
            guard isMember else { throw .forbidden("not in the room") }
            let event = setState(
                parts[3], route.body, in: roomID, by: caller.userID, key: parts.count > 4 ? parts[4] : "")
            return .ok(["event_id": .string(event.eventID)])
        case ("PUT", "send") where parts.count == 5:
            guard isMember else { throw .forbidden("not in the room") }
            return .ok([
                "event_id": .string(
                    transaction(caller, parts[4]) {
                        send(route.body, type: parts[3], from: caller.userID, in: roomID).eventID
                    })
            ])
        case ("PUT", "redact") where parts.count == 5:
            guard isMember else { throw .forbidden("not in the room") }
            let redacted = parts[3]
            return .ok([
                "event_id": .string(transaction(caller, parts[4]) { redact(redacted, in: roomID, by: caller.userID) })
            ])
        default: throw .error(404, "M_UNRECOGNIZED", "\(route.method) \(route.path)")
        }
    }

    /// The event a transaction made, made once: the same transaction id again is the same event.
    private func transaction(_ caller: Caller, _ transactionID: String, _ make: () -> String) -> String {
        let key = caller.userID + "\u{0}" + caller.deviceID + "\u{0}" + transactionID
        if let eventID = transactions[key] { return eventID }
        let eventID = make()
        transactions[key] = eventID
        return eventID
    }

    /// An `m.room.redaction` of `eventID`, whose content is then emptied.
    func redact(_ eventID: String, in roomID: String, by sender: String) -> String {
        if let index = rooms[roomID]?.timeline.firstIndex(where: { $0.eventID == eventID }) {
            rooms[roomID]?.timeline[index].content = [:]
        }
        return append("m.room.redaction", sender: sender, content: ["redacts": .string(eventID)], in: roomID).eventID
    }

    /// Whether the event was redacted.
    func isRedacted(_ eventID: String, in roomID: String) -> Bool {
        events(in: roomID).contains { $0.type == "m.room.redaction" && $0.content["redacts"]?.string == eventID }
    }

    func serveMedia(_ route: FakeRoute, caller: Caller) throws(FakeAnswer) -> FakeAnswer {
        if route.method == "GET", route.path.hasSuffix("/config") {
            return .ok(["m.upload.size": .number(Double(uploadLimit))])
        }
        guard route.method == "POST", route.path == "/_matrix/media/v3/upload" else { throw .notFound }
        guard route.rawBody.count <= uploadLimit else { throw .error(413, "M_TOO_LARGE", "too large") }
        let uri = "mxc://\(Self.serverName)/" + nextID("media")
        media[uri] = (route.rawBody, route.contentType ?? "application/octet-stream")
        return .ok(["content_uri": .string(uri)])
    }

    /// The bytes uploaded as `uri`.
    func download(_ uri: String) -> [UInt8]? { media[uri]?.bytes }

    /// The `Content-Type` `uri` was uploaded with.
    func contentType(of uri: String) -> String? { media[uri]?.contentType }
}
