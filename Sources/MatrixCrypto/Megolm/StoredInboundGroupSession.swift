import Foundation

/// An inbound Megolm session as the bot stores it: the session's pickle with what it was
/// received for (its room, the Curve25519 key of the device that created it and the Ed25519 key
/// that device claimed). The store seals it; this reads back what it wrote, and what an older
/// version wrote (JSON with the indices seen in the same record, `legacySeen`, now kept as rows
/// of their own by `MegolmReplayGuard.StoredEntry`).
public struct StoredInboundGroupSession: Sendable {
    public var session: MegolmInboundSession
    public let roomID: String
    public let senderKey: String
    public let claimedEd25519: String
    /// Message index → event id, from a record written before the indices had rows of their own.
    public let legacySeen: [UInt32: String]

    public init(session: MegolmInboundSession, roomID: String, senderKey: String, claimedEd25519: String) {
        self.session = session
        self.roomID = roomID
        self.senderKey = senderKey
        self.claimedEd25519 = claimedEd25519
        legacySeen = [:]
    }

    private struct Wire: Codable {
        let pickle: String
        let roomID: String
        let senderKey: String
        let claimedEd25519: String
        let seen: [String: String]?
    }

    /// Refuses (`.pickleMalformed`) anything but such a record with a valid session pickle;
    /// legacy seen entries whose index or event id is not valid are left out.
    public init(bytes: [UInt8]) throws(MatrixCryptoError) {
        guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(bytes)),
            let pickle = try? UnpaddedBase64.decode(wire.pickle)
        else { throw .pickleMalformed }
        session = try MegolmInboundSession(pickle: pickle)
        roomID = wire.roomID
        senderKey = wire.senderKey
        claimedEd25519 = wire.claimedEd25519
        var seen: [UInt32: String] = [:]
        for (index, eventID) in wire.seen ?? [:] {
            guard let index = UInt32(index), MegolmReplayGuard.StoredEntry.isValid(eventID) else { continue }
            seen[index] = eventID
        }
        legacySeen = seen
    }

    /// The record's bytes (JSON); the indices seen are not in it.
    public func bytes() -> [UInt8] {
        let wire = Wire(
            pickle: UnpaddedBase64.encode(session.pickle()), roomID: roomID, senderKey: senderKey,
            claimedEd25519: claimedEd25519, seen: nil)
        // Strings and nothing else: encoding cannot fail.
        return Array((try? JSONEncoder().encode(wire)) ?? Data())
    }
}

extension MegolmReplayGuard {
    /// One index of one session seen, as its own stored row: the event id it came in, so a
    /// decrypted message costs one small write however long its session has been going.
    public enum StoredEntry {
        /// Matrix event ids are at most 255 bytes.
        public static let maximumLength = 255

        public static func bytes(eventID: String) -> [UInt8] { Array(eventID.utf8) }

        /// The event id of a stored row; refuses (`.pickleMalformed`) an empty, oversized or
        /// non-UTF-8 one.
        public static func eventID(_ bytes: [UInt8]) throws(MatrixCryptoError) -> String {
            guard let text = String(validating: bytes, as: UTF8.self), isValid(text) else { throw .pickleMalformed }
            return text
        }

        static func isValid(_ eventID: String) -> Bool {
            !eventID.isEmpty && eventID.utf8.count <= maximumLength
        }
    }
}
