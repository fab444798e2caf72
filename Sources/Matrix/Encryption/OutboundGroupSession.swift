import Foundation
import MatrixCrypto

/// The bot's Megolm session for one room, with what decides its rotation: when it was made, how
/// many messages it encrypted, the room's rotation settings, and the devices it was shared with
/// (or withheld from), so a member who left or a device that went away means a new session.
struct OutboundGroupSession: Codable, Sendable {
    var pickle: String
    let createdAt: Date
    var messageCount: Int
    let rotationPeriod: TimeInterval
    let rotationMessages: Int
    /// `DeviceInfo.address` → Curve25519 key, of every device that got the key.
    var sharedWith: [String: String]
    /// Devices told `m.room_key.withheld`.
    var withheldFrom: Set<String>

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
        pickle = UnpaddedBase64.encode(session.pickle())
        createdAt = now
        messageCount = 0
        rotationPeriod = rotation.period
        rotationMessages = rotation.messages
        sharedWith = [:]
        withheldFrom = []
    }

    var session: MegolmOutboundSession? {
        (try? UnpaddedBase64.decode(pickle)).flatMap { try? MegolmOutboundSession(pickle: $0) }
    }

    /// Whether this session must be replaced before the next message to `devices` (the
    /// eligible devices of the room's members now).
    func isExpired(now: Date, eligible devices: [DeviceInfo], members: Set<String>) -> Bool {
        if messageCount >= rotationMessages || now.timeIntervalSince(createdAt) >= rotationPeriod { return true }
        let current = Dictionary(devices.map { ($0.address, $0.curve25519) }, uniquingKeysWith: { first, _ in first })
        for (address, curve) in sharedWith {
            let user = String(address.split(separator: " ").first ?? "")
            // A member left, or one of their devices went away (or changed its key).
            if !members.contains(user) || current[address] != curve { return true }
        }
        return false
    }
}
