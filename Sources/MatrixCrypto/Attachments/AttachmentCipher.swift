import Crypto
import Foundation
import _CryptoExtras

/// An attachment encrypted for upload: the ciphertext to upload, and what goes into the
/// `EncryptedFile` once the upload has given it a URL.
public struct EncryptedAttachment: Sendable {
    /// As the cipher wrote it: a GIF is megabytes, and each copy of it costs the process page
    /// faults and a pass over the bytes.
    public let ciphertext: Data
    public let key: JSONWebKey
    public let iv: [UInt8]
    public let sha256: [UInt8]

    /// The `EncryptedFile` object for the uploaded ciphertext at `url`.
    public func file(url: String) throws(MatrixCryptoError) -> EncryptedFile {
        try EncryptedFile(url: url, key: key, iv: iv, sha256: sha256)
    }
}

/// AES-256-CTR encryption of attachments as the client-server API specifies
/// ("Sending encrypted attachments"): a random key, an IV of 8 random bytes followed by a 64-bit
/// counter starting at zero, and SHA-256 of the ciphertext so a receiver can refuse a modified
/// file before decrypting it (CTR has no integrity of its own).
public enum AttachmentCipher {
    /// Encrypts `plaintext` (read where it lies, not copied first) under a fresh key and IV.
    public static func encrypt(_ plaintext: some DataProtocol) -> EncryptedAttachment {
        let key = JSONWebKey.generate()
        // The counter half starts at zero so that no file can wrap it (2^64 blocks), which keeps
        // implementations with 64-bit and 128-bit counters in agreement.
        var generator = SystemRandomNumberGenerator()
        let iv =
            (0..<8).map { _ in UInt8.random(in: .min ... .max, using: &generator) } + [UInt8](repeating: 0, count: 8)
        let ciphertext = keystreamApplied(to: plaintext, key: key.key, iv: iv)
        return EncryptedAttachment(
            ciphertext: ciphertext, key: key, iv: iv, sha256: Array(SHA256.hash(data: ciphertext)))
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
        let counter = file.iv[8...].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard counter.addingReportingOverflow(lastBlock).overflow == false else {
            throw .encryptedFileInvalid(field: "iv")
        }
        return Array(keystreamApplied(to: ciphertext, key: file.key.key, iv: file.iv))
    }

    /// AES-256-CTR with a 128-bit counter block (encryption and decryption are the same).
    static func applyKeystream(_ input: [UInt8], key: SymmetricKey, iv: [UInt8]) -> [UInt8] {
        Array(keystreamApplied(to: input, key: key, iv: iv))
    }

    static func keystreamApplied(to input: some DataProtocol, key: SymmetricKey, iv: [UInt8]) -> Data {
        do {
            let nonce = try AES._CTR.Nonce(nonceBytes: iv)
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

extension EncryptedAttachment: RedactedReflection {}
