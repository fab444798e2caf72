import Crypto
import Synchronization

/// An outbound Megolm session's Ed25519 private key, made from its seed once and kept for
/// every message the session signs. swift-crypto's key type is not `Sendable` on Linux, so the
/// session kept only the seed and made the key again for each message: a scalar multiplication
/// (0.31 M instructions) beside the signature's own. Behind a mutex the key can be shared; the
/// session's copies share it, as it never changes.
final class MegolmSigningKey: Sendable {
    private let key: Mutex<Curve25519.Signing.PrivateKey>
    /// The public key's 32 bytes: the session's id, once encoded.
    let publicKeyBytes: [UInt8]

    /// A new random key.
    convenience init() {
        self.init(made: Curve25519.Signing.PrivateKey())
    }

    /// The key of a 32-byte seed (a pickle's).
    convenience init(seed: [UInt8]) throws(MatrixCryptoError) {
        let made: Curve25519.Signing.PrivateKey
        do {
            made = try Curve25519.Signing.PrivateKey(rawRepresentation: seed)
        } catch {
            throw .invalidKey
        }
        self.init(made: made)
    }

    /// Made by the initializers above, not handed in by callers: a key a caller still holds
    /// could not be sent into the mutex.
    private init(made: sending Curve25519.Signing.PrivateKey) {
        publicKeyBytes = Array(made.publicKey.rawRepresentation)
        key = Mutex(made)
    }

    /// The key's 32-byte seed, for the pickle.
    var seed: [UInt8] {
        key.withLock { Array($0.rawRepresentation) }
    }

    /// The Ed25519 signature of `bytes`.
    func signature(for bytes: [UInt8]) -> [UInt8] {
        key.withLock { key in
            do {
                return Array(try key.signature(for: bytes))
            } catch {
                preconditionFailure("Ed25519 signing with a valid key over bytes in memory failed")
            }
        }
    }

    /// The session key at `ratchet`, signed with this key.
    func sessionKey(at ratchet: MegolmRatchet) -> MegolmSessionKey {
        key.withLock { MegolmSessionKey(ratchet: ratchet, signingKey: $0) }
    }
}
