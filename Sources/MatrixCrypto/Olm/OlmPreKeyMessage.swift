/// A pre-key Olm message: what the creator of a session sends until it hears back, so that the
/// receiver can set the session up. Version byte 0x03, then tagged fields (1: one-time key,
/// 2: base key, 3: identity key, 4: the normal message, all bytes). It has no MAC of its own:
/// the keys are authenticated by the inner message's MAC, which only the right 3DH can produce.
public struct OlmPreKeyMessage: Sendable, Equatable {
    static let oneTimeKeyField: UInt32 = 1
    static let baseKeyField: UInt32 = 2
    static let identityKeyField: UInt32 = 3
    static let messageField: UInt32 = 4

    public let bytes: [UInt8]
    public let sessionKeys: OlmSessionKeys
    public let message: OlmMessage

    /// Parses a pre-key message (and the message inside it) from untrusted bytes.
    public init(bytes: [UInt8]) throws(MatrixCryptoError) {
        guard let version = bytes.first else { throw .olmMessageMalformed }
        guard version == OlmMessage.version else { throw .unsupportedVersion(version) }
        var keys: [UInt32: ArraySlice<UInt8>] = [:]
        let known: Set = [Self.oneTimeKeyField, Self.baseKeyField, Self.identityKeyField, Self.messageField]
        for field in try ProtoReader.fields(of: bytes[1...], unique: known) {
            switch field {
            case .bytes(let number, let value) where known.contains(number): keys[number] = value
            case .bytes(let number, _), .varint(let number, _):
                guard !known.contains(number) else { throw .olmMessageMalformed }
            }
        }
        // Canonical keys only: no MAC covers these, so each must have a single spelling.
        guard let oneTimeKey = keys[Self.oneTimeKeyField], OlmKeyAgreement.isCanonical(oneTimeKey),
            let baseKey = keys[Self.baseKeyField], OlmKeyAgreement.isCanonical(baseKey),
            let identityKey = keys[Self.identityKeyField], OlmKeyAgreement.isCanonical(identityKey),
            let message = keys[Self.messageField]
        else { throw .olmMessageMalformed }
        self.bytes = bytes
        sessionKeys = OlmSessionKeys(
            identityKey: Array(identityKey), baseKey: Array(baseKey), oneTimeKey: Array(oneTimeKey))
        self.message = try OlmMessage(bytes: Array(message))
    }

    /// Wraps a message with the keys of the session it belongs to.
    init(sessionKeys: OlmSessionKeys, message: OlmMessage) {
        var writer = ProtoWriter(prefix: [OlmMessage.version])
        writer.writeBytes(field: Self.oneTimeKeyField, sessionKeys.oneTimeKey)
        writer.writeBytes(field: Self.baseKeyField, sessionKeys.baseKey)
        writer.writeBytes(field: Self.identityKeyField, sessionKeys.identityKey)
        writer.writeBytes(field: Self.messageField, message.bytes)
        bytes = writer.bytes
        self.sessionKeys = sessionKeys
        self.message = message
    }

    /// Parses the unpadded base64 `body` of an `m.olm.v1.curve25519-aes-sha2` ciphertext of type 0.
    public init(base64: String) throws(MatrixCryptoError) {
        try self.init(bytes: UnpaddedBase64.decode(base64))
    }

    /// The session id this message would start or belongs to.
    public var sessionID: String { sessionKeys.sessionID }
}

extension OlmPreKeyMessage: CustomStringConvertible {
    public var description: String { "OlmPreKeyMessage(session: \(sessionID), \(message))" }
}
