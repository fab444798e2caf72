import Foundation
import Logging

/// Keeps the bot from answering in end-to-end encrypted rooms, which it cannot read, and tells
/// such a room why it stays quiet: when the bot joins it, when encryption is turned on, and
/// when someone writes there, at most once per `EncryptionNotice.interval`.
///
/// Plaintext commands in an encrypted room (from a client without encryption) are not answered
/// either: the people there expect what is said to stay encrypted, and a plaintext answer would
/// repeat their query in the clear. The notice tells them where the bot works instead.
struct EncryptedRoomGuard: Sendable {
    let rooms: EncryptedRooms
    let client: MatrixClient
    let sender: MatrixReplySender
    let notice: EncryptionNotice
    let logger: Logger
    let now: @Sendable () -> Date
    /// End-to-end encryption runs: encrypted rooms are read and answered, never told otherwise.
    var participates = false

    /// Learns from the room's part of a sync batch; tells the room when the bot just joined it
    /// or encryption was just turned on. Runs for history-only batches too: a room joined at
    /// start is told even though its history is not answered. `joinedByCall`: the room's first
    /// batch after the bot joined it by its own call (`PendingJoins`).
    func review(_ room: SyncResponse.JoinedRoom, roomID: String, ownUserID: String, joinedByCall: Bool = false) async {
        let known = await rooms.status(of: roomID) == .encrypted
        let batch = RoomEncryption(of: room, ownUserID: ownUserID, knownEncrypted: known, joinedByCall: joinedByCall)
        if let algorithm = batch.algorithm { await rooms.learnEncrypted(roomID, algorithm: algorithm) }
        if let reason = batch.reason, !participates { await tell(roomID, because: reason) }
    }

    /// True only when the room was found unencrypted: no homeserver check, no parse needed.
    func isKnownUnencrypted(_ roomID: String) async -> Bool {
        await rooms.status(of: roomID) == .unencrypted
    }

    /// Whether a room is encrypted (`EncryptedRooms.isEncrypted`).
    func isEncrypted(_ roomID: String) async -> Bool {
        await rooms.isEncrypted(roomID, client: client)
    }

    /// Sends the notice when one is due.
    func tell(_ roomID: String, because reason: RoomEncryption.Reason) async {
        let date = now()
        guard await rooms.claimNotice(in: roomID, at: date, because: reason) else {
            logger.debug(
                "Encryption notice not due", metadata: ["room_id": "\(roomID)", "reason": "\(reason.rawValue)"])
            return
        }
        let transaction = MatrixTransactionID.unprompted()
        guard
            await sender.send(MatrixContent.notice(notice.text, inReplyTo: nil), to: roomID, transactionID: transaction)
                != nil
        else { return }
        await rooms.noticeSent(in: roomID, at: date)
        logger.debug("Encryption notice sent", metadata: ["room_id": "\(roomID)", "reason": "\(reason.rawValue)"])
    }
}
