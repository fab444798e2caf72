import Foundation
import GifBotCore
import Logging

/// The one point every event the bot sends into a room passes (`MatrixReplySender.send`): in
/// an encrypted room it becomes `m.room.encrypted`, whatever it is (message, notice, reaction,
/// edit); redactions stay plain, as the specification requires. Nothing is ever sent in the
/// clear to an encrypted room: when encrypting fails, the event is not sent.
struct RoomEventEncryptor: Sendable {
    let encryption: MatrixEncryption
    let rooms: EncryptedRooms
    let client: MatrixClient
    let logger: Logger

    static let plainTypes: Set<String> = ["m.room.redaction"]

    func isEncrypted(_ room: String) async -> Bool {
        await rooms.isEncrypted(room, client: client)
    }

    /// The content and type to send for an event of `type` in `room`; nil (logged) when the room
    /// is encrypted and the event could not be encrypted.
    func prepare(_ content: JSONValue, type: String, room: String) async -> (content: JSONValue, type: String)? {
        guard !Self.plainTypes.contains(type), await isEncrypted(room) else { return (content, type) }
        var backoff = ReconnectBackoff(initial: .milliseconds(500), maximum: .seconds(5))
        for attempt in 1...3 {
            do {
                return (try await encryption.encrypt(content, type: type, in: room), RoomKeys.encryptedType)
            } catch {
                logger.warning(
                    "Could not encrypt an event",
                    metadata: ["room_id": "\(room)", "attempt": "\(attempt)", "error": "\(error)"])
                if let matrixError = error as? MatrixError, !matrixError.isRetryable { break }
                guard (try? await Task.sleep(for: backoff.nextDelay())) != nil else { break }
            }
        }
        logger.error("An event was not sent: it could not be encrypted", metadata: ["room_id": "\(room)"])
        return nil
    }
}
