import Foundation
import MatrixState
import SQLKit

extension BotStore {
    /// Every encrypted room recorded for `account` (one bot login on one homeserver).
    public func encryptedRooms(account: String) async throws -> [EncryptedRoom] {
        try await database.select().columns("room_id", "noticed_at").from(Schema.encryptedRooms)
            .where("account", .equal, account)
            .all()
            .map { row in
                let noticed = try row.decode(column: "noticed_at", as: Int?.self)
                return EncryptedRoom(
                    roomID: try row.decode(column: "room_id", as: String.self),
                    noticedAt: noticed.map { Date(timeIntervalSince1970: TimeInterval($0)) })
            }
    }

    /// Records that a room is encrypted; keeps the notice time when it is already recorded.
    public func recordEncryptedRoom(_ roomID: String, account: String) async throws {
        try await database.insert(into: Schema.encryptedRooms)
            .columns("account", "room_id", "noticed_at")
            .values(SQLBind(account), SQLBind(roomID), SQLBind(Int?.none))
            .ignoringConflicts(with: ["account", "room_id"])
            .run()
    }

    /// Records that the bot told an encrypted room it cannot read it, at `date`.
    public func recordEncryptionNotice(in roomID: String, account: String, at date: Date) async throws {
        try await database.insert(into: Schema.encryptedRooms)
            .columns("account", "room_id", "noticed_at")
            .values(SQLBind(account), SQLBind(roomID), SQLBind(Clock.unixSeconds(date)))
            .onConflict(with: ["account", "room_id"]) { $0.set(excludedValueOf: "noticed_at") }
            .run()
    }
}
