import Crypto

/// Signing and verifying JSON objects with Ed25519 as the Matrix specification defines it
/// (appendices, "Signing JSON"): the signature covers the canonical JSON of the object without
/// its `signatures` and `unsigned` members, and is stored, unpadded base64, under
/// `signatures.<user id>."ed25519:<key name>"`. The key name is the device id for a device key,
/// or the unpadded base64 public key for a cross-signing key.
public enum JSONSigning {
    /// The bytes that are signed: the canonical JSON of `object` without `signatures` and `unsigned`.
    public static func signedBytes(of object: CanonicalJSONValue) throws(MatrixCryptoError) -> [UInt8] {
        guard var members = object.objectValue else { throw .jsonNotAnObject }
        members["signatures"] = nil
        members["unsigned"] = nil
        return try CanonicalJSON.encode(.object(members))
    }

    /// The unpadded base64 Ed25519 signature of `object` by `key`.
    public static func signature(
        of object: CanonicalJSONValue, key: Curve25519.Signing.PrivateKey
    ) throws(MatrixCryptoError) -> String {
        let bytes = try signedBytes(of: object)
        do {
            return UnpaddedBase64.encode(try key.signature(for: bytes))
        } catch {
            throw .invalidKey
        }
    }

    /// `object` with its signature by `key` added under `signatures.<userID>."ed25519:<deviceID>"`.
    /// Other signatures already there, and `unsigned`, are kept as they were.
    public static func sign(
        _ object: CanonicalJSONValue, userID: String, deviceID: String, key: Curve25519.Signing.PrivateKey
    ) throws(MatrixCryptoError) -> CanonicalJSONValue {
        let signature = try signature(of: object, key: key)
        guard var members = object.objectValue else { throw .jsonNotAnObject }
        var signatures = members["signatures"]?.objectValue ?? [:]
        var byUser = signatures[userID]?.objectValue ?? [:]
        byUser["ed25519:\(deviceID)"] = .string(signature)
        signatures[userID] = .object(byUser)
        members["signatures"] = .object(signatures)
        return .object(members)
    }

    /// Checks the signature of `userID`'s key `ed25519:<deviceID>` on `object` against
    /// `publicKey`. Throws `.signatureMissing` when there is none, `.badSignature` when it does
    /// not verify or is not a 64-byte base64 string.
    public static func verify(
        _ object: CanonicalJSONValue, userID: String, deviceID: String, publicKey: Curve25519.Signing.PublicKey
    ) throws(MatrixCryptoError) {
        guard object.objectValue != nil else { throw .jsonNotAnObject }
        guard let entry = object["signatures"]?[userID]?["ed25519:\(deviceID)"] else { throw .signatureMissing }
        guard let text = entry.stringValue else { throw .badSignature }
        let signature: [UInt8]
        do {
            signature = try UnpaddedBase64.decode(text)
        } catch {
            throw .badSignature
        }
        guard signature.count == 64 else { throw .badSignature }
        let bytes = try signedBytes(of: object)
        guard Ed25519Keys.isValidSignature(signature, for: bytes, publicKeyBytes: Array(publicKey.rawRepresentation))
        else {
            throw .badSignature
        }
    }

    /// `verify` with the public key given as unpadded base64 (as `/keys/query` returns it).
    public static func verify(
        _ object: CanonicalJSONValue, userID: String, deviceID: String, publicKeyBase64: String
    ) throws(MatrixCryptoError) {
        try verify(object, userID: userID, deviceID: deviceID, publicKey: try Ed25519Keys.publicKey(publicKeyBase64))
    }
}

/// Ed25519 public keys from their Matrix text form.
public enum Ed25519Keys {
    /// A public key from unpadded base64 of its 32 bytes.
    public static func publicKey(_ base64: String) throws(MatrixCryptoError) -> Curve25519.Signing.PublicKey {
        try publicKey(try UnpaddedBase64.decodeKey(base64))
    }

    /// A public key from its 32 bytes.
    public static func publicKey(
        _ bytes: some Collection<UInt8>
    ) throws(MatrixCryptoError) -> Curve25519.Signing.PublicKey {
        // A small-order key would let anyone sign for it (see Ed25519SmallOrder).
        guard bytes.count == 32, !Ed25519SmallOrder.isSmallOrder(bytes) else { throw .invalidKey }
        do {
            return try Curve25519.Signing.PublicKey(rawRepresentation: Array(bytes))
        } catch {
            throw .invalidKey
        }
    }
}
