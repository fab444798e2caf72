import Crypto
import _CryptoExtras

/// What one Olm message key expands to: HKDF-SHA-256 with info "OLM_KEYS" gives 80 bytes, an
/// AES-256 key, an HMAC-SHA-256 key and a CBC initialisation vector, in that order.
///
/// Made, used and dropped within one encryption or decryption (swift-crypto's `SymmetricKey`
/// zeroes its storage when released), so it is deliberately not `Sendable`.
struct OlmMessageCipher {
    /// The MAC Olm (message version 3) carries: the first 8 bytes of HMAC-SHA-256.
    static let macLength = 8

    private let aesKey: SymmetricKey
    private let macKey: SymmetricKey
    private let iv: AES._CBC.IV

    init(messageKey: OlmMessageKey) {
        let expanded = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: messageKey.key), salt: [UInt8](), info: Array("OLM_KEYS".utf8),
            outputByteCount: 80)
        (aesKey, macKey, iv) = expanded.withUnsafeBytes { bytes in
            (
                SymmetricKey(data: bytes[0..<32]), SymmetricKey(data: bytes[32..<64]),
                Self.iv(Array(bytes[64..<80]))
            )
        }
    }

    /// AES-256-CBC with PKCS#7 padding, as the specification requires.
    func encrypt(_ plaintext: some Collection<UInt8>) -> [UInt8] {
        do {
            return Array(try AES._CBC.encrypt(Array(plaintext), using: aesKey, iv: iv))
        } catch {
            // The key is 32 bytes and the IV 16 by construction; encryption has no other failure.
            preconditionFailure("AES-256-CBC refused a key and IV of the right sizes")
        }
    }

    /// Decrypts a ciphertext whose MAC has already been checked; bad padding is the sender's fault.
    func decrypt(_ ciphertext: [UInt8]) throws(MatrixCryptoError) -> [UInt8] {
        guard !ciphertext.isEmpty, ciphertext.count % 16 == 0 else { throw .badPadding }
        do {
            return Array(try AES._CBC.decrypt(ciphertext, using: aesKey, iv: iv))
        } catch {
            throw .badPadding
        }
    }

    /// The truncated MAC over the message bytes that precede it.
    func mac(_ bytes: some Collection<UInt8>) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array(bytes), using: macKey).prefix(Self.macLength))
    }

    /// Compares in constant time: every byte is looked at whatever the first difference.
    func isValidMAC(_ mac: some Collection<UInt8>, for bytes: some Collection<UInt8>) -> Bool {
        let expected = self.mac(bytes)
        guard mac.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(mac, expected) {
            difference |= left ^ right
        }
        return difference == 0
    }

    private static func iv(_ bytes: [UInt8]) -> AES._CBC.IV {
        do {
            return try AES._CBC.IV(ivBytes: bytes)
        } catch {
            preconditionFailure("a 16-byte IV was refused")
        }
    }
}

extension OlmMessageCipher: CustomStringConvertible {
    var description: String { "OlmMessageCipher(redacted)" }
}
