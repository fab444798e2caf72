import FuzzSupport
import MatrixCrypto

// A Megolm exported key (165 bytes, unsigned: from a key export or a forwarded room key).
// Invariants: no crash; an accepted key is 165 bytes and round trips byte for byte, through
// base64 and through an inbound session exported again at the same index; a later export
// imports again with the same session id and index.

public enum MegolmExportedKeyFuzz: FuzzTarget {
    public static func prepare() {
        let session = FuzzFixtures.megolmInbound
        let exports = [UInt32(0), 255, 256, 65_536].map { try! session.export(at: $0).bytes }
        SeedFiles.writeIfRequested(FuzzFixtures.seeds("export", exports))
    }

    public static func fuzz(_ bytes: [UInt8]) {
        guard let key = try? MegolmExportedKey(bytes: bytes) else { return }
        invariant(key.bytes == bytes && bytes.count == MegolmExportedKey.length, "decoded key does not keep its bytes")
        invariant((try? MegolmExportedKey(base64: key.base64)) == key, "base64 does not decode to the same key")

        guard let session = try? MegolmInboundSession(exportedKey: key) else {
            invariant(false, "an accepted exported key makes no inbound session: \(hex(bytes))")
            return
        }
        invariant(!session.isAuthenticated, "an exported key's session claims to be authenticated")
        invariant(session.exportAtFirstKnownIndex().bytes == bytes, "export at the same index differs: \(hex(bytes))")
        guard key.index < UInt32.max, let later = try? session.export(at: key.index + 1) else { return }
        let again = try? MegolmInboundSession(exportedKey: later)
        invariant(
            again?.sessionID == session.sessionID && again?.firstKnownIndex == key.index + 1,
            "a later export does not import as the same session")
    }
}
