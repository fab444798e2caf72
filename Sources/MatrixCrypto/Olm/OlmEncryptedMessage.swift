/// An Olm ciphertext as Matrix carries it in `m.room.encrypted`'s `ciphertext.<key>`:
/// `{"type": 0 or 1, "body": "<unpadded base64>"}`.
public enum OlmEncryptedMessage: Sendable, Equatable {
    /// Type 0: sent until the session's creator hears back; can start a session.
    case preKey(OlmPreKeyMessage)
    /// Type 1: any later message.
    case normal(OlmMessage)

    public static let preKeyType = 0
    public static let normalType = 1

    /// Parses the `type` and `body` of a ciphertext from untrusted JSON.
    public init(type: Int, body: String) throws(MatrixCryptoError) {
        try self.init(type: type, bytes: UnpaddedBase64.decode(body))
    }

    public init(type: Int, bytes: [UInt8]) throws(MatrixCryptoError) {
        switch type {
        case Self.preKeyType: self = .preKey(try OlmPreKeyMessage(bytes: bytes))
        case Self.normalType: self = .normal(try OlmMessage(bytes: bytes))
        default: throw .olmMessageTypeUnknown(type)
        }
    }

    /// 0 (pre-key) or 1 (normal).
    public var type: Int {
        switch self {
        case .preKey: Self.preKeyType
        case .normal: Self.normalType
        }
    }

    public var bytes: [UInt8] {
        switch self {
        case .preKey(let message): message.bytes
        case .normal(let message): message.bytes
        }
    }

    /// The message as unpadded base64, for the JSON `body`.
    public var body: String { UnpaddedBase64.encode(bytes) }

    /// The message that carries the ciphertext and MAC, inside a pre-key message or on its own.
    var message: OlmMessage {
        switch self {
        case .preKey(let message): message.message
        case .normal(let message): message
        }
    }
}
