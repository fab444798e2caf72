/// Reads the tagged fields of an Olm or Megolm message body (see `ProtoField`) from bytes an
/// attacker may have written: every length is checked against what is left, only the two wire
/// types the formats use are accepted, and a field is never read past the end.
public struct ProtoReader: Sendable {
    private let bytes: ArraySlice<UInt8>
    private var position: Int

    /// Reads `bytes` from its start to its end (a message body without version, MAC or signature).
    public init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position == bytes.endIndex }

    /// The next field, or nil at the end of the input.
    public mutating func next() throws(MatrixCryptoError) -> ProtoField? {
        guard !isAtEnd else { return nil }
        var probe = position
        let tag = try Varint.read(from: bytes, at: &probe)
        let wireType = tag & 0x07
        guard let number = UInt32(exactly: tag >> 3) else { throw .varintOverflow }
        guard number != 0 else { throw .wireInvalidFieldNumber }
        let field: ProtoField
        switch wireType {
        case ProtoField.varintType:
            field = .varint(number: number, value: try Varint.read(from: bytes, at: &probe))
        case ProtoField.bytesType:
            let length = try Varint.read(from: bytes, at: &probe)
            guard length <= UInt64(bytes.endIndex - probe) else { throw .wireTruncated }
            let end = probe + Int(length)
            field = .bytes(number: number, value: bytes[probe..<end])
            probe = end
        default:
            throw .wireUnsupportedType(UInt8(wireType))
        }
        position = probe
        return field
    }

    /// Every field of the input, refusing a repeated field among `unique` (the fields the
    /// message format defines: a second copy would make which one counts ambiguous). Fields
    /// not in `unique` are kept, so that a newer sender's additions can be skipped by the caller.
    public static func fields(
        of bytes: ArraySlice<UInt8>, unique: Set<UInt32>
    ) throws(MatrixCryptoError) -> [ProtoField] {
        var reader = ProtoReader(bytes)
        var fields: [ProtoField] = []
        var seen: Set<UInt32> = []
        while let field = try reader.next() {
            if unique.contains(field.number) {
                guard seen.insert(field.number).inserted else { throw .wireDuplicateField(field.number) }
            }
            fields.append(field)
        }
        return fields
    }
}
