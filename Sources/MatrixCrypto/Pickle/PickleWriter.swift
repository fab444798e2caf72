/// Builds a pickle: the bytes an account or session is kept as between runs.
///
/// The layout is deliberately plain so that a reader can check every length before it trusts it:
/// a big-endian `UInt32` format version first, then the fields in the order the owner writes them,
/// integers big-endian, byte strings prefixed by a `UInt32` length. No field names and no padding:
/// the owner's version number says what follows. The caller encrypts the result before storing it
/// (the bytes hold private keys).
public struct PickleWriter: Sendable {
    /// The pickle so far. It holds key material: hand it to the encryption at rest and drop it.
    public private(set) var bytes: [UInt8]

    /// Starts a pickle of the given format version.
    public init(version: UInt32) {
        bytes = []
        bytes.reserveCapacity(256)
        write(version)
    }

    public mutating func write(_ value: UInt8) {
        bytes.append(value)
    }

    public mutating func write(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    public mutating func write(_ value: UInt32) {
        appendBigEndian(UInt64(value), byteCount: 4)
    }

    public mutating func write(_ value: UInt64) {
        appendBigEndian(value, byteCount: 8)
    }

    /// Writes bytes whose length the reader knows in advance (a 32-byte key), without a prefix.
    public mutating func writeFixed(_ value: some Collection<UInt8>) {
        bytes.append(contentsOf: value)
    }

    /// Writes a byte string prefixed with its length.
    public mutating func writeBytes(_ value: some Collection<UInt8>) {
        precondition(value.count <= Int(UInt32.max), "a pickle field is at most 4 GiB")
        write(UInt32(value.count))
        bytes.append(contentsOf: value)
    }

    /// Writes a UTF-8 string prefixed with its length in bytes.
    public mutating func writeString(_ value: String) {
        writeBytes(Array(value.utf8))
    }

    /// Writes how many elements of a list follow; the reader bounds it with `readCount(maximum:)`.
    public mutating func writeCount(_ count: Int) {
        precondition(count >= 0 && count <= Int(UInt32.max), "a pickle list has at most 2^32 - 1 elements")
        write(UInt32(count))
    }

    private mutating func appendBigEndian(_ value: UInt64, byteCount: Int) {
        for shift in stride(from: (byteCount - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}

extension PickleWriter: CustomStringConvertible {
    /// Only the size: the bytes are private keys.
    public var description: String { "PickleWriter(\(bytes.count) bytes)" }
}
