/// The recovery key: the text form of a secret-storage key that a person writes down
/// (client-server API, "Key representation"). The bytes 0x8B 0x01, the 32-byte key, and a parity
/// byte (the XOR of all bytes before it) are encoded in base58 (Bitcoin alphabet) and shown in
/// groups of four characters separated by spaces.
public enum RecoveryKey {
    static let prefix: [UInt8] = [0x8B, 0x01]
    /// 2 prefix bytes, 32 key bytes and 1 parity byte.
    static let byteCount = 35
    /// Every 35-byte number that starts with 0x8B takes exactly 48 base58 digits
    /// (58^47 < 0x8B * 256^34 and 256^35 < 58^48), so this is the only valid length.
    static let characterCount = 48
    /// Input longer than this (whitespace included) is refused before any work.
    static let maximumInputBytes = 256

    /// The recovery key of `key`, in groups of four separated by single spaces.
    public static func encode(_ key: SecretStorageKey) -> String {
        var bytes = prefix + key.rawKey
        bytes.append(bytes.reduce(0, ^))
        let characters = Base58.encode(bytes, characterCount: characterCount)
        bytes.withUnsafeMutableBufferPointer { $0.initialize(repeating: 0) }
        var formatted: [UInt8] = []
        for (index, character) in characters.enumerated() {
            if index > 0 && index % 4 == 0 { formatted.append(UInt8(ascii: " ")) }
            formatted.append(character)
        }
        return String(decoding: formatted, as: UTF8.self)
    }

    /// The key a recovery key spells. ASCII whitespace anywhere is ignored (the specification
    /// makes it insignificant in what a person types); anything else must be exactly the
    /// encoding: base58 characters only, 48 of them, the prefix, and a matching parity byte.
    public static func decode(_ text: String) throws(MatrixCryptoError) -> SecretStorageKey {
        guard text.utf8.count <= maximumInputBytes else { throw .recoveryKeyMalformed }
        let characters = text.utf8.filter { !isWhitespace($0) }
        guard characters.count == characterCount,
            var bytes = Base58.decode(characters, byteCount: byteCount)
        else { throw .recoveryKeyMalformed }
        defer { bytes.withUnsafeMutableBufferPointer { $0.initialize(repeating: 0) } }
        guard bytes[0] == prefix[0], bytes[1] == prefix[1] else { throw .recoveryKeyMalformed }
        guard bytes.reduce(0, ^) == 0 else { throw .recoveryKeyBadParity }
        return try SecretStorageKey(rawKey: Array(bytes[2..<34]))
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
