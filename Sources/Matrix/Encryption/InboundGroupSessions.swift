import Foundation
import MatrixCrypto

/// The Megolm sessions other devices shared with the bot (`m.room_key`, or forwarded), each kept
/// as libolm and vodozemac keep them: by room, the Curve25519 key of the device that created it
/// and session id. The session id is public (in the clear in every encrypted event), so a session
/// known by room and id alone would be taken by whoever sends a key of that id first; keyed by its
/// creator too, someone else's key of the same id sits beside it and is never used for the
/// creator's messages. With the message indices seen and their event ids, against replays.
actor InboundGroupSessions {
    /// The index → event id pairs kept in memory (`MegolmReplayGuard`) before it starts afresh:
    /// the rows in the store stay the record, the memory only spares reading them again.
    static let maximumRemembered = 10_000

    private let state: CryptoStateStore
    private var cache: [String: StoredInboundGroupSession] = [:]
    private var replayGuard = MegolmReplayGuard()

    init(state: CryptoStateStore) {
        self.state = state
    }

    /// A session's row: `<room> <sender key> <session>`.
    static func name(room: String, senderKey: String, session: String) -> String { "\(room) \(senderKey) \(session)" }

    /// A session's row before sessions were keyed by their creator (moved on first use).
    static func legacyName(room: String, session: String) -> String { "\(room) \(session)" }

    /// The row of one index seen of one session: `<session's row> <index>`.
    static func seenName(_ session: String, index: UInt32) -> String { "\(session) \(index)" }

    enum Addition: Equatable, CustomStringConvertible {
        case added
        /// The same session from the same creator, reaching no further back: nothing to do.
        case alreadyKnown
        /// The creator's session of that id is held, and this one is not a copy of it.
        case conflicting
        /// The key's session id is not the session's.
        case mismatched

        var description: String {
            switch self {
            case .added: "added"
            case .alreadyKnown: "already known"
            case .conflicting: "another session of that id from the same device is held"
            case .mismatched: "the session id is not the session's"
            }
        }
    }

    /// Stores a session created by the device of `senderKey`; one of that creator and id already
    /// held is replaced only by a copy of it (`isConnected`) reaching further back.
    func add(
        _ session: MegolmInboundSession, sessionID: String, roomID: String, senderKey: String, claimedEd25519: String
    ) async throws -> Addition {
        guard session.sessionID == sessionID else { return .mismatched }
        if let existing = try await stored(room: roomID, senderKey: senderKey, session: sessionID) {
            guard existing.claimedEd25519 == claimedEd25519, session.isConnected(to: existing.session) else {
                return .conflicting
            }
            guard session.firstKnownIndex < existing.session.firstKnownIndex else { return .alreadyKnown }
        }
        let record = StoredInboundGroupSession(
            session: session, roomID: roomID, senderKey: senderKey, claimedEd25519: claimedEd25519)
        let name = Self.name(room: roomID, senderKey: senderKey, session: sessionID)
        try await state.save(.inboundGroupSession, name, record.bytes())
        cache[name] = record
        return .added
    }

    enum Failure: Error, Equatable, CustomStringConvertible {
        case unknownSession
        case wrongSender
        case replay
        case decryption(MatrixCryptoError)
        case malformed

        /// For metrics and logs: a short reason.
        var description: String {
            switch self {
            case .unknownSession: "unknown_session"
            case .wrongSender: "wrong_sender"
            case .replay: "replay"
            case .decryption: "decryption"
            case .malformed: "malformed"
            }
        }
    }

    /// Decrypts `ciphertext` of session `sessionID` in `roomID` with the session of the first of
    /// `senderKeys` (the event's `sender_key`, or the keys of its sender's devices) that holds
    /// one and opens it, refusing a replay (the same index in another event). Returns the
    /// plaintext and the creator of the session that opened it.
    func decrypt(
        roomID: String, sessionID: String, senderKeys: [String], ciphertext: String, eventID: String
    ) async throws
        -> (plaintext: [UInt8], senderKey: String, claimedEd25519: String)
    {
        var failure = Failure.unknownSession
        for senderKey in senderKeys {
            guard var record = try await stored(room: roomID, senderKey: senderKey, session: sessionID) else {
                continue
            }
            let decrypted: MegolmDecrypted
            do { decrypted = try record.session.decrypt(base64: ciphertext) } catch {
                failure = .decryption(error)
                continue
            }
            let name = Self.name(room: roomID, senderKey: senderKey, session: sessionID)
            // The ratchet moved on in memory only: the stored session stays at its first index
            // (from which any later one is reached), so a decrypt writes one row, the index seen.
            cache[name] = record
            try await checkReplay(name, index: decrypted.messageIndex, eventID: eventID)
            return (decrypted.plaintext, senderKey, record.claimedEd25519)
        }
        throw failure
    }

    /// Whether the session of that id in that room from one of `senderKeys` is held: an event
    /// waiting for its key is tried again only when its sender's key has come, not someone
    /// else's of the same id.
    func has(roomID: String, sessionID: String, senderKeys: [String]) async -> Bool {
        for senderKey in senderKeys
        where (try? await stored(room: roomID, senderKey: senderKey, session: sessionID)) != nil {
            return true
        }
        return false
    }

    /// Records that `eventID` carried message `index` of session `name`: throws `.replay` when
    /// another event did. One row per index seen, so the write is the same small one at index 10
    /// and at index 5,000. An index not seen before (the usual case) is one statement: the row
    /// is added unless there is one, and only a row already there is read.
    private func checkReplay(_ name: String, index: UInt32, eventID: String) async throws {
        let row = Self.seenName(name, index: index)
        let key = MegolmReplayGuard.Key(sessionID: name, messageIndex: index)
        if replayGuard.eventIDs[key] == nil {
            if replayGuard.eventIDs.count >= Self.maximumRemembered { replayGuard = MegolmReplayGuard() }
            if try await state.add(.megolmSeen, row, MegolmReplayGuard.StoredEntry.bytes(eventID: eventID)) {
                _ = replayGuard.record(sessionID: name, messageIndex: index, eventID: eventID)
                return
            }
            if let bytes = try await state.load(.megolmSeen, row) {
                let earlier = try MegolmReplayGuard.StoredEntry.eventID(bytes)
                _ = replayGuard.record(sessionID: name, messageIndex: index, eventID: earlier)
            }
        }
        switch replayGuard.record(sessionID: name, messageIndex: index, eventID: eventID) {
        case .sameEvent: return
        case .replay: throw Failure.replay
        case .new:
            do {
                try await state.save(.megolmSeen, row, MegolmReplayGuard.StoredEntry.bytes(eventID: eventID))
            } catch {
                // Not recorded, so not remembered either: the next try checks the store again.
                replayGuard = MegolmReplayGuard()
                throw error
            }
        }
    }

    /// The session of that creator and id in that room, from memory, its row, or its row under
    /// the old name (then moved, with its indices seen, so nothing stored is lost).
    private func stored(
        room: String, senderKey: String, session: String
    ) async throws
        -> StoredInboundGroupSession?
    {
        let name = Self.name(room: room, senderKey: senderKey, session: session)
        if let cached = cache[name] { return cached }
        if let bytes = try await state.load(.inboundGroupSession, name) {
            let record = try StoredInboundGroupSession(bytes: bytes)
            cache[name] = record
            return record
        }
        let legacy = Self.legacyName(room: room, session: session)
        guard let bytes = try await state.load(.inboundGroupSession, legacy) else { return nil }
        let record = try StoredInboundGroupSession(bytes: bytes)
        guard record.roomID == room, record.senderKey == senderKey else { return nil }
        try await move(record, from: legacy, to: name)
        return record
    }

    /// Rows of indices seen first, then the session, then the old row goes: a crash half way
    /// leaves the old row, read again and moved again next time.
    private func move(_ record: StoredInboundGroupSession, from legacy: String, to name: String) async throws {
        let seen = record.legacySeen.sorted { $0.key < $1.key }
        for start in stride(from: 0, to: seen.count, by: 500) {
            try await state.save(
                seen[start..<min(start + 500, seen.count)].map { index, eventID in
                    .init(
                        kind: .megolmSeen, name: Self.seenName(name, index: index),
                        bytes: MegolmReplayGuard.StoredEntry.bytes(eventID: eventID))
                })
        }
        let moved = StoredInboundGroupSession(
            session: record.session, roomID: record.roomID, senderKey: record.senderKey,
            claimedEd25519: record.claimedEd25519)
        try await state.save(.inboundGroupSession, name, moved.bytes())
        try await state.remove(.inboundGroupSession, legacy)
        cache[name] = moved
    }
}
