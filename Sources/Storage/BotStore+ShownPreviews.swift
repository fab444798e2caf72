import MatrixState
import SQLKit

extension BotStore {
    /// Records a preview message `account` (one bot login on one homeserver) shows.
    public func recordShownPreview(_ message: ShownPreviewMessage, account: String) async throws {
        try await database.insert(into: Schema.matrixShownPreviews)
            .columns("account", "event_id", "room_id", "run_id", "shown_at")
            .values(
                SQLBind(account), SQLBind(message.eventID), SQLBind(message.roomID), SQLBind(message.runID),
                SQLBind(Clock.unixSeconds())
            )
            .ignoringConflicts(with: ["account", "event_id"])
            .run()
    }

    /// Forgets a preview message: it became the post, or was taken back.
    public func removeShownPreview(eventID: String, account: String) async throws {
        try await database.delete(from: Schema.matrixShownPreviews)
            .where("account", .equal, account).where("event_id", .equal, eventID)
            .run()
    }

    /// The preview messages of `account` still recorded, oldest first.
    public func shownPreviews(account: String) async throws -> [ShownPreviewMessage] {
        try await database.select().columns("event_id", "room_id", "run_id").from(Schema.matrixShownPreviews)
            .where("account", .equal, account)
            .orderBy("shown_at")
            .all()
            .map { row in
                ShownPreviewMessage(
                    roomID: try row.decode(column: "room_id", as: String.self),
                    eventID: try row.decode(column: "event_id", as: String.self),
                    runID: try row.decode(column: "run_id", as: String.self))
            }
    }
}
