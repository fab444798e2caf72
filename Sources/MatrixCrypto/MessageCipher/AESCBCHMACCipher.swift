import Crypto

/// The message cipher Olm and Megolm share (specification: "m.megolm.v1.aes-sha2" and
/// "m.olm.v1.curve25519-aes-sha2"): HKDF-SHA-256 of a secret, with an empty salt and a
/// protocol-specific `info`, gives 80 bytes: a 32-byte AES-256 key, a 32-byte HMAC-SHA-256 key and
/// a 16-byte IV. The plaintext is encrypted with AES-256-CBC and PKCS#7 padding; the MAC is
/// HMAC-SHA-256 of the message bytes before it, truncated to its first 8 bytes.
///
/// Each secret (a Megolm ratchet state, an Olm message key) is used for one message only, which
/// is why a fixed IV from the KDF is safe here.
///
/// Made, used and dropped within one encryption or decryption (swift-crypto's `SymmetricKey`
/// zeroes its storage when released), so it is deliberately not `Sendable`.
public struct AESCBCHMACCipher {
    /// The `info` of Megolm's key derivation.
    public static let megolmInfo = Array("MEGOLM_KEYS".utf8)
    /// The `info` of Olm's message key derivation.
    public static let olmInfo = Array("OLM_KEYS".utf8)
    /// Bytes of the truncated MAC carried in messages.
    public static let macLength = 8

    private let encryptionKey: SymmetricKey
    private let macKey: SymmetricKey
    private let iv: [UInt8]

    /// Derives the three keys from `secret` (128 bytes of Megolm ratchet, 32 of Olm message key).
    public init(secret: some Collection<UInt8>, info: [UInt8]) {
        var derived = HKDFSHA256.derive(secret: secret, info: info, count: 80)
        defer { HMACSHA256.zero(&derived) }
        encryptionKey = SymmetricKey(data: derived[0..<32])
        macKey = SymmetricKey(data: derived[32..<64])
        iv = Array(derived[64..<80])
    }

    /// AES-256-CBC with PKCS#7 padding: whole blocks, at least one.
    public func encrypt(_ plaintext: some Collection<UInt8>) -> [UInt8] {
        do {
            return try AESCBC.encrypt(Array(plaintext), key: encryptionKey, iv: iv)
        } catch {
            // The key is 32 bytes and the IV 16 by construction; encryption has no other failure.
            preconditionFailure("AES-256-CBC refused a key and IV of the right sizes")
        }
    }

    /// Decrypts a ciphertext whose MAC has already been checked. Throws `.badPadding` for a
    /// ciphertext that is not whole blocks or whose padding is wrong.
    public func decrypt(_ ciphertext: some Collection<UInt8>) throws(MatrixCryptoError) -> [UInt8] {
        try AESCBC.decrypt(Array(ciphertext), key: encryptionKey, iv: iv)
    }

    /// The first 8 bytes of HMAC-SHA-256 over `message`.
    public func mac(_ message: some Collection<UInt8>) -> [UInt8] {
        Array(HMACSHA256.code(key: macKey, message: message).prefix(Self.macLength))
    }

    /// Whether `mac` is the truncated MAC of `message`, compared in constant time (every byte is
    /// looked at whatever the first difference).
    public func isValidMAC(_ mac: some Collection<UInt8>, for message: some Collection<UInt8>) -> Bool {
        ConstantTimeComparison.equal(self.mac(message), Array(mac))
    }
}

extension AESCBCHMACCipher: CustomStringConvertible {
    /// Keys are never shown.
    public var description: String { "AESCBCHMACCipher(redacted)" }
}
