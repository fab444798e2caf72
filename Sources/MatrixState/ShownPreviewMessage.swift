/// A Matrix preview message the bot showed and has not yet made final or taken back.
public struct ShownPreviewMessage: Sendable, Hashable {
    public let roomID: String
    public let eventID: String
    /// Which run of the adapter showed it: a row of another run was abandoned by a restart.
    public let runID: String

    public init(roomID: String, eventID: String, runID: String) {
        self.roomID = roomID
        self.eventID = eventID
        self.runID = runID
    }
}
