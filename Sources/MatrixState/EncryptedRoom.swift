import Foundation

/// A room a chat account knows to be end-to-end encrypted. Matrix never turns encryption off
/// again, so a room once recorded stays encrypted.
public struct EncryptedRoom: Sendable, Equatable {
    public let roomID: String
    /// When the bot last told the room it cannot read it; nil if it never did.
    public let noticedAt: Date?

    public init(roomID: String, noticedAt: Date?) {
        self.roomID = roomID
        self.noticedAt = noticedAt
    }
}
