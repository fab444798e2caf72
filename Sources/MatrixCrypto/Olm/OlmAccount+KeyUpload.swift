/// The signed objects `POST /_matrix/client/v3/keys/upload` takes, as the client-server API's
/// end-to-end encryption module defines them. Each is signed by the device's Ed25519 key under
/// `signatures.<user id>."ed25519:<device id>"` (see `JSONSigning`).
extension OlmAccount {
    /// The encryption algorithms this device speaks, in the order clients list them.
    public static let algorithms = ["m.olm.v1.curve25519-aes-sha2", "m.megolm.v1.aes-sha2"]

    /// The algorithm name of one-time and fallback keys that carry a signature.
    public static let signedCurve25519 = "signed_curve25519"

    /// The `device_keys` object: user and device id, algorithms, both identity keys, signed.
    public func deviceKeys(userID: String, deviceID: String) throws(MatrixCryptoError) -> CanonicalJSONValue {
        let object: CanonicalJSONValue = .object([
            "user_id": .string(userID),
            "device_id": .string(deviceID),
            "algorithms": .array(Self.algorithms.map(CanonicalJSONValue.string)),
            "keys": .object([
                "curve25519:\(deviceID)": .string(identityKeys.curve25519),
                "ed25519:\(deviceID)": .string(identityKeys.ed25519),
            ]),
        ])
        return try JSONSigning.sign(object, userID: userID, deviceID: deviceID, key: signingKey())
    }

    /// The `one_time_keys` object for the unpublished one-time keys:
    /// `"signed_curve25519:<key id>": {"key": "<base64>", "signatures": {...}}`.
    public func signedOneTimeKeys(userID: String, deviceID: String) throws(MatrixCryptoError) -> CanonicalJSONValue {
        try signedKeys(unpublishedOneTimeKeys, isFallback: false, userID: userID, deviceID: deviceID)
    }

    /// The `fallback_keys` object for an unpublished fallback key (empty if there is none):
    /// `"signed_curve25519:<key id>": {"key": "<base64>", "fallback": true, "signatures": {...}}`.
    public func signedFallbackKeys(userID: String, deviceID: String) throws(MatrixCryptoError) -> CanonicalJSONValue {
        try signedKeys(unpublishedFallbackKey, isFallback: true, userID: userID, deviceID: deviceID)
    }

    /// A whole `/keys/upload` body: the device keys (when `includeDeviceKeys`, i.e. on the
    /// device's first upload), and the one-time and fallback keys not yet published. Call
    /// `markKeysAsPublished()` once the server accepted it.
    public func keysUploadBody(
        userID: String, deviceID: String, includeDeviceKeys: Bool
    ) throws(MatrixCryptoError) -> CanonicalJSONValue {
        var body: [String: CanonicalJSONValue] = [
            "one_time_keys": try signedOneTimeKeys(userID: userID, deviceID: deviceID),
            "fallback_keys": try signedFallbackKeys(userID: userID, deviceID: deviceID),
        ]
        if includeDeviceKeys {
            body["device_keys"] = try deviceKeys(userID: userID, deviceID: deviceID)
        }
        return .object(body)
    }

    private func signedKeys(
        _ keys: [String: String], isFallback: Bool, userID: String, deviceID: String
    ) throws(MatrixCryptoError) -> CanonicalJSONValue {
        var signed: [String: CanonicalJSONValue] = [:]
        let signingKey = signingKey()
        for (keyID, publicKey) in keys {
            var object: [String: CanonicalJSONValue] = ["key": .string(publicKey)]
            if isFallback {
                object["fallback"] = .bool(true)
            }
            signed["\(Self.signedCurve25519):\(keyID)"] = try JSONSigning.sign(
                .object(object), userID: userID, deviceID: deviceID, key: signingKey)
        }
        return .object(signed)
    }
}
