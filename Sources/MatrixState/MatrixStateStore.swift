import Foundation

/// What the Matrix adapter keeps between runs, as the adapter needs it: its access token, device
/// id and sync position (adapter state by key), the GIFs already uploaded, the encrypted rooms it
/// has told it cannot read them, its encryption state, and the preview messages still showing.
/// The adapter's own interface, in a module of its own so that the SQL store can implement it
/// (`Storage`) without the adapter depending on the store; the composition root hands the one to
/// the other, and tests can give the adapter another store.
public protocol MatrixStateStore: Sendable {
    func adapterState(_ key: String) async throws -> String?
    func setAdapterState(_ key: String, to value: String, durability: WriteDurability) async throws
    /// The uploads recorded of those GIFs (a GIF and its thumbnail: one read), in no order.
    func uploadedMedia(gifIDs: [String], network: String) async throws -> [UploadedMedia]
    /// Records GIFs uploaded together (a GIF and its thumbnail) in one write, unsynced
    /// (`WriteDurability`): a record lost costs an upload again.
    func recordUploadedMedia(_ media: [UploadedMedia], network: String) async throws
    /// A page of the ids of GIFs with a recorded upload, in order: at most `limit`, those after
    /// `after` (from the first when nil). Read once at the start (`RecordedUploads`).
    func uploadedGIFIDs(network: String, after: String?, limit: Int) async throws -> [String]
    func encryptedRooms(account: String) async throws -> [EncryptedRoom]
    func recordEncryptedRoom(_ roomID: String, account: String) async throws
    func recordEncryptionNotice(in roomID: String, account: String, at date: Date) async throws
    // Preview messages still showing, so a restart redacts those it abandoned (`ShownPreviews`).
    func recordShownPreview(_ message: ShownPreviewMessage, account: String) async throws
    func removeShownPreview(eventID: String, account: String) async throws
    func shownPreviews(account: String) async throws -> [ShownPreviewMessage]
    // End-to-end encryption state, sealed before it gets here (`CryptoStateStore`).
    func matrixCryptoValue(account: String, kind: String, name: String) async throws -> String?
    func matrixCryptoValues(account: String, kind: String) async throws -> [MatrixCryptoRecord]
    /// The values of those names of one kind that are stored (one read), in no order.
    func matrixCryptoValues(account: String, kind: String, names: [String]) async throws -> [MatrixCryptoRecord]
    /// A page of the names of one kind that are stored, in order, without their values: at most
    /// `limit`, those after `after` (from the first when nil).
    func matrixCryptoNames(account: String, kind: String, after: String?, limit: Int) async throws -> [String]
    /// Writes several values in one statement; `.unsynced` only for values made again if lost.
    func setMatrixCryptoValues(
        _ records: [MatrixCryptoRecord], account: String, durability: WriteDurability
    ) async throws
    /// Writes `record` unless its kind and name are taken (then leaves the stored value as it
    /// is); true when it was written. One statement, where a read and a write were two. Unsynced
    /// (`WriteDurability`): it is written with every encrypted message received (the index seen).
    func addMatrixCryptoValue(_ record: MatrixCryptoRecord, account: String) async throws -> Bool
    func removeMatrixCryptoValue(account: String, kind: String, name: String) async throws
}

extension MatrixStateStore {
    /// Adapter state written to the disk before the call returns (a login, a secret).
    public func setAdapterState(_ key: String, to value: String) async throws {
        try await setAdapterState(key, to: value, durability: .synced)
    }

    /// Encryption state written to the disk before the call returns.
    public func setMatrixCryptoValues(_ records: [MatrixCryptoRecord], account: String) async throws {
        try await setMatrixCryptoValues(records, account: account, durability: .synced)
    }

    /// The upload of one GIF, if one was recorded.
    public func uploadedMedia(gifID: String, network: String) async throws -> UploadedMedia? {
        try await uploadedMedia(gifIDs: [gifID], network: network).first
    }
}
