/// Bytes from the system's secure random generator, eight to a draw. `UInt8.random` and
/// `next() as UInt8` each take a whole draw, a `getrandom` call, for one byte: an attachment's
/// IV cost 8 calls, a Megolm ratchet 128.
enum SecureRandom {
    static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 7)
        while bytes.count < count {
            let draw: UInt64 = generator.next()
            withUnsafeBytes(of: draw) { bytes.append(contentsOf: $0) }
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}
