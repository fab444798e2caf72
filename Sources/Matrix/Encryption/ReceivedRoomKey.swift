import MatrixCrypto

/// A Megolm session another device sent the bot over Olm: an `m.room_key` from the device that
/// created it, or an `m.forwarded_room_key` (the session exported at an index), which is how
/// Element answers the bot's `m.room_key_request` for a session it had shared with the bot.
///
/// A forwarded key is taken only from the session's creator itself: its Curve25519 key is the
/// forwarded `sender_key`, it claims the same Ed25519 key, and the forwarding chain is empty.
/// A key vouched for by any other device would let that device put words in the creator's mouth.
struct ReceivedRoomKey {
    let roomID: String
    let sessionID: String
    let session: MegolmInboundSession

    enum Refusal: Error, CustomStringConvertible {
        case notARoomKey
        case malformed
        case notFromItsCreator

        var description: String {
            switch self {
            case .notARoomKey: "not a room key"
            case .malformed: "malformed"
            case .notFromItsCreator: "forwarded by a device other than the session's creator"
            }
        }
    }

    init(_ payload: MatrixDevice.OlmPayload) throws(Refusal) {
        let key = payload.content
        guard payload.type == RoomKeys.roomKeyType || payload.type == RoomKeys.forwardedRoomKeyType else {
            throw .notARoomKey
        }
        guard key["algorithm"]?.stringValue == RoomKeys.megolmAlgorithm, let room = key["room_id"]?.stringValue,
            let sessionID = key["session_id"]?.stringValue, let text = key["session_key"]?.stringValue
        else { throw .malformed }
        let session: MegolmInboundSession
        if payload.type == RoomKeys.roomKeyType {
            guard let parsed = try? MegolmInboundSession(sessionKeyBase64: text) else { throw .malformed }
            session = parsed
        } else {
            guard key["sender_key"]?.stringValue == payload.senderKey,
                key["sender_claimed_ed25519_key"]?.stringValue == payload.claimedEd25519,
                key["forwarding_curve25519_key_chain"].map({ $0.arrayValue?.isEmpty == true }) ?? true
            else { throw .notFromItsCreator }
            guard let parsed = try? MegolmInboundSession(exportedKeyBase64: text) else { throw .malformed }
            session = parsed
        }
        roomID = room
        self.sessionID = sessionID
        self.session = session
    }
}
