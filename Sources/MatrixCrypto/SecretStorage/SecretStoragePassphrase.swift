import Crypto
import SecureRandomness
import _CryptoExtras

/// A secret-storage key derived from a passphrase (client-server API, "Deriving keys from
/// passphrases", `m.pbkdf2`): PBKDF2 with HMAC-SHA-512 over the passphrase's UTF-8, with the
/// salt string's UTF-8 and the iteration count the key description gives.
///
/// The key description is account data the account's owner writes, but any client of the account
/// can, so the iteration count and salt are bounded before any work is done.
public struct SecretStoragePassphrase: Sendable, Equatable {
    public static let algorithm = "m.pbkdf2"
    /// What new key descriptions use (as Element does).
    public static let defaultIterations = 500_000
    /// More than any client uses; a larger count is refused rather than computed for minutes.
    public static let maximumIterations = 10_000_000
    public static let maximumSaltBytes = 1024
    /// The only key length aes-hmac-sha2 keys have here.
    public static let bits = 256

    public var salt: String
    public var iterations: Int

    public init(salt: String, iterations: Int) throws(MatrixCryptoError) {
        guard !salt.isEmpty, salt.utf8.count <= Self.maximumSaltBytes else {
            throw .secretStorageInvalid(field: "passphrase.salt")
        }
        guard (1...Self.maximumIterations).contains(iterations) else {
            throw .secretStorageInvalid(field: "passphrase.iterations")
        }
        self.salt = salt
        self.iterations = iterations
    }

    /// Fresh parameters for a new key description: a random 32-character alphanumeric salt and
    /// the default iteration count.
    public static func generate() -> SecretStoragePassphrase {
        // Both values are within the limits by construction.
        SecretStoragePassphrase(unchecked: SecureRandom.alphanumerics(32), iterations: defaultIterations)
    }

    init(unchecked salt: String, iterations: Int) {
        self.salt = salt
        self.iterations = iterations
    }

    /// Parses a key description's `passphrase` object strictly: `algorithm` must be `m.pbkdf2`,
    /// `bits` (optional) 256, `salt` a string and `iterations` an integer within the limits.
    public init(json: CanonicalJSONValue) throws(MatrixCryptoError) {
        guard let members = json.objectValue else { throw .secretStorageInvalid(field: "passphrase") }
        guard members["algorithm"]?.stringValue == Self.algorithm else {
            throw .secretStorageInvalid(field: "passphrase.algorithm")
        }
        if let bits = members["bits"], bits.integerValue != Int64(Self.bits) {
            throw .secretStorageInvalid(field: "passphrase.bits")
        }
        guard let salt = members["salt"]?.stringValue else { throw .secretStorageInvalid(field: "passphrase.salt") }
        guard let iterations = members["iterations"]?.integerValue, let count = Int(exactly: iterations) else {
            throw .secretStorageInvalid(field: "passphrase.iterations")
        }
        try self.init(salt: salt, iterations: count)
    }

    /// The `passphrase` object of a key description.
    public var json: CanonicalJSONValue {
        [
            "algorithm": .string(Self.algorithm), "salt": .string(salt), "iterations": .integer(Int64(iterations)),
            "bits": .integer(Int64(Self.bits)),
        ]
    }

    /// The key `passphrase` gives with these parameters. Check it against the key description's
    /// `SecretStorageKeyCheck` before use: a mistyped passphrase gives another key.
    public func deriveKey(from passphrase: String) -> SecretStorageKey {
        do {
            let key = try KDF.Insecure.PBKDF2.deriveKey(
                from: Array(passphrase.utf8), salt: Array(salt.utf8), using: .sha512,
                outputByteCount: Self.bits / 8, unsafeUncheckedRounds: iterations)
            return SecretStorageKey(unchecked: key.withUnsafeBytes { Array($0) })
        } catch {
            // BoringSSL's PBKDF2 fails only on allocation failure or parameters the initialiser excludes.
            preconditionFailure("PBKDF2-HMAC-SHA-512 refused its parameters")
        }
    }
}
