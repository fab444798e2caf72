import FuzzSupport
import MatrixCrypto

// The bot's stored inbound Megolm records, read back from the database (where a damaged or
// downgraded row can put anything): the first byte picks the reader, the rest is its input.
// 0: a session record (`StoredInboundGroupSession`, JSON, as written now or by an older version
// with its indices seen); 1: an inbound session pickle; 2: an index-seen row.
// Invariants: no crash; what is accepted writes back to bytes that read the same again, and a
// pickle or a seen row writes back byte for byte.

public enum StoredRecordsFuzz: FuzzTarget {
    public static func prepare() {
        let session = FuzzFixtures.megolmInbound
        let record = StoredInboundGroupSession(
            session: session, roomID: "!room:hs", senderKey: FuzzFixtures.aliceIdentityKey, claimedEd25519: "ed25519")
        let legacy = Array(
            #"{"pickle":"\#(UnpaddedBase64.encode(session.pickle()))","roomID":"!room:hs","senderKey":"k","claimedEd25519":"e","seen":{"0":"$a:hs","7":"$b:hs","x":""}}"#
                .utf8)
        SeedFiles.writeIfRequested(
            FuzzFixtures.seeds(
                "record",
                [
                    [0] + record.bytes(), [0] + legacy, [1] + session.pickle(),
                    [1] + (try! MegolmInboundSession(exportedKey: session.export(at: 300)).pickle()),
                    [2] + MegolmReplayGuard.StoredEntry.bytes(eventID: "$event:hs"),
                ]))
    }

    public static func fuzz(_ all: [UInt8]) {
        guard let kind = all.first else { return }
        let bytes = Array(all.dropFirst())
        switch kind % 3 {
        case 0:
            guard let record = try? StoredInboundGroupSession(bytes: bytes) else { return }
            invariant(
                record.legacySeen.values.allSatisfy { !$0.isEmpty && $0.utf8.count <= 255 },
                "an accepted record keeps an invalid event id")
            guard let again = try? StoredInboundGroupSession(bytes: record.bytes()) else {
                invariant(false, "a record written back does not read: \(hex(bytes))")
                return
            }
            invariant(
                again.roomID == record.roomID && again.senderKey == record.senderKey
                    && again.claimedEd25519 == record.claimedEd25519 && again.legacySeen.isEmpty
                    && again.session.pickle() == record.session.pickle(),
                "a record written back reads differently: \(hex(bytes))")
        case 1:
            guard let session = try? MegolmInboundSession(pickle: bytes) else { return }
            invariant(session.pickle() == bytes, "a pickle does not write back byte for byte: \(hex(bytes))")
            invariant(session.isConnected(to: session), "a session is not connected to itself")
        default:
            guard let eventID = try? MegolmReplayGuard.StoredEntry.eventID(bytes) else { return }
            invariant(
                MegolmReplayGuard.StoredEntry.bytes(eventID: eventID) == bytes,
                "a seen row does not write back: \(hex(bytes))")
        }
    }
}
