import Crypto
import Foundation
import SecureRandomness
import _CryptoExtras

/// How one attachment was encrypted: its key, its IV and the SHA-256 of its ciphertext; what
/// goes into the `EncryptedFile` once the upload has given the ciphertext a URL.
public struct AttachmentEncryption: Sendable {
    public let key: JSONWebKey
    public let iv: [UInt8]
    public let sha256: [UInt8]

    /// The `EncryptedFile` object for the uploaded ciphertext at `url`.
    public func file(url: String) throws(MatrixCryptoError) -> EncryptedFile {
        try EncryptedFile(url: url, key: key, iv: iv, sha256: sha256)
    }
}

/// An attachment encrypted in memory: its ciphertext, and how it was encrypted.
public struct EncryptedAttachment: Sendable {
    public let ciphertext: Data
    public let encryption: AttachmentEncryption

    /// The `EncryptedFile` object for the uploaded ciphertext at `url`.
    public func file(url: String) throws(MatrixCryptoError) -> EncryptedFile {
        try encryption.file(url: url)
    }
}

/// AES-256-CTR encryption of attachments as the client-server API specifies
/// ("Sending encrypted attachments"): a random key, an IV of 8 random bytes followed by a 64-bit
/// counter starting at zero, and SHA-256 of the ciphertext so a receiver can refuse a modified
/// file before decrypting it (CTR has no integrity of its own).
public enum AttachmentCipher {
    /// The ciphertext is made and hashed a piece at a time. 64 KiB is under the allocator's
    /// mmap threshold (`ProcessMemory`), so a piece's buffer is heap memory used again rather
    /// than a fresh mapping faulted in page by page, and a piece is hashed while it is still in
    /// the cache. A multiple of the AES block, so each piece starts on a counter of its own.
    static let pieceBytes = 64 * 1024

    /// Encrypts `plaintext` (read where it lies, not copied first) under a fresh key and IV.
    public static func encrypt(_ plaintext: some DataProtocol) -> EncryptedAttachment {
        var ciphertext = Data(capacity: plaintext.count)
        let encryption = encrypt(plaintext) { piece in ciphertext.append(piece.assumingMemoryBound(to: UInt8.self)) }
        return EncryptedAttachment(ciphertext: ciphertext, encryption: encryption)
    }

    /// Encrypts `plaintext` under a fresh key and IV, handing `write` the ciphertext in order, a
    /// piece at a time: the caller's buffer (an upload's) is then the only one the size of the
    /// file.
    public static func encrypt(
        _ plaintext: some DataProtocol, writingTo write: (UnsafeRawBufferPointer) -> Void
    ) -> AttachmentEncryption {
        let key = JSONWebKey.generate()
        // The counter half starts at zero so that no file can wrap it (2^64 blocks), which keeps
        // implementations with 64-bit and 128-bit counters in agreement.
        let iv = SecureRandom.bytes(8) + [UInt8](repeating: 0, count: 8)
        var hasher = SHA256()
        var start = plaintext.startIndex
        var blocksBefore: UInt64 = 0
        while start != plaintext.endIndex {
            let end = plaintext.index(start, offsetBy: pieceBytes, limitedBy: plaintext.endIndex) ?? plaintext.endIndex
            let piece = keystreamApplied(
                to: plaintext[start..<end], key: key.key, iv: counterBlock(iv, advancedBy: blocksBefore))
            piece.withUnsafeBytes { bytes in
                hasher.update(bufferPointer: bytes)
                write(bytes)
            }
            blocksBefore += UInt64(pieceBytes / 16)
            start = end
        }
        return AttachmentEncryption(key: key, iv: iv, sha256: Array(hasher.finalize()))
    }

