import Foundation
import MatrixState
import Synchronization

/// The adapter's state in memory, for the in-process tests: what `Storage` keeps in SQL, kept in
/// dictionaries, so a test needs no database and can read what the adapter stored. One instance
/// given to a second adapter is a restart on the same store.
final class InMemoryMatrixState: MatrixStateStore {
    private struct Contents {
        var adapterState: [String: String] = [:]
        var uploads: [String: UploadedMedia] = [:]
        var encryptedRooms: [String: [String: EncryptedRoom]] = [:]
        var previews: [String: [String: ShownPreviewMessage]] = [:]
        var crypto: [String: [String: [String: String]]] = [:]
    }
    private let contents = Mutex(Contents())
    private let adapterStateWrites = Mutex<[String: Int]>([:])
    /// While true, reading adapter state fails, as a database that is down does.
    let failsReads = Mutex(false)

    struct ReadFailure: Error, CustomStringConvertible {
        var description: String { "the database is unavailable" }
    }

    /// How often `key` was written.
    func writes(of key: String) -> Int { adapterStateWrites.withLock { $0[key] ?? 0 } }

    func adapterState(_ key: String) async throws -> String? {
        if failsReads.withLock({ $0 }) { throw ReadFailure() }
        return contents.withLock { $0.adapterState[key] }
    }

    func setAdapterState(_ key: String, to value: String, durability: WriteDurability) async throws {
        adapterStateWrites.withLock { $0[key, default: 0] += 1 }
        contents.withLock { $0.adapterState[key] = value }
    }

    /// Reads of uploads, one per call (one statement in a real store).
    let uploadReads = Atomic(0)

    func uploadedMedia(gifIDs: [String], network: String) async throws -> [UploadedMedia] {
        uploadReads.add(1, ordering: .relaxed)
        return contents.withLock { contents in gifIDs.compactMap { contents.uploads[network + "\u{0}" + $0] } }
    }

    func recordUploadedMedia(_ media: [UploadedMedia], network: String) async throws {
        uploadWrites.add(1, ordering: .relaxed)
        contents.withLock { contents in
            for upload in media { contents.uploads[network + "\u{0}" + upload.gifID] = upload }
        }
    }

    func uploadedGIFIDs(network: String, after: String?, limit: Int) async throws -> [String] {
        let prefix = network + "\u{0}"
        let ids = contents.withLock { contents in
            contents.uploads.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        }
        return Array(ids.filter { id in after.map { id > $0 } ?? true }.sorted().prefix(limit))
    }

    /// How many writes recorded uploads.
    let uploadWrites = Atomic<Int>(0)

    /// Every GIF recorded as uploaded, for any network.
    var uploadCount: Int { contents.withLock { $0.uploads.count } }

    func encryptedRooms(account: String) async throws -> [EncryptedRoom] {
        contents.withLock { Array(($0.encryptedRooms[account] ?? [:]).values) }
    }

    func recordEncryptedRoom(_ roomID: String, account: String) async throws {
        contents.withLock { contents in
            if contents.encryptedRooms[account]?[roomID] == nil {
                contents.encryptedRooms[account, default: [:]][roomID] = EncryptedRoom(roomID: roomID, noticedAt: nil)
            }
        }
    }

    func recordEncryptionNotice(in roomID: String, account: String, at date: Date) async throws {
        contents.withLock {
            $0.encryptedRooms[account, default: [:]][roomID] = EncryptedRoom(roomID: roomID, noticedAt: date)
        }
    }

    func recordShownPreview(_ message: ShownPreviewMessage, account: String) async throws {
        contents.withLock { $0.previews[account, default: [:]][message.eventID] = message }
    }

    func removeShownPreview(eventID: String, account: String) async throws {
        _ = contents.withLock { $0.previews[account]?.removeValue(forKey: eventID) }
    }

    func shownPreviews(account: String) async throws -> [ShownPreviewMessage] {
        contents.withLock { Array(($0.previews[account] ?? [:]).values) }
    }

    func matrixCryptoValue(account: String, kind: String, name: String) async throws -> String? {
        contents.withLock { $0.crypto[account]?[kind]?[name] }
    }

    func matrixCryptoValues(account: String, kind: String) async throws -> [MatrixCryptoRecord] {
        contents.withLock { contents in
            (contents.crypto[account]?[kind] ?? [:]).map {
                MatrixCryptoRecord(kind: kind, name: $0.key, sealedValue: $0.value)
            }
        }
    }

    /// Reads of named crypto values (one statement each in a real store), by kind.
    let cryptoNamedReads = Mutex<[String: Int]>([:])

    func matrixCryptoValues(account: String, kind: String, names: [String]) async throws -> [MatrixCryptoRecord] {
        cryptoNamedReads.withLock { $0[kind, default: 0] += 1 }
        return try await matrixCryptoValues(account: account, kind: kind).filter { names.contains($0.name) }
    }

    func matrixCryptoNames(account: String, kind: String, after: String?, limit: Int) async throws -> [String] {
        let names = contents.withLock { Array(($0.crypto[account]?[kind] ?? [:]).keys) }
        return Array(names.filter { name in after.map { name > $0 } ?? true }.sorted().prefix(limit))
    }

    /// One crypto write (one transaction in a real store): the kinds of its records, and
    /// whether it was synced to the disk.
    struct CryptoWrite: Equatable {
        let kinds: [String]
        let durability: WriteDurability
    }

    /// The crypto writes, in order.
    let cryptoWrites = Mutex<[CryptoWrite]>([])

    func setMatrixCryptoValues(
        _ records: [MatrixCryptoRecord], account: String, durability: WriteDurability
    ) async throws {
        cryptoWrites.withLock { $0.append(CryptoWrite(kinds: records.map(\.kind), durability: durability)) }
        contents.withLock { contents in
            for record in records {
                contents.crypto[account, default: [:]][record.kind, default: [:]][record.name] = record.sealedValue
            }
        }
    }

    func addMatrixCryptoValue(_ record: MatrixCryptoRecord, account: String) async throws -> Bool {
        let added = contents.withLock { contents in
            guard contents.crypto[account]?[record.kind]?[record.name] == nil else { return false }
            contents.crypto[account, default: [:]][record.kind, default: [:]][record.name] = record.sealedValue
            return true
        }
        if added { cryptoWrites.withLock { $0.append(CryptoWrite(kinds: [record.kind], durability: .unsynced)) } }
        return added
    }

    func removeMatrixCryptoValue(account: String, kind: String, name: String) async throws {
        _ = contents.withLock { $0.crypto[account]?[kind]?.removeValue(forKey: name) }
    }
}
