import Foundation
import MatrixCrypto

/// The Megolm sessions other devices shared with the bot (`m.room_key`), each bound to the room
/// it was shared for, the Curve25519 key of the device that sent it over Olm and the Ed25519 key
/// that device claimed; with the message indices seen and their event ids, against replays.
actor InboundGroupSessions {
    struct Record: Codable, Sendable {
        var pickle: String
        let roomID: String
        let senderKey: String
        let claimedEd25519: String
        /// Message index → event id.
        var seen: [String: String]
    }

    /// The most (index, event) pairs kept per session: a sender rotates after 100 messages by
    /// default, so this is far beyond any honest session.
    static let maximumSeen = 10_000

    private let state: CryptoStateStore
    private var cache: [String: Record] = [:]

    init(state: CryptoStateStore) {
        self.state = state
    }

    private static func name(room: String, session: String) -> String { "\(room) \(session)" }

    /// Stores a session received in an `m.room_key` (or forwarded by its creator); an existing
    /// session of that id is kept unless the new one reaches further back (a lower first index)
    /// from the same sender.
    func add(
        _ session: MegolmInboundSession, sessionID: String, roomID: String, senderKey: String, claimedEd25519: String
    ) async throws -> Bool {
        guard session.sessionID == sessionID else { return false }
        let name = Self.name(room: roomID, session: sessionID)
        if let existing = try await record(name) {
            guard existing.senderKey == senderKey,
                let old = try? MegolmInboundSession(pickle: UnpaddedBase64.decode(existing.pickle)),
                session.firstKnownIndex < old.firstKnownIndex
            else { return false }
        }
        let record = Record(
            pickle: UnpaddedBase64.encode(session.pickle()), roomID: roomID, senderKey: senderKey,
            claimedEd25519: claimedEd25519, seen: (try await self.record(name))?.seen ?? [:])
        try await save(record, name)
        return true
    }

    enum Failure: Error, CustomStringConvertible {
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

    /// Decrypts `ciphertext` of session `sessionID` in `roomID`, refusing a replay (the same
    /// index in another event). Returns the plaintext and the sender key of the session.
    func decrypt(
        roomID: String, sessionID: String, ciphertext: String, eventID: String
    ) async throws
        -> (plaintext: [UInt8], senderKey: String, claimedEd25519: String)
    {
        let name = Self.name(room: roomID, session: sessionID)
        guard var record = try await record(name), record.roomID == roomID else { throw Failure.unknownSession }
        guard var session = try? MegolmInboundSession(pickle: UnpaddedBase64.decode(record.pickle)) else {
            throw Failure.unknownSession
        }
        let decrypted: MegolmDecrypted
        do { decrypted = try session.decrypt(base64: ciphertext) } catch { throw Failure.decryption(error) }
        let index = String(decrypted.messageIndex)
        if let earlier = record.seen[index] {
            guard earlier == eventID else { throw Failure.replay }
            return (decrypted.plaintext, record.senderKey, record.claimedEd25519)
        }
        record.seen[index] = eventID
        record.pickle = UnpaddedBase64.encode(session.pickle())
        if record.seen.count > Self.maximumSeen {
            for key in record.seen.keys.sorted(by: { (Int($0) ?? 0) < (Int($1) ?? 0) }).prefix(
                record.seen.count - Self.maximumSeen)
            {
                record.seen[key] = nil
            }
        }
        try await save(record, name)
        return (decrypted.plaintext, record.senderKey, record.claimedEd25519)
    }

    func has(roomID: String, sessionID: String) async -> Bool {
        (try? await record(Self.name(room: roomID, session: sessionID))) != nil
    }

    private func record(_ name: String) async throws -> Record? {
        if let cached = cache[name] { return cached }
        guard let bytes = try await state.load(.inboundGroupSession, name) else { return nil }
        let record = try JSONDecoder().decode(Record.self, from: Data(bytes))
        cache[name] = record
        return record
    }

    private func save(_ record: Record, _ name: String) async throws {
        try await state.save(.inboundGroupSession, name, Array(try JSONEncoder().encode(record)))
        cache[name] = record
    }
}
