/// Secrets, keys, IVs, salts and identifiers from the system's secure random generator, for
/// every module that makes them (Matrix encryption, the web gallery's keys and cookies).
///
/// Bytes are drawn eight at a time: `UInt8.random` and `next() as UInt8` each take a whole
/// draw, a `getrandom` call, for one byte (an attachment's IV cost 8 calls, a Megolm ratchet
/// 128, a gallery cookie 32).
public enum SecureRandom {
    public static func bytes(_ count: Int) -> [UInt8] {
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

    /// The 62 letters and digits identifiers are made of (secret storage's key ids and salts).
    static let alphanumericCharacters = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// `count` letters and digits, each equally likely: a byte at or above 248 (the largest
    /// multiple of 62 that fits one) is drawn again, so that no character comes more often.
    public static func alphanumerics(_ count: Int) -> String {
        let alphabet = alphanumericCharacters
        let unbiased = UInt8(256 / alphabet.count * alphabet.count)
        var characters: [UInt8] = []
        characters.reserveCapacity(count)
        while characters.count < count {
            for byte in bytes(count - characters.count + 8) where byte < unbiased && characters.count < count {
                characters.append(alphabet[Int(byte) % alphabet.count])
            }
        }
        return String(decoding: characters, as: UTF8.self)
    }
}
