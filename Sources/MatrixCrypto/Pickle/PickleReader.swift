/// Reads a pickle written by `PickleWriter`, refusing anything it cannot account for.
///
/// Pickles come back from storage, which may be corrupted or from another version of GifBot,
/// so every read is bounded: a length is checked against both the bytes left and the caller's
/// maximum before anything is allocated, and `finish()` refuses trailing bytes.
public struct PickleReader: Sendable {
    /// The format version the pickle says it has, read and checked by `init`.
    public let version: UInt32

    private let bytes: [UInt8]
    private var position: Int

    /// Reads the version and refuses one the owner cannot load.
    ///
    /// - Parameter supportedVersions: the versions the owner has a reading for; an older
    ///   version the owner still reads belongs in the range, a newer one is refused.
    public init(bytes: [UInt8], supportedVersions: ClosedRange<UInt32>) throws(MatrixCryptoError) {
        self.bytes = bytes
        position = 0
        guard bytes.count >= 4 else { throw .pickleMalformed }
        var version: UInt32 = 0
        for byte in bytes[0..<4] {
            version = version << 8 | UInt32(byte)
        }
        position = 4
        guard supportedVersions.contains(version) else { throw .pickleVersionUnsupported(version) }
        self.version = version
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position == bytes.count }

    public mutating func readUInt8() throws(MatrixCryptoError) -> UInt8 {
        let byte = try take(1)
        return byte[byte.startIndex]
    }

    /// Reads a flag written as 0 or 1; any other byte means the pickle is not what it claims.
    public mutating func readBool() throws(MatrixCryptoError) -> Bool {
        switch try readUInt8() {
        case 0: return false
        case 1: return true
        default: throw .pickleMalformed
        }
    }

    public mutating func readUInt32() throws(MatrixCryptoError) -> UInt32 {
        UInt32(try readBigEndian(byteCount: 4))
    }

    public mutating func readUInt64() throws(MatrixCryptoError) -> UInt64 {
        try readBigEndian(byteCount: 8)
    }

    /// Reads `count` bytes written by `writeFixed`.
    public mutating func readFixed(count: Int) throws(MatrixCryptoError) -> [UInt8] {
        Array(try take(count))
    }

    /// Reads a length-prefixed byte string of at most `maximumLength` bytes.
    public mutating func readBytes(maximumLength: Int) throws(MatrixCryptoError) -> [UInt8] {
        let length = try readUInt32()
        guard length <= maximumLength else { throw .pickleMalformed }
        return Array(try take(Int(length)))
    }

    /// Reads a length-prefixed UTF-8 string of at most `maximumLength` bytes; invalid UTF-8 is refused.
    public mutating func readString(maximumLength: Int) throws(MatrixCryptoError) -> String {
        let utf8 = try readBytes(maximumLength: maximumLength)
        guard let text = String(validating: utf8, as: UTF8.self) else { throw .pickleMalformed }
        return text
    }

    /// Reads a list's element count, refusing more than `maximum` (the owner's own limit).
    public mutating func readCount(maximum: Int) throws(MatrixCryptoError) -> Int {
        let count = try readUInt32()
        guard count <= maximum else { throw .pickleMalformed }
        return Int(count)
    }

    /// Ends reading: a pickle with bytes nobody read is not the one its version describes.
    public func finish() throws(MatrixCryptoError) {
        guard isAtEnd else { throw .pickleMalformed }
    }

    private mutating func readBigEndian(byteCount: Int) throws(MatrixCryptoError) -> UInt64 {
        var value: UInt64 = 0
        for byte in try take(byteCount) {
            value = value << 8 | UInt64(byte)
        }
        return value
    }

    private mutating func take(_ count: Int) throws(MatrixCryptoError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - position else { throw .pickleMalformed }
        defer { position += count }
        return bytes[position..<position + count]
    }
}

extension PickleReader: CustomStringConvertible {
    /// Only the version and position: the bytes are private keys.
    public var description: String { "PickleReader(version \(version), at \(position) of \(bytes.count))" }
}
