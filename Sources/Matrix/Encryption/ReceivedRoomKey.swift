import MatrixCrypto

/// A Megolm session another device sent the bot over Olm: an `m.room_key` from the device that
/// created it, or an `m.forwarded_room_key` (the session exported at an index), which is how
/// Element answers the bot's `m.room_key_request`.
///
/// This reads the key's shape; whether a forwarded key may be taken (asked for, from a device
/// trusted to forward it) is `ForwardedKeyTrust`'s decision.
struct ReceivedRoomKey {
    let roomID: String
    let sessionID: String
    let session: MegolmInboundSession
    /// The Curve25519 key of the device that created the session, under which it is kept.
    let senderKey: String
    /// The Ed25519 key the creator claimed.
    let claimedEd25519: String
    /// For a forwarded key: the Curve25519 keys of the devices it passed through before the one
    /// that sent it to the bot.
    let forwardingChain: [String]
    let isForwarded: Bool

    /// Longer forwarding chains are refused unread: an honest one has a device or two.
    static let maximumChain = 8

    enum Refusal: Error, CustomStringConvertible {
        case notARoomKey
        case malformed
        case notFromItsCreator

        var description: String {
            switch self {
            case .notARoomKey: "not a room key"
            case .malformed: "malformed"
            case .notFromItsCreator: "its creator's keys do not match the device that sent it"
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
        roomID = room
        self.sessionID = sessionID
        isForwarded = payload.type == RoomKeys.forwardedRoomKeyType
        if !isForwarded {
            guard let parsed = try? MegolmInboundSession(sessionKeyBase64: text) else { throw .malformed }
            session = parsed
            senderKey = payload.senderKey
            claimedEd25519 = payload.claimedEd25519
            forwardingChain = []
            return
        }
        let listed = key["forwarding_curve25519_key_chain"].map { $0.arrayValue } ?? []
        guard let creator = key["sender_key"]?.stringValue,
            let claimed = key["sender_claimed_ed25519_key"]?.stringValue, let listed,
            listed.count <= Self.maximumChain, case let chain = listed.compactMap(\.stringValue),
            chain.count == listed.count, let parsed = try? MegolmInboundSession(exportedKeyBase64: text)
        else { throw .malformed }
        // Forwarded by its creator: the creator's keys are those of the Olm session it came over.
        if creator == payload.senderKey, claimed != payload.claimedEd25519 || !chain.isEmpty {
            throw .notFromItsCreator
        }
        session = parsed
        senderKey = creator
        claimedEd25519 = claimed
        forwardingChain = chain
    }
}
