import FuzzSupport
import MatrixCrypto

// A Megolm session key (229 bytes, from an m.room_key event): decoded, its signature checked.
// Invariants: no crash; only the genuine, signed key is accepted (no modified key); and an
// accepted key round trips: its base64 decodes to it, and the inbound session it makes exports,
// at the same index, the same ratchet and public key (the 165-byte export is the signed key's
// first 165 bytes under version 1).

public enum MegolmSessionKeyFuzz: FuzzTarget {
    public static func prepare() {
        var outbound = FuzzFixtures.megolmOutbound
        var keys = [FuzzFixtures.megolmSessionKey.bytes]
        outbound.advance(to: 300)
        keys.append(outbound.sessionKey.bytes)
        SeedFiles.writeIfRequested(FuzzFixtures.seeds("session-key", keys))
    }

    public static func fuzz(_ bytes: [UInt8]) {
        guard let key = try? MegolmSessionKey(bytes: bytes) else { return }
        invariant(key.bytes == bytes, "decoded key does not keep its bytes")
        invariant(bytes.count == MegolmSessionKey.length, "a key of \(bytes.count) bytes was accepted")
        invariant(
            key.sessionID == FuzzFixtures.megolmSessionKey.sessionID,
            "a key of another session was accepted: \(hex(bytes))"
        )
        invariant((try? MegolmSessionKey(base64: key.base64)) == key, "base64 does not decode to the same key")

        guard let session = try? MegolmInboundSession(sessionKey: key) else {
            invariant(false, "an accepted session key makes no inbound session")
            return
        }
        invariant(
            session.firstKnownIndex == key.index, "first known index \(session.firstKnownIndex), key at \(key.index)")
        let exported = session.exportAtFirstKnownIndex().bytes
        invariant(
            exported.count == MegolmExportedKey.length && exported.dropFirst() == bytes[1..<MegolmExportedKey.length],
            "export at the key's index differs from the key")
    }
}
