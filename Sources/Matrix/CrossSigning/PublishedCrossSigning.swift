import MatrixCrypto
import NIOHTTP1

/// What `/keys/query` says about the bot's own account: its published cross-signing keys and
/// its devices, each kept only if it is well formed and signed as the specification requires.
struct PublishedCrossSigning: Sendable {
    /// Unpadded base64 public keys.
    var masterKey: String?
    /// The self-signing key, only when the master key signed it.
    var selfSigningKey: String?
    /// Device id → the device's keys object as the server holds it.
    var devices: [String: CanonicalJSONValue]

    init(keysQuery answer: CanonicalJSONValue, userID: String) {
        let master = answer["master_keys"]?[userID].flatMap { Self.publicKey(of: $0, userID: userID, usage: "master") }
        masterKey = master
        selfSigningKey = answer["self_signing_keys"]?[userID].flatMap { object in
            guard let master, let key = Self.publicKey(of: object, userID: userID, usage: "self_signing"),
                (try? JSONSigning.verify(object, userID: userID, deviceID: master, publicKeyBase64: master)) != nil
            else { return nil }
            return key
        }
        devices = answer["device_keys"]?[userID]?.objectValue ?? [:]
    }

    /// Whether the published self-signing key signed this device's keys.
    func isCrossSigned(deviceID: String, userID: String) -> Bool {
        guard let selfSigningKey, let device = devices[deviceID] else { return false }
        return
            (try? JSONSigning.verify(device, userID: userID, deviceID: selfSigningKey, publicKeyBase64: selfSigningKey))
            != nil
    }

    /// The one Ed25519 key of a cross-signing key object (`keys: {"ed25519:<k>": "<k>"}`), if the
    /// object is for `userID` and `usage`.
    static func publicKey(of object: CanonicalJSONValue, userID: String, usage: String) -> String? {
        guard object["user_id"]?.stringValue == userID,
            object["usage"]?.arrayValue?.contains(.string(usage)) == true,
            let keys = object["keys"]?.objectValue, keys.count == 1,
            let (name, value) = keys.first, let key = value.stringValue, name == "ed25519:\(key)",
            (try? Ed25519Keys.publicKey(key)) != nil
        else { return nil }
        return key
    }
}

extension MatrixClient {
    /// `/keys/query` for the bot's own account.
    func ownCrossSigning(userID: String) async throws(MatrixError) -> PublishedCrossSigning {
        let answer = try await canonicalRequest(
            .POST, "/_matrix/client/v3/keys/query", body: ["device_keys": .object([userID: []])])
        return PublishedCrossSigning(keysQuery: answer, userID: userID)
    }
}
