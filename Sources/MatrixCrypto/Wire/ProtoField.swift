/// One tagged field of an Olm or Megolm message body. The bodies use two protocol-buffer wire
/// types only: a varint (type 0, e.g. a message index) and length-delimited bytes (type 2, e.g.
/// a key or a ciphertext). A field's tag is one varint: `(number << 3) | wireType`.
public enum ProtoField: Equatable, Sendable {
    case varint(number: UInt32, value: UInt64)
    case bytes(number: UInt32, value: ArraySlice<UInt8>)

    /// The field number, whatever the wire type.
    public var number: UInt32 {
        switch self {
        case .varint(let number, _), .bytes(let number, _): number
        }
    }

    /// Wire type of varint fields.
    static let varintType: UInt64 = 0
    /// Wire type of length-delimited fields.
    static let bytesType: UInt64 = 2
}
