/// The check value in a secret-storage key's description (`m.secret_storage.key.<id>`: `iv` and
/// `mac`), which lets a client tell whether a recovery key is the right one before it decrypts
/// anything: 32 zero bytes encrypted with the empty name, and the MAC of that ciphertext.
public struct SecretStorageKeyCheck: Sendable, Equatable {
    public var iv: [UInt8]
    public var mac: [UInt8]

    /// The check value of `key` with a fresh IV, for a new key description.
    public init(key: SecretStorageKey) {
        self.init(key: key, iv: SecretStorageCipher.randomIV())
    }

    init(key: SecretStorageKey, iv: [UInt8]) {
        let encrypted = SecretStorageCipher.encrypt([UInt8](repeating: 0, count: 32), name: "", key: key, iv: iv)
        self.iv = iv
        self.mac = encrypted.mac
    }

    /// The check value as a key description holds it; strict as `EncryptedSecret` is.
    public init(json: CanonicalJSONValue) throws(MatrixCryptoError) {
        guard let members = json.objectValue else { throw .secretStorageInvalid(field: "") }
        guard let iv = members["iv"]?.stringValue else { throw .secretStorageInvalid(field: "iv") }
        guard let mac = members["mac"]?.stringValue else { throw .secretStorageInvalid(field: "mac") }
        self.iv = try Base64Field.decode(
            iv, byteCount: EncryptedSecret.ivByteCount, orThrow: .secretStorageInvalid(field: "iv"))
        self.mac = try Base64Field.decode(
            mac, byteCount: EncryptedSecret.macByteCount, orThrow: .secretStorageInvalid(field: "mac"))
    }

    /// The members to merge into the key description.
    public var json: CanonicalJSONValue {
        ["iv": .string(UnpaddedBase64.encode(iv)), "mac": .string(UnpaddedBase64.encode(mac))]
    }

    /// Whether `key` is the key this check value was made with: the MAC of 32 zero bytes under
    /// the stored IV is recomputed and compared in constant time.
    public func verify(_ key: SecretStorageKey) throws(MatrixCryptoError) {
        let zeros = [UInt8](repeating: 0, count: 32)
        let encrypted = SecretStorageCipher.encrypt(zeros, name: "", key: key, iv: iv)
        guard ConstantTimeComparison.equal(encrypted.mac, mac) else { throw .secretStorageKeyMismatch }
    }
}
