/// An encrypted Megolm message (specification: olm-megolm/megolm, "Message format"):
///
///     version (0x03) | payload | MAC (8 bytes) | Ed25519 signature (64 bytes)
///
/// where the payload holds field 1, the message index (varint), and field 2, the AES-256-CBC
/// ciphertext (length-delimited). The MAC covers version and payload; the signature covers
/// version, payload and MAC. Parsing keeps the bytes as received, because the MAC and signature
/// are checked over them, not over a re-encoding.
public struct MegolmMessage: Sendable, Equatable {
    public static let version: UInt8 = 3
    public static let signatureLength = 64
    /// Matrix events are at most 65,536 bytes, and the message travels in one as base64.
    public static let maximumLength = 65_536

    static let indexField: UInt32 = 1
    static let ciphertextField: UInt32 = 2

    /// The ratchet index the message was encrypted at.
    public let messageIndex: UInt32
    /// The AES-256-CBC ciphertext: whole 16-byte blocks, at least one.
    public let ciphertext: [UInt8]
    /// The message's bytes, version to signature.
    public let bytes: [UInt8]

    /// The bytes the MAC covers: version and payload.
    var macInput: ArraySlice<UInt8> { bytes[..<(bytes.count - Self.signatureLength - AESCBCHMACCipher.macLength)] }
    /// The truncated MAC.
    var mac: ArraySlice<UInt8> {
        bytes[(bytes.count - Self.signatureLength - AESCBCHMACCipher.macLength)..<(bytes.count - Self.signatureLength)]
    }
    /// The bytes the signature covers: version, payload and MAC.
    var signedBytes: ArraySlice<UInt8> { bytes[..<(bytes.count - Self.signatureLength)] }
    /// The Ed25519 signature by the session's key.
    var signature: ArraySlice<UInt8> { bytes[(bytes.count - Self.signatureLength)...] }

    /// Parses a message. Throws `.unsupportedVersion` for another version, the wire errors for
    /// a damaged payload, and `.megolmMessageMalformed` for a missing, mistyped or misshapen field.
    public init(bytes: some Collection<UInt8>) throws(MatrixCryptoError) {
        let bytes = Array(bytes)
        guard bytes.count <= Self.maximumLength else { throw .megolmMessageMalformed }
        guard let version = bytes.first else { throw .megolmMessageMalformed }
        guard version == Self.version else { throw .unsupportedVersion(version) }
        let trailer = AESCBCHMACCipher.macLength + Self.signatureLength
        guard bytes.count > 1 + trailer else { throw .megolmMessageMalformed }
        let payload = bytes[1..<(bytes.count - trailer)]
        var index: UInt32?
        var ciphertext: ArraySlice<UInt8>?
        for field in try ProtoReader.fields(of: payload, unique: [Self.indexField, Self.ciphertextField]) {
            switch field {
            case .varint(Self.indexField, let value):
                guard let narrow = UInt32(exactly: value) else { throw .varintOverflow }
                index = narrow
            case .bytes(Self.ciphertextField, let value):
                ciphertext = value
            case .varint(Self.ciphertextField, _), .bytes(Self.indexField, _):
                throw .megolmMessageMalformed
            default:
                continue  // a field a later version may add: covered by the MAC, otherwise ignored
            }
        }
        guard let index, let ciphertext, !ciphertext.isEmpty, ciphertext.count % 16 == 0 else {
            throw .megolmMessageMalformed
        }
        messageIndex = index
        self.ciphertext = Array(ciphertext)
        self.bytes = bytes
    }

    /// Parses a message from its unpadded base64 form (the `ciphertext` of an m.room.encrypted event).
    public init(base64: String) throws(MatrixCryptoError) {
        try self.init(bytes: try UnpaddedBase64.decode(base64))
    }

    /// The unpadded base64 form.
    public var base64: String { UnpaddedBase64.encode(bytes) }

    /// Assembles a message: the payload, then the MAC from `cipher`, then the signature from `sign`.
    static func seal(
        index: UInt32, ciphertext: [UInt8], cipher: AESCBCHMACCipher, sign: ([UInt8]) -> [UInt8]
    ) -> MegolmMessage {
        var writer = ProtoWriter(prefix: [version])
        writer.writeVarint(field: indexField, UInt64(index))
        writer.writeBytes(field: ciphertextField, ciphertext)
        writer.writeRaw(cipher.mac(writer.bytes))
        writer.writeRaw(sign(writer.bytes))
        do {
            return try MegolmMessage(bytes: writer.bytes)
        } catch {
            preconditionFailure("a Megolm message just written by the parser's rules was refused")
        }
    }
}

extension MegolmMessage: CustomStringConvertible {
    public var description: String { "MegolmMessage(index: \(messageIndex), \(ciphertext.count) bytes of ciphertext)" }
}
