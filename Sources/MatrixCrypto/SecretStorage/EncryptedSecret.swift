/// One secret encrypted with `m.secret_storage.v1.aes-hmac-sha2`: the object stored under the
/// key's id in the secret's account data (`encrypted.<key id>`), `{iv, ciphertext, mac}` in
/// base64.
public struct EncryptedSecret: Sendable, Equatable {
    public static let ivByteCount = 16
    public static let macByteCount = 32
    /// Account data events are at most 64 KiB, so no real secret's ciphertext is longer.
    public static let maximumCiphertextBytes = 65_536

    public var iv: [UInt8]
    public var ciphertext: [UInt8]
    public var mac: [UInt8]

    public init(iv: [UInt8], ciphertext: [UInt8], mac: [UInt8]) throws(MatrixCryptoError) {
        guard iv.count == Self.ivByteCount else { throw .secretStorageInvalid(field: "iv") }
        guard ciphertext.count <= Self.maximumCiphertextBytes else {
            throw .secretStorageInvalid(field: "ciphertext")
        }
        guard mac.count == Self.macByteCount else { throw .secretStorageInvalid(field: "mac") }
        self.iv = iv
        self.ciphertext = ciphertext
        self.mac = mac
    }

    /// Parses the object strictly (padding, as Element writes it, is tolerated: see `Base64Field`).
    public init(json: CanonicalJSONValue) throws(MatrixCryptoError) {
        guard let members = json.objectValue else { throw .secretStorageInvalid(field: "") }
        func member(_ name: String, byteCount: Int?, maximum: Int) throws(MatrixCryptoError) -> [UInt8] {
            guard let text = members[name]?.stringValue else { throw .secretStorageInvalid(field: name) }
            return try Base64Field.decode(
                text, byteCount: byteCount, maximumBytes: maximum, orThrow: .secretStorageInvalid(field: name))
        }
        try self.init(
            iv: try member("iv", byteCount: Self.ivByteCount, maximum: Self.ivByteCount),
            ciphertext: try member("ciphertext", byteCount: nil, maximum: Self.maximumCiphertextBytes),
            mac: try member("mac", byteCount: Self.macByteCount, maximum: Self.macByteCount))
    }

    /// `{iv, ciphertext, mac}`, standard unpadded base64.
    public var json: CanonicalJSONValue {
        [
            "iv": .string(UnpaddedBase64.encode(iv)),
            "ciphertext": .string(UnpaddedBase64.encode(ciphertext)),
            "mac": .string(UnpaddedBase64.encode(mac)),
        ]
    }
}
