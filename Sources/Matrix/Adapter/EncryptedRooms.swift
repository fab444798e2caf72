import Foundation
import Logging
import MatrixState

/// What one Matrix account knows about its rooms' encryption, and when it last told each
/// encrypted room that it cannot read it. Encrypted rooms and notice times are kept in the
/// store, so a restart neither forgets a room nor repeats a notice; rooms found unencrypted
/// are remembered for this process only (the sync reports encryption turned on later).
actor EncryptedRooms {
    enum Status: Equatable, Sendable { case encrypted, unencrypted, unknown }

    private let store: any MatrixStateStore
    private let account: String
    private let logger: Logger
    /// Encrypted rooms, each with its last notice (nil: never told).
    private var encrypted: [String: Date?]
    private var unencrypted: Set<String> = []
    /// One info line per room and process, however many encrypted events arrive.
    private var logged: Set<String> = []
    /// End-to-end encryption runs: the bot reads and answers encrypted rooms.
    private var participates = false

    private init(store: any MatrixStateStore, account: String, logger: Logger, encrypted: [String: Date?]) {
        self.store = store
        self.account = account
        self.logger = logger
        self.encrypted = encrypted
    }

    /// The rooms recorded for `account`; none when the store cannot be read (the homeserver is
    /// then asked again, so nothing is answered where it should not be).
    static func load(store: any MatrixStateStore, account: String, logger: Logger) async -> EncryptedRooms {
        var known: [String: Date?] = [:]
        do {
            for room in try await store.encryptedRooms(account: account) { known[room.roomID] = room.noticedAt }
        } catch {
            logger.error("Could not read the encrypted rooms from the store", metadata: ["error": "\(error)"])
        }
        return EncryptedRooms(store: store, account: account, logger: logger, encrypted: known)
    }

    func participate() { participates = true }

    func status(of roomID: String) -> Status {
        if encrypted[roomID] != nil { return .encrypted }
        return unencrypted.contains(roomID) ? .unencrypted : .unknown
    }

    /// Records that a room is encrypted (the first time in the store) and logs it once.
    func learnEncrypted(_ roomID: String, algorithm: String) async {
        unencrypted.remove(roomID)
        logOnce(roomID, ["algorithm": "\(algorithm)"])
        guard encrypted[roomID] == nil else { return }
        encrypted[roomID] = .some(nil)
        do {
            try await store.recordEncryptedRoom(roomID, account: account)
        } catch {
            logger.error("Could not store an encrypted room", metadata: ["room_id": "\(roomID)", "error": "\(error)"])
        }
    }

    /// Whether a room is encrypted. A room this process has no word on yet is checked with the
    /// homeserver once: an `m.room.encrypted` event anyone may send does not make a room
    /// encrypted, and a room encrypted before the bot's last start shows no state in the sync.
    /// A homeserver that cannot answer now is waited for as a reply's send is (`MatrixRetry`):
    /// the reply could not go out before it is back anyway, and taking the room for encrypted
    /// meanwhile would drop the command. When the check is refused, or still fails after the
    /// retries, the room counts as encrypted (nothing leaves in the clear).
    func isEncrypted(_ roomID: String, client: MatrixClient) async -> Bool {
        switch status(of: roomID) {
        case .encrypted: return true
        case .unencrypted: return false
        case .unknown: break
        }
        let retry = MatrixRetry(maximumServerWait: client.timing.maximumServerWait, logger: logger)
        do {
            let algorithm = try await retry.run("encryption check") { () async throws(MatrixError) in
                try await client.encryptionAlgorithm(in: roomID)
            }
            guard let algorithm else {
                // The sync may have shown encryption turned on while this check waited.
                learnUnencrypted(roomID)
                return status(of: roomID) == .encrypted
            }
            await learnEncrypted(roomID, algorithm: algorithm)
            return true
        } catch {
            logger.warning(
                "Could not check whether a room is encrypted; taking it as encrypted",
                metadata: ["room_id": "\(roomID)", "error": "\(error)"])
            return true
        }
    }

    func learnUnencrypted(_ roomID: String) {
        if encrypted[roomID] == nil { unencrypted.insert(roomID) }
    }

    /// Takes the room's notice for `now` when one is due, so no other caller sends it too.
    /// A notice that then fails to send is not retried before the interval passes: the
    /// homeserver refused it (the bot may not post there), and asking again would be a loop.
    func claimNotice(in roomID: String, at now: Date, because reason: RoomEncryption.Reason) -> Bool {
        guard let last = encrypted[roomID] else { return false }
        logOnce(roomID, ["reason": "\(reason.rawValue)"])
        guard EncryptionNotice.isDue(lastNotice: last, now: now) else { return false }
        encrypted[roomID] = now
        return true
    }

    /// Stores a sent notice; once stored, a restart does not send it again.
    func noticeSent(in roomID: String, at date: Date) async {
        do {
            try await store.recordEncryptionNotice(in: roomID, account: account, at: date)
        } catch {
            logger.error(
                "Could not store an encryption notice", metadata: ["room_id": "\(roomID)", "error": "\(error)"])
        }
    }

    /// The first time this process meets a room's encryption: a known room from the store is
    /// logged when something happens there, not at start.
    private func logOnce(_ roomID: String, _ metadata: Logger.Metadata) {
        guard logged.insert(roomID).inserted else { return }
        logger.info(
            participates
                ? "The room is end-to-end encrypted; I read and answer it encrypted"
                : "The room is end-to-end encrypted; I cannot read it and do not answer there",
            metadata: metadata.merging(["room_id": "\(roomID)"]) { $1 })
    }
}
