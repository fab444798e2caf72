import Foundation
import Testing

@testable import MatrixCrypto

/// How the bot keeps an inbound session and its indices seen, and whether two copies of a
/// session are the same ratchet.
@Suite struct StoredInboundGroupSessionTests {
    @Test func aRecordReadsBackAndAnOldOnesIndicesSeenAreKeptWhenValid() throws {
        let session = try MegolmInboundSession(sessionKey: MegolmOutboundSession().sessionKey)
        let record = StoredInboundGroupSession(session: session, roomID: "!r:hs", senderKey: "k", claimedEd25519: "e")
        let again = try StoredInboundGroupSession(bytes: record.bytes())
        #expect(again.session.pickle() == session.pickle() && again.roomID == "!r:hs" && again.senderKey == "k")
        #expect(again.claimedEd25519 == "e" && again.legacySeen.isEmpty)

        let long = String(repeating: "x", count: 256)
        let old = #"""
            {"pickle":"\#(UnpaddedBase64.encode(session.pickle()))","roomID":"!r:hs","senderKey":"k",
            "claimedEd25519":"e","seen":{"0":"$a","7":"$b","x":"$c","-1":"$d","8":"","9":"\#(long)"}}
            """#
        #expect(try StoredInboundGroupSession(bytes: Array(old.utf8)).legacySeen == [0: "$a", 7: "$b"])
        #expect(throws: MatrixCryptoError.pickleMalformed) {
            try StoredInboundGroupSession(bytes: Array(#"{"pickle":"AAAA","roomID":"!r"}"#.utf8))
        }
    }

    @Test func aSeenRowHoldsAnEventIDOfAtMost255Bytes() throws {
        #expect(try MegolmReplayGuard.StoredEntry.eventID(MegolmReplayGuard.StoredEntry.bytes(eventID: "$e")) == "$e")
        for bad in [[], [0xFF, 0xFE], Array(repeating: UInt8(0x41), count: 256)] as [[UInt8]] {
            #expect(throws: MatrixCryptoError.pickleMalformed) { try MegolmReplayGuard.StoredEntry.eventID(bad) }
        }
    }

    @Test func copiesOfOneRatchetAreConnectedAndAForgedExportIsNot() throws {
        let outbound = MegolmOutboundSession()
        let atZero = try MegolmInboundSession(sessionKey: outbound.sessionKey)
        let atNine = try MegolmInboundSession(exportedKey: atZero.export(at: 9))
        #expect(atZero.isConnected(to: atNine) && atNine.isConnected(to: atZero))
        var forged = atZero.exportAtFirstKnownIndex().bytes
        forged[10] ^= 1
        let forgery = try MegolmInboundSession(exportedKey: MegolmExportedKey(bytes: forged))
        #expect(forgery.sessionID == atZero.sessionID)
        #expect(!forgery.isConnected(to: atZero) && !atNine.isConnected(to: forgery))
        let other = try MegolmInboundSession(sessionKey: MegolmOutboundSession().sessionKey)
        #expect(!other.isConnected(to: atZero))
    }
}
