import Foundation
import MatrixCrypto
import MatrixState
import Synchronization

/// What one decrypted message costs the store (issue 31: each decrypt rewrote the session's whole
/// record of indices seen, 38 KiB early in a session and 290 KiB after 2,000 messages): one
/// session's messages, `0...last` of `indices`, decrypted in order through the bot's own
/// `InboundGroupSessions` over `store`, and the bytes it wrote (sealed values and their names)
/// for each index asked about. For the benchmark (scenario 8) and `InboundGroupSessionsTests`.
@_spi(Benchmarks) public enum MegolmWriteVolume {
    public static func bytesWritten(
        atIndices indices: Set<UInt32>, store: any MatrixStateStore
    ) async throws
        -> [UInt32: Int]
    {
        let counting = CountingStateStore(store)
        let state = CryptoStateStore(
            store: counting, vault: CryptoVault(key: MatrixStoreKey(secret: "the write volume probe's key")),
            account: "http://probe @probe:probe")
        let sessions = InboundGroupSessions(state: state)
        let room = "!room:example.org", senderKey = "creator-curve25519-key"
        var outbound = MegolmOutboundSession()
        _ = try await sessions.add(
            MegolmInboundSession(sessionKey: outbound.sessionKey), sessionID: outbound.sessionID, roomID: room,
            senderKey: senderKey, claimedEd25519: "creator-ed25519-key")
        var written: [UInt32: Int] = [:]
        for index in 0...(indices.max() ?? 0) {
            let ciphertext = try outbound.encrypt(
                #"{"type":"m.room.message","content":{"msgtype":"m.text","body":"!gif cat \#(index)"},"room_id":"\#(room)"}"#
            )
            let before = counting.bytesWritten
            _ = try await sessions.decrypt(
                roomID: room, sessionID: outbound.sessionID, senderKeys: [senderKey], ciphertext: ciphertext,
                eventID: "$event\(index)-abcdefghijklmnopqrstuvwxyz0123456789AB")
            if indices.contains(index) { written[index] = counting.bytesWritten - before }
        }
        return written
    }
}

/// A Matrix state store that counts the bytes of the crypto values written through it (sealed,
/// as they reach the database, with their names) before handing them on.
final class CountingStateStore: MatrixStateStore {
    let base: any MatrixStateStore
    private let written = Mutex(0)

    init(_ base: any MatrixStateStore) { self.base = base }

    var bytesWritten: Int { written.withLock { $0 } }

    func setMatrixCryptoValues(
        _ records: [MatrixCryptoRecord], account: String, durability: WriteDurability
    ) async throws {
        written.withLock { $0 += records.reduce(0) { $0 + $1.name.utf8.count + $1.sealedValue.utf8.count } }
        try await base.setMatrixCryptoValues(records, account: account, durability: durability)
    }

    func addMatrixCryptoValue(_ record: MatrixCryptoRecord, account: String) async throws -> Bool {
        guard try await base.addMatrixCryptoValue(record, account: account) else { return false }
        written.withLock { $0 += record.name.utf8.count + record.sealedValue.utf8.count }
        return true
    }

    func matrixCryptoValue(account: String, kind: String, name: String) async throws -> String? {
        try await base.matrixCryptoValue(account: account, kind: kind, name: name)
    }
    func matrixCryptoValues(account: String, kind: String) async throws -> [MatrixCryptoRecord] {
        try await base.matrixCryptoValues(account: account, kind: kind)
    }
    func matrixCryptoValues(account: String, kind: String, names: [String]) async throws -> [MatrixCryptoRecord] {
        try await base.matrixCryptoValues(account: account, kind: kind, names: names)
    }
    func matrixCryptoNames(account: String, kind: String, after: String?, limit: Int) async throws -> [String] {
        try await base.matrixCryptoNames(account: account, kind: kind, after: after, limit: limit)
    }
    func removeMatrixCryptoValue(account: String, kind: String, name: String) async throws {
        try await base.removeMatrixCryptoValue(account: account, kind: kind, name: name)
    }
    func adapterState(_ key: String) async throws -> String? { try await base.adapterState(key) }
    func setAdapterState(_ key: String, to value: String, durability: WriteDurability) async throws {
        try await base.setAdapterState(key, to: value, durability: durability)
    }
    func uploadedMedia(gifIDs: [String], network: String) async throws -> [UploadedMedia] {
        try await base.uploadedMedia(gifIDs: gifIDs, network: network)
    }
    func recordUploadedMedia(_ media: [UploadedMedia], network: String) async throws {
        try await base.recordUploadedMedia(media, network: network)
    }
    func uploadedGIFIDs(network: String, after: String?, limit: Int) async throws -> [String] {
        try await base.uploadedGIFIDs(network: network, after: after, limit: limit)
    }
    func encryptedRooms(account: String) async throws -> [EncryptedRoom] {
        try await base.encryptedRooms(account: account)
    }
    func recordEncryptedRoom(_ roomID: String, account: String) async throws {
        try await base.recordEncryptedRoom(roomID, account: account)
    }
    func recordEncryptionNotice(in roomID: String, account: String, at date: Date) async throws {
        try await base.recordEncryptionNotice(in: roomID, account: account, at: date)
    }
    func recordShownPreview(_ message: ShownPreviewMessage, account: String) async throws {
        try await base.recordShownPreview(message, account: account)
    }
    func removeShownPreview(eventID: String, account: String) async throws {
        try await base.removeShownPreview(eventID: eventID, account: account)
    }
    func shownPreviews(account: String) async throws -> [ShownPreviewMessage] {
        try await base.shownPreviews(account: account)
    }
}
