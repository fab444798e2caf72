/// Detects replayed Megolm messages (client-server API, "m.megolm.v1.aes-sha2": clients must
/// guard against replay by remembering, per session and message index, which event it came in).
/// A sender never encrypts two messages at one index, so the same (session, index) arriving in a
/// second event is a replay, while the same event seen again (a repeated sync, a re-fetched
/// timeline) is not.
///
/// A value the caller owns and stores alongside its inbound sessions; this module keeps no state.
public struct MegolmReplayGuard: Sendable, Equatable {
    /// What `record` found.
    public enum Verdict: Sendable, Equatable {
        /// First time this index of this session was seen: it is now recorded.
        case new
        /// Seen before in this same event: harmless.
        case sameEvent
        /// Seen before in another event: refuse the message.
        case replay
    }

    /// A session and one of its message indices.
    public struct Key: Hashable, Sendable {
        public let sessionID: String
        public let messageIndex: UInt32

        public init(sessionID: String, messageIndex: UInt32) {
            self.sessionID = sessionID
            self.messageIndex = messageIndex
        }
    }

    /// Every (session, index) recorded, with its event id.
    public private(set) var eventIDs: [Key: String]

    public init(eventIDs: [Key: String] = [:]) {
        self.eventIDs = eventIDs
    }

    /// Records that `eventID` carried message `messageIndex` of `sessionID`, unless another event
    /// already did (then `.replay`, and the first event id stays recorded).
    public mutating func record(sessionID: String, messageIndex: UInt32, eventID: String) -> Verdict {
        let key = Key(sessionID: sessionID, messageIndex: messageIndex)
        guard let known = eventIDs[key] else {
            eventIDs[key] = eventID
            return .new
        }
        return known == eventID ? .sameEvent : .replay
    }

    /// `record`, throwing `.megolmReplay` for a replay.
    public mutating func check(sessionID: String, messageIndex: UInt32, eventID: String) throws(MatrixCryptoError) {
        if record(sessionID: sessionID, messageIndex: messageIndex, eventID: eventID) == .replay {
            throw .megolmReplay(index: messageIndex)
        }
    }

    /// Drops what was recorded for a session (when the session itself is discarded).
    public mutating func forget(sessionID: String) {
        eventIDs = eventIDs.filter { $0.key.sessionID != sessionID }
    }
}
