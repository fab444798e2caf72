import Foundation
import MatrixCrypto

/// The bot's Megolm session for one room, with what decides its rotation: when it was made, how
/// many messages it encrypted, the room's rotation settings, and the devices it was shared with
/// (or withheld from), so a member who left or a device that went away means a new session.
///
/// Kept in memory only: each process starts every room with a new session (`RoomKeySharing`).
/// A stored ratchet would have to reach the disk before each message leaves, since a power cut
/// that rolled it back would encrypt two messages under one key and IV: a disk flush with every
/// encrypted message. A session that lives no longer than its process cannot be rolled back,
/// and no disk holds the keys of the bot's own messages. What it costs: after a restart, each
/// room's first message shares a new key with its members' devices.
struct OutboundGroupSession: Sendable {
    /// A device the session was shared with: its owner (a member when it was shared) and the
    /// Curve25519 key it had.
    struct Recipient: Sendable, Equatable {
        let userID: String
        let curve25519: String
    }

    var session: MegolmOutboundSession
    let createdAt: Date
    var messageCount = 0
    let rotation: Rotation
    /// `DeviceInfo.address` → the device that got the key.
    var sharedWith: [String: Recipient] = [:]
    /// Devices told `m.room_key.withheld`, by `DeviceInfo.address`.
    var withheldFrom: Set<String> = []

    init(session: MegolmOutboundSession, rotation: Rotation, now: Date) {
        self.session = session
        self.rotation = rotation
        createdAt = now
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

    /// Whether this session must be replaced before the next message to `devices` (the
    /// eligible devices of the room's members now).
    func isExpired(now: Date, eligible devices: [DeviceInfo], members: Set<String>) -> Bool {
        if messageCount >= rotation.messages || now.timeIntervalSince(createdAt) >= rotation.period {
            return true
        }
        guard !sharedWith.isEmpty else { return false }
        var current: [String: String] = [:]
        current.reserveCapacity(devices.count)
        for device in devices where current[device.address] == nil { current[device.address] = device.curve25519 }
        // A member left, or one of their devices went away (or changed its key).
        return sharedWith.contains { address, recipient in
            !members.contains(recipient.userID) || current[address] != recipient.curve25519
        }
    }
}
