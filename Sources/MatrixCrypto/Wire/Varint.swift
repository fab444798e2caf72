/// The base-128 variable-length integers ("varints") of Olm and Megolm messages, as in protocol
/// buffers: seven bits per byte, least significant group first, the high bit set on every byte
/// but the last.
///
/// Reading is strict: input that ends inside a varint, values wider than the target integer, and
/// encodings longer than the value needs are refused, so that every number has one encoding and
/// a reader never runs past the bytes it was given.
public enum Varint {
    /// At most ten bytes hold a 64-bit value (9 × 7 = 63 bits, plus one bit in the tenth byte).
    public static let maximumLength = 10

    /// Appends the encoding of `value` to `bytes`.
    public static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var remaining = value
        while remaining >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }

    /// The encoding of `value` on its own.
    public static func encode(_ value: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return bytes
    }

    /// Reads one varint from `bytes` starting at `position`, moving `position` past it.
    public static func read(
        from bytes: ArraySlice<UInt8>, at position: inout Int
    ) throws(MatrixCryptoError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        var index = position
        while true {
            guard index < bytes.endIndex else { throw .varintTruncated }
            let byte = bytes[index]
            index += 1
            let group = UInt64(byte & 0x7F)
            // The tenth byte has room for one bit (bit 63); anything more, or an eleventh byte,
            // does not fit 64 bits.
            if shift == 63 && (group > 1 || byte & 0x80 != 0) { throw .varintOverflow }
            value |= group << shift
            if byte & 0x80 == 0 {
                // A final group of zero after other groups adds nothing: a longer encoding than needed.
                if group == 0 && shift > 0 { throw .varintOverlong }
                position = index
                return value
            }
            shift += 7
        }
    }

    /// Reads one varint that must fit a `UInt32` (message indices, chain indices, lengths).
    public static func readUInt32(
        from bytes: ArraySlice<UInt8>, at position: inout Int
    ) throws(MatrixCryptoError) -> UInt32 {
        var probe = position
        let value = try read(from: bytes, at: &probe)
        guard let narrow = UInt32(exactly: value) else { throw .varintOverflow }
        position = probe
        return narrow
    }
}
