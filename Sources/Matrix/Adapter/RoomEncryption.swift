import GifSources

/// What one sync batch says about a joined room's encryption. Pure: it reads the batch only.
///
/// A room is encrypted once it has an `m.room.encryption` state event, whatever its content:
/// Matrix never turns encryption off, and treating an odd or redacted event as "not
/// encrypted" could make the bot answer in plaintext where people expect privacy.
struct RoomEncryption: Equatable, Sendable {
    static let stateType = "m.room.encryption"
    static let encryptedType = "m.room.encrypted"
    static let unknownAlgorithm = "unknown"

    /// Why the bot should tell a room it cannot read it.
    enum Reason: String, Sendable {
        /// The bot joined a room that is (or, in the same batch, became) encrypted.
        case joined
        /// Encryption was turned on in a room the bot is in.
        case turnedOn = "turned on"
        /// Someone wrote there encrypted, which the bot cannot read.
        case encryptedMessage = "encrypted message"
        /// Someone sent a command in plaintext, which the bot will not answer there.
        case plaintextCommand = "plaintext command"
    }

    /// The algorithm of the room's encryption event in this batch, nil when the batch has none.
    let algorithm: String?
    /// Set when this batch itself is a reason to tell the room: a join or encryption turned on.
    let reason: Reason?

    init(algorithm: String?, reason: Reason?) {
        self.algorithm = algorithm
        self.reason = reason
    }

    /// Reads the room's `state` and `timeline` sections: the encryption event arrives in the
    /// state of a room new to the sync, or in the timeline when it is recent or a change. The
    /// batch is the bot's join when its timeline shows it (`JoinBoundary.holdsJoin`), or when
    /// `joinedByCall`: the room's first batch after the bot joined it by its own call.
    init(of room: SyncResponse.JoinedRoom, ownUserID: String, knownEncrypted: Bool, joinedByCall: Bool = false) {
        let state = room.state?.events?.elements ?? []
        let timeline = room.timeline?.events?.elements ?? []
        let inState = state.last(where: Self.isEncryptionEvent)
        let inTimeline = timeline.last(where: Self.isEncryptionEvent)
        algorithm = (inTimeline ?? inState).map(Self.algorithm(of:))
        let encrypted = knownEncrypted || algorithm != nil
        let joined = joinedByCall || JoinBoundary.holdsJoin(timeline, ownUserID: ownUserID)
        if encrypted && joined {
            reason = .joined
        } else if inTimeline != nil {
            reason = .turnedOn
        } else {
            reason = nil
        }
    }

    static func isEncryptionEvent(_ event: RoomEvent) -> Bool {
        event.type == stateType && event.stateKey == ""
    }

    static func algorithm(of event: RoomEvent) -> String {
        event.content["algorithm"]?.string ?? unknownAlgorithm
    }
}