    /// Encrypts `bytes` where they lie under a fresh key and IV, each piece of ciphertext
    /// written over the plaintext it came from: an attachment the caller owns (a download about
    /// to be uploaded) is encrypted without a second buffer its size.
    public static func encrypt(inPlace bytes: UnsafeMutableRawBufferPointer) -> AttachmentEncryption {
        var written = 0
        // Each piece is read whole (its keystream applied into a buffer of its own) before it is
        // written back, so no byte is read after it has been overwritten.
        return encrypt(UnsafeRawBufferPointer(bytes)) { piece in
            UnsafeMutableRawBufferPointer(rebasing: bytes[written..<written + piece.count]).copyMemory(from: piece)
            written += piece.count
        }
    }

    /// Decrypts the downloaded `ciphertext` of `file`, after checking its SHA-256: a file that
    /// does not match is refused with `.attachmentHashMismatch` and nothing is decrypted.
    public static func decrypt(
        _ ciphertext: some DataProtocol, file: EncryptedFile
    ) throws(MatrixCryptoError) -> [UInt8] {
        guard ConstantTimeComparison.equal(Array(SHA256.hash(data: ciphertext)), file.sha256) else {
            throw .attachmentHashMismatch
        }
        // Senders whose IV has a counter half close to 2^64 would be read differently by 64-bit
        // counters (which wrap) and 128-bit ones (which carry): refuse rather than guess.
        let lastBlock = UInt64((ciphertext.count + 15) / 16) - (ciphertext.isEmpty ? 0 : 1)
        guard counterHalf(file.iv).addingReportingOverflow(lastBlock).overflow == false else {
            throw .encryptedFileInvalid(field: "iv")
        }
        return Array(keystreamApplied(to: ciphertext, key: file.key.key, iv: file.iv))
    }

    /// The IV's counter half: its last 8 bytes, big-endian.
    static func counterHalf(_ iv: [UInt8]) -> UInt64 {
        iv[8...].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// The counter block `blocks` blocks after `iv` (whose counter half `encrypt` starts at zero,
    /// so it cannot wrap).
    static func counterBlock(_ iv: [UInt8], advancedBy blocks: UInt64) -> [UInt8] {
        Array(iv[..<8]) + withUnsafeBytes(of: (counterHalf(iv) &+ blocks).bigEndian) { Array($0) }
    }

    /// AES-256-CTR with a 128-bit counter block (encryption and decryption are the same).
    static func applyKeystream(_ input: [UInt8], key: SymmetricKey, iv: [UInt8]) -> [UInt8] {
        Array(keystreamApplied(to: input, key: key, iv: iv))
    }

    static func keystreamApplied(to input: some DataProtocol, key: SymmetricKey, iv: [UInt8]) -> Data {
        do {
            let nonce = try AES._CTR.Nonce(nonceBytes: iv)
            // Handed to AES-CTR as a buffer where the bytes are contiguous: swift-crypto asks
            // its input for its regions twice, and a slice's (an attachment's pieces) are built
            // by generic code each time (0.44 M instructions a command in scenario 9's encrypted
            // room, more than the Ed25519 signature of the answer).
            if let applied = try input.withContiguousStorageIfAvailable({
                try AES._CTR.encrypt(UnsafeRawBufferPointer($0), using: key, nonce: nonce)
            }) {
                return applied
            }
            return try AES._CTR.encrypt(input, using: key, nonce: nonce)
        } catch {
            // Only a key that is not 128/192/256 bits or an IV that is not 12/16 bytes fail,
            // and both are fixed by construction here.
            preconditionFailure("AES-256-CTR refused a 32-byte key or a 16-byte IV")
        }
    }
}

extension EncryptedAttachment: CustomStringConvertible, CustomDebugStringConvertible {
    /// Sizes only: the key stays out of logs.
    public var description: String { "EncryptedAttachment(\(ciphertext.count) bytes, key redacted)" }
    public var debugDescription: String { description }
}

extension AttachmentEncryption: CustomStringConvertible, CustomDebugStringConvertible {
    /// The key and IV stay out of logs.
    public var description: String { "AttachmentEncryption(key redacted)" }
    public var debugDescription: String { description }
}

extension EncryptedAttachment: RedactedReflection {}
extension AttachmentEncryption: RedactedReflection {}
