import Crypto
import Synchronization

/// An outbound Megolm session's Ed25519 private key, made from its seed once and kept for
/// every message the session signs. swift-crypto's key type is not `Sendable` on Linux, so the
/// session kept only the seed and made the key again for each message: a scalar multiplication
/// (0.31 M instructions) beside the signature's own. Behind a mutex the key can be shared; the
/// session's copies share it, as it never changes.
final class MegolmSigningKey: Sendable {
    private let key: Mutex<Curve25519.Signing.PrivateKey>

    /// The key of a seed already known to be one (a key's `rawRepresentation`, or checked when
    /// read from a pickle). Made here, not handed in: a key the caller holds could not be sent
    /// into the mutex.
    init(seed: [UInt8]) {
        do {
            key = Mutex(try Curve25519.Signing.PrivateKey(rawRepresentation: seed))
        } catch {
            preconditionFailure("a 32-byte Ed25519 seed was refused")
        }
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
}
