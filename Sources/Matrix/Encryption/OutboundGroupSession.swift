import Foundation
import MatrixCrypto

/// The bot's Megolm session for one room, with what decides its rotation: when it was made, how
/// many messages it encrypted, the room's rotation settings, and the devices it was shared with
/// (or withheld from), so a member who left or a device that went away means a new session.
///
/// Stored as two rows: what every message changes (`Ratchet`, a few hundred bytes), and who has
/// the session (`Recipients`), written only when that changes. As one row, a message in a room
/// of fifty devices rewrote the fifty devices' keys with it.
struct OutboundGroupSession: Sendable {
    /// What every message changes, and what decides the session's rotation: the row written
    /// with every message.
    struct Ratchet: Codable, Sendable {
        var pickle: String
        let createdAt: Date
        var messageCount: Int
        let rotationPeriod: TimeInterval
        let rotationMessages: Int
    }

    /// The row of who has the session, with the session's id: a row left by a rotated session
    /// is not read as its successor's.
    struct Recipients: Codable {
        let sessionID: String
        let sharedWith: [String: String]
        let withheldFrom: Set<String>
    }

    /// What a session's row written before the split (2026-11-29) holds besides its ratchet.
    private struct RecipientsInRow: Decodable {
        let sharedWith: [String: String]
        let withheldFrom: Set<String>
    }

    /// A stored row read in one pass: its ratchet, and its recipients when it was written
    /// before the split.
    private struct StoredRow: Decodable {
        let ratchet: Ratchet
        let recipientsInRow: RecipientsInRow?

        init(from decoder: any Decoder) throws {
            ratchet = try Ratchet(from: decoder)
            recipientsInRow = try? RecipientsInRow(from: decoder)
        }
    }

    var ratchet: Ratchet
    /// `DeviceInfo.address` → Curve25519 key, of every device that got the key.
    var sharedWith: [String: String]
    /// Devices told `m.room_key.withheld`.
    var withheldFrom: Set<String>
    /// Whether the store's `Recipients` row holds this session's recipients as they are: false
    /// for a new session, for one read from a row of before the split (whose recipients were
    /// inside it), and once the key goes to more devices or is withheld from more.
    var recipientsStored: Bool

    func recipients(sessionID: String) -> Recipients {
        Recipients(sessionID: sessionID, sharedWith: sharedWith, withheldFrom: withheldFrom)
    }

    /// The session from its stored row (`Ratchet`'s JSON): its recipients from the row itself
    /// when it was written before the split, else from their own row when that is this
    /// session's, else none (the key is then shared again, which costs a message and loses
    /// nothing). Nil for a row that cannot be read.
    init?(row: [UInt8], recipients: Recipients?) {
        guard let stored = try? JSONDecoder().decode(StoredRow.self, from: Data(row)) else { return nil }
        ratchet = stored.ratchet
        sharedWith = [:]
        withheldFrom = []
        recipientsStored = false
        if let inRow = stored.recipientsInRow {
            sharedWith = inRow.sharedWith
            withheldFrom = inRow.withheldFrom
        } else if let recipients, recipients.sessionID == session?.sessionID {
            sharedWith = recipients.sharedWith
            withheldFrom = recipients.withheldFrom
            recipientsStored = true
        }
    }

    /// The room's `m.room.encryption` rotation settings, with the specification's defaults
    /// (one week, 100 messages) and sane bounds for values a room member chose.
    struct Rotation: Sendable, Equatable {
        var period: TimeInterval = 7 * 24 * 3600
        var messages = 100

        init() {}

        init(encryptionState content: JSONValue?) {
            if let milliseconds = content?["rotation_period_ms"]?.int, milliseconds > 0 {
                period = min(TimeInterval(milliseconds) / 1000, 7 * 24 * 3600)
                period = max(period, 3600)
            }
            if let count = content?["rotation_period_msgs"]?.int, count > 0 { messages = min(count, 10_000) }
        }
    }

    init(session: MegolmOutboundSession, rotation: Rotation, now: Date) {
        ratchet = Ratchet(
            pickle: UnpaddedBase64.encode(session.pickle()), createdAt: now, messageCount: 0,
            rotationPeriod: rotation.period, rotationMessages: rotation.messages)
        sharedWith = [:]
        withheldFrom = []
        recipientsStored = false
    }

    var session: MegolmOutboundSession? {
        (try? UnpaddedBase64.decode(ratchet.pickle)).flatMap { try? MegolmOutboundSession(pickle: $0) }
    }

    /// Whether this session must be replaced before the next message to `devices` (the
    /// eligible devices of the room's members now).
    func isExpired(now: Date, eligible devices: [DeviceInfo], members: Set<String>) -> Bool {
        if ratchet.messageCount >= ratchet.rotationMessages
            || now.timeIntervalSince(ratchet.createdAt) >= ratchet.rotationPeriod
        {
            return true
        }
        let current = Dictionary(devices.map { ($0.address, $0.curve25519) }, uniquingKeysWith: { first, _ in first })
        for (address, curve) in sharedWith {
            let user = String(address.split(separator: " ").first ?? "")
            // A member left, or one of their devices went away (or changed its key).
            if !members.contains(user) || current[address] != curve { return true }
        }
        return false
    }
}
