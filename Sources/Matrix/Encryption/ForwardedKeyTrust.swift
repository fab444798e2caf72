import Foundation
import MatrixCrypto

/// Whether a forwarded room key (`m.forwarded_room_key`) may be taken. Its export carries no
/// signature, so anyone can write one for any session id; it is taken only when the bot asked
/// for that session (`RoomKeyRequests`) from the user whose device sent it, the creator it names
/// is a device of that user with the Ed25519 key it claims (and the event's `sender_key`, when
/// the request had one), and it came from the creator itself or from one of that user's devices
/// their owner verified (cross-signed), as did every device it passed through.
struct ForwardedKeyTrust {
    let requests: RoomKeyRequests
    let directory: DeviceDirectory
    let query: @Sendable ([String]) async throws -> CanonicalJSONValue

    enum Refusal: Error, CustomStringConvertible {
        case notRequested
        case unknownCreator
        case untrustedForwarder

        var description: String {
            switch self {
            case .notRequested: "the bot did not ask that user for that session"
            case .unknownCreator: "the device it names as the session's creator is not the sender's"
            case .untrustedForwarder: "forwarded by a device its owner has not verified"
            }
        }
    }

    /// Nil when `key`, sent by `userID`'s device of `payload`, may be taken; else why not.
    func refusal(
        of key: ReceivedRoomKey, payload: MatrixDevice.OlmPayload, from userID: String, now: Date
    ) async
        -> Refusal?
    {
        guard let request = await requests.request(roomID: key.roomID, sessionID: key.sessionID, now: now),
            request.userID == userID, request.senderKey.map({ $0 == key.senderKey }) ?? true
        else { return .notRequested }
        _ = await directory.devices(of: [userID], query: query)
        guard let creator = await directory.device(of: userID, curve25519: key.senderKey),
            creator.ed25519 == key.claimedEd25519
        else { return .unknownCreator }
        if payload.senderKey == key.senderKey { return nil }
        for hop in key.forwardingChain + [payload.senderKey] where hop != key.senderKey {
            guard let device = await directory.device(of: userID, curve25519: hop), device.isCrossSigned else {
                return .untrustedForwarder
            }
        }
        guard let forwarder = await directory.device(of: userID, curve25519: payload.senderKey),
            forwarder.ed25519 == payload.claimedEd25519
        else { return .untrustedForwarder }
        return nil
    }
}
