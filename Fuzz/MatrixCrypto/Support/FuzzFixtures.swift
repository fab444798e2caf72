import Crypto
import MatrixCrypto

/// Accounts, sessions and messages built from one constant seed, the same in every run, so that
/// an input libFuzzer saves replays against the same genuine message. No key material comes from
/// elsewhere: every secret is SHA-256("gifbot-fuzz/" + label), and the sessions are put together
/// through the public pickle format, the way a stored session is loaded.
public enum FuzzFixtures {
    /// A 32-byte secret for `label`. Fixtures only: these keys protect nothing.
    public static func secret(_ label: String) -> [UInt8] {
        Array(SHA256.hash(data: Array("gifbot-fuzz/\(label)".utf8)))
    }

    static func curvePublicKey(_ label: String) -> [UInt8] {
        // A 32-byte string is always a valid X25519 private key.
        let key = try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: secret(label))
        return Array(key.publicKey.rawRepresentation)
    }

    static func sharedSecret(_ ours: String, _ theirPublicKey: [UInt8]) -> [UInt8] {
        let key = try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: secret(ours))
        let theirs = try! Curve25519.KeyAgreement.PublicKey(rawRepresentation: theirPublicKey)
        return try! key.sharedSecretFromKeyAgreement(with: theirs).withUnsafeBytes { Array($0) }
    }

    // MARK: Olm

    /// Bob's account: identity keys and one published one-time key (id 1), from the seed.
    public static var bobAccount: OlmAccount {
        var writer = PickleWriter(version: 1)
        writer.writeFixed(secret("bob/ed25519"))
        writer.writeFixed(secret("bob/curve25519"))
        writer.write(UInt64(2))
        writer.writeCount(1)
        writer.write(UInt64(1))
        writer.writeFixed(secret("bob/one-time-key"))
        writer.write(true)
        writer.write(false)  // no current fallback key
        writer.write(false)  // no previous fallback key
        return try! OlmAccount(pickle: writer.bytes)
    }

    /// Alice's Curve25519 identity key, as the `sender_key` of her events.
    public static var aliceIdentityKey: String { UnpaddedBase64.encode(curvePublicKey("alice/curve25519")) }

    /// Alice's side of the session she starts with Bob's one-time key: the triple Diffie-Hellman
    /// of the Olm specification computed here, then loaded as an outbound session.
    /// `hasReceived` adds a receiving chain, so that she sends normal messages instead of pre-key ones.
    static func aliceSession(hasReceived: Bool) -> OlmSession {
        let bobIdentity = curvePublicKey("bob/curve25519")
        let bobOneTimeKey = curvePublicKey("bob/one-time-key")
        let tripleSecret =
            sharedSecret("alice/curve25519", bobOneTimeKey) + sharedSecret("alice/base-key", bobIdentity)
            + sharedSecret("alice/base-key", bobOneTimeKey)
        let derived = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: tripleSecret), salt: [UInt8](), info: Array("OLM_ROOT".utf8),
            outputByteCount: 64
        ).withUnsafeBytes { Array($0) }
        var writer = PickleWriter(version: 1)
        writer.writeFixed(curvePublicKey("alice/curve25519"))
        writer.writeFixed(curvePublicKey("alice/base-key"))
        writer.writeFixed(bobOneTimeKey)
        writer.write(UInt8(1))  // sending ratchet active
        writer.writeFixed(derived[0..<32])  // root key
        writer.writeFixed(secret("alice/ratchet-key"))
        writer.writeFixed(derived[32..<64])  // chain key
        writer.write(UInt64(0))
        if hasReceived {
            writer.writeCount(1)
            writer.writeFixed(curvePublicKey("bob/ratchet-key"))
            writer.writeFixed(secret("bob/chain-key"))
            writer.write(UInt64(0))
            writer.writeCount(0)
        } else {
            writer.writeCount(0)
        }
        return try! OlmSession(pickle: writer.bytes)
    }

    /// The plaintexts of the genuine messages.
    public static let plaintexts: [[UInt8]] = [
        Array(#"{"type":"m.room_key","content":{"algorithm":"m.megolm.v1.aes-sha2"}}"#.utf8),
        [],
        Array(repeating: 0x41, count: 100),
    ]

    /// Alice's first pre-key messages to Bob (all carry the same session keys; each decrypts on its own
    /// against a fresh copy of `bobAccount`).
    public static let preKeyMessages: [OlmPreKeyMessage] = {
        var alice = aliceSession(hasReceived: false)
        return plaintexts.map { plaintext in
            guard case .preKey(let message) = try! alice.encrypt(plaintext) else {
                fatalError("expected a pre-key message")
            }
            return message
        }
    }()

    /// Normal messages from Alice once she has heard from Bob, at chain indices 1, 2, 3 (index 0 is
    /// the first pre-key message, which `bobSession` has used).
    public static let normalMessages: [OlmMessage] = {
        var alice = aliceSession(hasReceived: true)
        _ = try! alice.encrypt([UInt8]())
        return plaintexts.map { plaintext in
            guard case .normal(let message) = try! alice.encrypt(plaintext) else {
                fatalError("expected a normal message")
            }
            return message
        }
    }()

    /// Bob's side of `normalMessages`: the first pre-key message's session, whose receiving chain is Alice's.
    public static let bobSession: OlmSession = {
        var bob = bobAccount
        return try! bob.createInboundSession(theirIdentityKey: aliceIdentityKey, preKeyMessage: preKeyMessages[0])
            .session
    }()

    // MARK: Megolm

    /// An outbound group session from the seed, at index 0.
    public static var megolmOutbound: MegolmOutboundSession {
        var writer = PickleWriter(version: 1)
        writer.write(UInt32(0))
        for part in 0..<4 { writer.writeFixed(secret("megolm/ratchet/\(part)")) }
        writer.writeFixed(secret("megolm/ed25519"))
        return try! MegolmOutboundSession(pickle: writer.bytes)
    }

    /// The session key at index 0, and messages at indices 0, 1, 2.
    public static let megolmSessionKey: MegolmSessionKey = megolmOutbound.sessionKey

    public static let megolmMessages: [MegolmMessage] = {
        var outbound = megolmOutbound
        return plaintexts.map { try! outbound.encrypt($0) }
    }()

    public static var megolmInbound: MegolmInboundSession { try! MegolmInboundSession(sessionKey: megolmSessionKey) }

    /// Seed files named `prefix-<n>` for `inputs`.
    public static func seeds(_ prefix: String, _ inputs: [[UInt8]]) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: inputs.enumerated().map { ("\(prefix)-\($0.offset)", $0.element) })
    }
}
