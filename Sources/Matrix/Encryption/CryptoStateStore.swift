import Foundation
import MatrixState

/// The adapter's end-to-end encryption state in the store, sealed with the store key: what it
/// is (`Kind`), which one (a device id, a session id), and its bytes. Every write is committed
/// before the call returns, so a restart loses nothing that was used; all but those asked
/// `.unsynced` (`WriteDurability`) are on the disk by then too.
struct CryptoStateStore: Sendable {
    let store: any MatrixStateStore
    let vault: CryptoVault
    /// One bot login on one homeserver: `<homeserver> <user id>`.
    let account: String

    enum Kind: String, Sendable, CaseIterable {
        /// The Olm account (identity, one-time and fallback keys) of one device id.
        case olmAccount = "olm_account"
        /// The device keys of that device id were uploaded.
        case published
        /// An Olm session, named `<their curve25519> <session id>`.
        case olmSession = "olm_session"
        /// An inbound Megolm session, named `<room id> <creator's curve25519> <session id>`
        /// (`<room id> <session id>` before 2026-11, moved when first used).
        case inboundGroupSession = "megolm_inbound"
        /// One message index seen of an inbound Megolm session, named `<session's name> <index>`:
        /// the event id it came in, against replays.
        case megolmSeen = "megolm_seen"
        /// The devices of a user, named by the user id.
        case devices
        /// A user whose stored devices are out of date (named in `device_lists.changed`, or known
        /// before a sync from no position), named by the user id: they are asked for again before
        /// the next room key goes to them, after a restart too. The value is empty.
        case outdatedDevices = "devices_outdated"
        /// The cross-signing identity trusted for a user (`PinnedIdentity`), named by the user id.
        case identity
        /// An encrypted upload of a GIF (its mxc URI and key), named by the GIF id.
        case encryptedUpload = "encrypted_upload"
    }

    struct Write: Sendable {
        let kind: Kind
        let name: String
        let bytes: [UInt8]
    }

    func load(_ kind: Kind, _ name: String) async throws -> [UInt8]? {
        guard let sealed = try await store.matrixCryptoValue(account: account, kind: kind.rawValue, name: name) else {
            return nil
        }
        return try vault.open(sealed, account: account, kind: kind.rawValue, name: name)
    }

    /// The values of those names of one kind that are stored, by name: one read.
    func load(_ kind: Kind, _ names: [String]) async throws -> [String: [UInt8]] {
        var values: [String: [UInt8]] = [:]
        for record in try await store.matrixCryptoValues(account: account, kind: kind.rawValue, names: names) {
            values[record.name] = try open(record)
        }
        return values
    }

    /// A page of the names of one kind that are stored, in order: at most `limit`, those after
    /// `after`. Their values are neither read nor opened.
    func names(_ kind: Kind, after: String?, limit: Int) async throws -> [String] {
        try await store.matrixCryptoNames(account: account, kind: kind.rawValue, after: after, limit: limit)
    }

    /// Every value of a kind, by name.
    func loadAll(_ kind: Kind) async throws -> [(name: String, bytes: [UInt8])] {
        try await store.matrixCryptoValues(account: account, kind: kind.rawValue).map { ($0.name, try open($0)) }
    }

    /// A stored record's value, unsealed under its own kind and name.
    private func open(_ record: MatrixCryptoRecord) throws -> [UInt8] {
        try vault.open(record.sealedValue, account: account, kind: record.kind, name: record.name)
    }

    /// Writes all of `writes` at once (one statement); `.unsynced` only for records that are a
    /// saving, made again if a power cut loses them (where an encrypted GIF was uploaded).
    func save(_ writes: [Write], durability: WriteDurability = .synced) async throws {
        // Nothing to write (a GIF and thumbnail uploaded before) is no write, not an empty one.
        guard !writes.isEmpty else { return }
        try await store.setMatrixCryptoValues(
            writes.map { write in
                MatrixCryptoRecord(
                    kind: write.kind.rawValue, name: write.name,
                    sealedValue: vault.seal(write.bytes, account: account, kind: write.kind.rawValue, name: write.name))
            }, account: account, durability: durability)
    }

    func save(_ kind: Kind, _ name: String, _ bytes: [UInt8]) async throws {
        try await save([Write(kind: kind, name: name, bytes: bytes)])
    }

    /// Writes the value unless one of that kind and name is stored; true when it was written.
    func add(_ kind: Kind, _ name: String, _ bytes: [UInt8]) async throws -> Bool {
        try await store.addMatrixCryptoValue(
            MatrixCryptoRecord(
                kind: kind.rawValue, name: name,
                sealedValue: vault.seal(bytes, account: account, kind: kind.rawValue, name: name)),
            account: account)
    }

    func remove(_ kind: Kind, _ name: String) async throws {
        try await store.removeMatrixCryptoValue(account: account, kind: kind.rawValue, name: name)
    }
}
