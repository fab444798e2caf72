import MatrixCrypto

/// Another device (or one of the bot's own other devices) whose keys the bot has checked: its
/// self-signature verified, and whether its owner's self-signing key signed it.
struct DeviceInfo: Sendable, Equatable, Codable {
    let userID: String
    let deviceID: String
    let curve25519: String
    let ed25519: String
    /// Signed by its owner's self-signing key, itself signed by the owner's master key.
    let isCrossSigned: Bool
    /// "user device", what a room's key sharing records each device under. Made once: every
    /// encrypted message looks up each of the room's devices by it (50 in scenario 9's room).
    let address: String

    init(userID: String, deviceID: String, curve25519: String, ed25519: String, isCrossSigned: Bool) {
        self.userID = userID
        self.deviceID = deviceID
        self.curve25519 = curve25519
        self.ed25519 = ed25519
        self.isCrossSigned = isCrossSigned
        address = "\(userID) \(deviceID)"
    }

    /// The address is not stored: it is made from the ids.
    private enum CodingKeys: String, CodingKey { case userID, deviceID, curve25519, ed25519, isCrossSigned }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            userID: try container.decode(String.self, forKey: .userID),
            deviceID: try container.decode(String.self, forKey: .deviceID),
            curve25519: try container.decode(String.self, forKey: .curve25519),
            ed25519: try container.decode(String.self, forKey: .ed25519),
            isCrossSigned: try container.decode(Bool.self, forKey: .isCrossSigned))
    }

    /// Reads one entry of `/keys/query`'s `device_keys`: refused (nil) unless its user and device
    /// ids are the ones it is listed under, it has both keys, speaks Olm and Megolm, and its
    /// own Ed25519 key signed it.
    static func verified(
        _ object: CanonicalJSONValue, userID: String, deviceID: String, selfSigningKey: String?
    ) -> DeviceInfo? {
        guard object["user_id"]?.stringValue == userID, object["device_id"]?.stringValue == deviceID,
            let curve = object["keys"]?["curve25519:\(deviceID)"]?.stringValue,
            let ed = object["keys"]?["ed25519:\(deviceID)"]?.stringValue,
            let algorithms = object["algorithms"]?.arrayValue?.compactMap(\.stringValue),
            algorithms.contains(RoomKeys.megolmAlgorithm), algorithms.contains(RoomKeys.olmAlgorithm)
        else { return nil }
        guard (try? JSONSigning.verify(object, userID: userID, deviceID: deviceID, publicKeyBase64: ed)) != nil else {
            return nil
        }
        let crossSigned =
            selfSigningKey.map { key in
                (try? JSONSigning.verify(object, userID: userID, deviceID: key, publicKeyBase64: key)) != nil
            } ?? false
        return DeviceInfo(
            userID: userID, deviceID: deviceID, curve25519: curve, ed25519: ed, isCrossSigned: crossSigned)
    }

    /// The master key of `userID` from `/keys/query`'s `master_keys`: their cross-signing
    /// identity, which nothing else signs (the bot pins the first one seen, `IdentityPins`).
    static func masterKey(userID: String, master: CanonicalJSONValue?) -> String? {
        guard let master, master["user_id"]?.stringValue == userID,
            master["usage"]?.arrayValue?.contains(.string("master")) == true
        else { return nil }
        return singleKey(master)
    }

    /// The self-signing key of `userID` from `/keys/query`, when its master key signed it.
    static func selfSigningKey(userID: String, master: CanonicalJSONValue?, selfSigning: CanonicalJSONValue?) -> String?
    {
        guard let selfSigning, let masterKey = masterKey(userID: userID, master: master),
            selfSigning["user_id"]?.stringValue == userID,
            selfSigning["usage"]?.arrayValue?.contains(.string("self_signing")) == true,
            let selfSigningKey = singleKey(selfSigning),
            (try? JSONSigning.verify(selfSigning, userID: userID, deviceID: masterKey, publicKeyBase64: masterKey))
                != nil
        else { return nil }
        return selfSigningKey
    }

    /// The one `ed25519:<key>` of a cross-signing key object, whose name is the key itself.
    private static func singleKey(_ object: CanonicalJSONValue) -> String? {
        guard let keys = object["keys"]?.objectValue, keys.count == 1, let (name, value) = keys.first,
            let key = value.stringValue, name == "ed25519:\(key)"
        else { return nil }
        return key
    }
}

/// Names of the algorithms and event types of end-to-end encryption.
enum RoomKeys {
    static let olmAlgorithm = "m.olm.v1.curve25519-aes-sha2"
    static let megolmAlgorithm = "m.megolm.v1.aes-sha2"
    static let encryptedType = "m.room.encrypted"
    static let roomKeyType = "m.room_key"
    static let forwardedRoomKeyType = "m.forwarded_room_key"
    static let withheldType = "m.room_key.withheld"
    static let dummyType = "m.dummy"
    static let keyRequestType = "m.room_key_request"
}
