import Crypto
import _CryptoExtras

/// AES-CBC with PKCS#7 padding, a block at a time on swift-crypto's single-block AES
/// (`AES.permute`). swift-crypto's `AES._CBC` does the same, but it is generic over its input
/// and not inlinable, so it ran unspecialized: 0.41 M instructions to encrypt the answer of
/// each command in scenario 9's encrypted room, more than signing it (0.11 M here).
enum AESCBC {
    static let blockSize = 16

    /// `plaintext` padded to whole blocks (at least one byte of padding, each byte the count),
    /// encrypted in place of the padded copy.
    static func encrypt(_ plaintext: [UInt8], key: SymmetricKey, iv: [UInt8]) throws -> [UInt8] {
        precondition(iv.count == blockSize, "a CBC IV is one block")
        let padding = blockSize - plaintext.count % blockSize
        var bytes = plaintext
        bytes.append(contentsOf: repeatElement(UInt8(padding), count: padding))
        var block = [UInt8](repeating: 0, count: blockSize)
        for start in stride(from: 0, to: bytes.count, by: blockSize) {
            // Chained to the ciphertext block before, already written over its plaintext.
            for index in 0..<blockSize {
                block[index] = bytes[start + index] ^ (start == 0 ? iv[index] : bytes[start - blockSize + index])
            }
            try AES.permute(&block, key: key)
            for index in 0..<blockSize { bytes[start + index] = block[index] }
        }
        return bytes
    }

    /// The plaintext of whole blocks of `ciphertext`, its padding checked and removed. Throws
    /// `.badPadding` for a ciphertext of no or partial blocks, or a padding that is wrong.
    static func decrypt(_ ciphertext: [UInt8], key: SymmetricKey, iv: [UInt8]) throws(MatrixCryptoError) -> [UInt8] {
        precondition(iv.count == blockSize, "a CBC IV is one block")
        guard !ciphertext.isEmpty, ciphertext.count % blockSize == 0 else { throw .badPadding }
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count)
        var block = [UInt8](repeating: 0, count: blockSize)
        // What is left in the block is a block of plaintext before its chaining: not kept.
        defer { HMACSHA256.zero(&block) }
        for start in stride(from: 0, to: ciphertext.count, by: blockSize) {
            for index in 0..<blockSize { block[index] = ciphertext[start + index] }
            do {
                try AES.inversePermute(&block, key: key)
            } catch {
                throw .badPadding  // only a key of a size AES has not: none is made here
            }
            for index in 0..<blockSize {
                plaintext[start + index] =
                    block[index] ^ (start == 0 ? iv[index] : ciphertext[start - blockSize + index])
            }
        }
        let padding = Int(plaintext[plaintext.count - 1])
        guard (1...blockSize).contains(padding),
            plaintext[(plaintext.count - padding)...].allSatisfy({ $0 == UInt8(padding) })
        else {
            HMACSHA256.zero(&plaintext)
            throw .badPadding
        }
        plaintext.removeLast(padding)
        return plaintext
    }
}
