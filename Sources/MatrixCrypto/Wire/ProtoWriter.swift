/// Writes the tagged fields of an Olm or Megolm message body (see `ProtoField`), in the order
/// called: the message formats fix the order, and the MAC covers the exact bytes.
public struct ProtoWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    /// Starts with `prefix` (typically the message's version byte).
    public init(prefix: [UInt8] = []) {
        bytes = prefix
    }

    /// A varint field: tag `(number << 3) | 0`, then the value.
    public mutating func writeVarint(field number: UInt32, _ value: UInt64) {
        Varint.append(UInt64(number) << 3 | ProtoField.varintType, to: &bytes)
        Varint.append(value, to: &bytes)
    }

    /// A length-delimited field: tag `(number << 3) | 2`, the length as a varint, then the bytes.
    public mutating func writeBytes(field number: UInt32, _ value: some Collection<UInt8>) {
        Varint.append(UInt64(number) << 3 | ProtoField.bytesType, to: &bytes)
        Varint.append(UInt64(value.count), to: &bytes)
        bytes.append(contentsOf: value)
    }

    /// Raw bytes with no tag (a MAC or signature after the body).
    public mutating func writeRaw(_ value: some Sequence<UInt8>) {
        bytes.append(contentsOf: value)
    }
}
