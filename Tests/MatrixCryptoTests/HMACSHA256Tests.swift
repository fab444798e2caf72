import Crypto
import Testing

@testable import MatrixCrypto

/// The module's own HMAC-SHA-256 and HKDF-SHA-256 give what swift-crypto's give, for keys
/// shorter than, as long as and longer than SHA-256's block, for messages given whole or in
/// pieces, and for every output length Olm, Megolm and secret storage ask for and more.
@Suite struct HMACSHA256Tests {
    static func randomBytes(_ count: Int, using generator: inout some RandomNumberGenerator) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    @Test func macsAreSwiftCryptosForEveryKeyLength() {
        var generator = SystemRandomNumberGenerator()
        for keyLength in [0, 1, 31, 32, 33, 63, 64, 65, 128, 200] {
            for messageLength in [0, 1, 55, 56, 64, 65, 300] {
                let key = Self.randomBytes(keyLength, using: &generator)
                let message = Self.randomBytes(messageLength, using: &generator)
                let expected = Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
                #expect(
                    HMACSHA256.code(key: key, message: message) == expected,
                    "key \(keyLength), message \(messageLength)")
                #expect(HMACSHA256.code(key: SymmetricKey(data: key), message: message) == expected)
                // In pieces, and from a copy of a keyed state (the Megolm ratchet's re-seeds).
                let keyed = HMACSHA256(key: key)
                var pieces = keyed
                pieces.update(message.prefix(messageLength / 3))
                pieces.update(message.dropFirst(messageLength / 3))
                #expect(pieces.finalize() == expected)
                var other = keyed
                other.update([0x01])
                #expect(other.finalize() != expected || messageLength == 1)
                var again = keyed
                again.update(message)
                #expect(again.finalize() == expected, "a copy is not changed by another copy's update")
            }
        }
    }

    @Test func derivedKeysAreSwiftCryptosForEverySaltAndLength() {
        var generator = SystemRandomNumberGenerator()
        let salts: [[UInt8]] = [[], [UInt8](repeating: 0, count: 32), Self.randomBytes(32, using: &generator)]
        for salt in salts {
            for count in [1, 31, 32, 33, 64, 80, 100, 255] {
                let secret = Self.randomBytes(Int.random(in: 0...128, using: &generator), using: &generator)
                let info = Array("MEGOLM_KEYS".utf8)
                let expected = HKDF<SHA256>.deriveKey(
                    inputKeyMaterial: SymmetricKey(data: secret), salt: salt, info: info, outputByteCount: count)
                let derived = HKDFSHA256.derive(secret: secret, salt: salt, info: info, count: count)
                #expect(derived.count == count)
                #expect(expected.withUnsafeBytes { Array($0) } == derived, "salt \(salt.count), \(count) bytes")
            }
        }
    }

    @Test func zeroingOverwritesEveryByte() {
        var key: [UInt8] = [1, 2, 3, 4, 5]
        HMACSHA256.zero(&key)
        #expect(key == [0, 0, 0, 0, 0])
    }
}
