/// A normal Olm message, as the specification lays it out:
/// version byte 0x03, then tagged fields (1: ratchet key, bytes; 2: chain index, varint;
/// 4: ciphertext, bytes), then an 8-byte truncated HMAC-SHA-256 over everything before it.
///
/// Parsing checks the shape only (and that the ratchet key is a canonical Curve25519 key); the MAC is checked by the session before anything is decrypted.
public struct OlmMessage: Sendable, Equatable {
    /// The only version Matrix's `m.olm.v1.curve25519-aes-sha2` uses (8-byte MAC).
    static let version: UInt8 = 3
    static let ratchetKeyField: UInt32 = 1
    static let chainIndexField: UInt32 = 2
    static let ciphertextField: UInt32 = 4

    /// The message as sent: what the MAC covers (all but its last 8 bytes) and the MAC itself.
    public let bytes: [UInt8]
    /// The sender's current ratchet public key (32 bytes).
    public let ratchetKey: [UInt8]
    /// The message's position in the sender's chain for that ratchet key.
    public let chainIndex: UInt64
    public let ciphertext: [UInt8]

    /// Parses a message from untrusted bytes.
    public init(bytes: [UInt8]) throws(MatrixCryptoError) {
        guard let version = bytes.first else { throw .olmMessageMalformed }
        guard version == Self.version else { throw .unsupportedVersion(version) }
        guard bytes.count >= 1 + AESCBCHMACCipher.macLength else { throw .olmMessageMalformed }
        let body = bytes[1..<(bytes.count - AESCBCHMACCipher.macLength)]
        var ratchetKey: ArraySlice<UInt8>?
        var chainIndex: UInt64?
        var ciphertext: ArraySlice<UInt8>?
        let known: Set = [Self.ratchetKeyField, Self.chainIndexField, Self.ciphertextField]
        for field in try ProtoReader.fields(of: body, unique: known) {
            switch field {
            case .bytes(Self.ratchetKeyField, let value): ratchetKey = value
            case .varint(Self.chainIndexField, let value): chainIndex = value
            case .bytes(Self.ciphertextField, let value): ciphertext = value
            case .bytes(let number, _), .varint(let number, _):
                // A known field with the wrong wire type is malformed; an unknown one is skipped,
                // as protocol buffers allow a newer sender to add fields.
                guard !known.contains(number) else { throw .olmMessageMalformed }
            }
        }
        guard let ratchetKey, OlmKeyAgreement.isCanonical(ratchetKey), let chainIndex, let ciphertext else {
            throw .olmMessageMalformed
        }
        self.bytes = bytes
        self.ratchetKey = Array(ratchetKey)
        self.chainIndex = chainIndex
        self.ciphertext = Array(ciphertext)
    }

    /// Encodes a message and appends the MAC `cipher` computes over the encoding.
    init(ratchetKey: [UInt8], chainIndex: UInt64, ciphertext: [UInt8], cipher: AESCBCHMACCipher) {
        var writer = ProtoWriter(prefix: [Self.version])
        writer.writeBytes(field: Self.ratchetKeyField, ratchetKey)
        writer.writeVarint(field: Self.chainIndexField, chainIndex)
        writer.writeBytes(field: Self.ciphertextField, ciphertext)
        writer.writeRaw(cipher.mac(writer.bytes))
        bytes = writer.bytes
        self.ratchetKey = ratchetKey
        self.chainIndex = chainIndex
        self.ciphertext = ciphertext
    }

    /// The bytes the MAC covers.
    var authenticatedBytes: ArraySlice<UInt8> { bytes.dropLast(AESCBCHMACCipher.macLength) }

    /// The truncated MAC as received.
    var mac: ArraySlice<UInt8> { bytes.suffix(AESCBCHMACCipher.macLength) }
}

extension OlmMessage: CustomStringConvertible {
    public var description: String {
        "OlmMessage(ratchet key: \(UnpaddedBase64.encode(ratchetKey)), chain index: \(chainIndex), "
            + "\(ciphertext.count) bytes of ciphertext)"
    }
}
