/// The sync filters of one login, each made when first needed: the one with the bot's own
/// events, and the lean one without them, for a homeserver known to annotate events with the
/// bot's membership (`MembershipAnnotations`). A sync position stays valid across filters, so
/// the next sync simply uses the other one.
struct SyncFilters: Sendable {
    let client: MatrixClient
    let userID: String
    private var made: [Bool: String] = [:]
    /// The filter id the next sync uses.
    private(set) var id: String
    /// Whether that filter leaves the bot's own events out.
    private(set) var leavesOutOwnEvents: Bool

    init(client: MatrixClient, userID: String, leavingOutOwnEvents: Bool) async throws(MatrixError) {
        self.client = client
        self.userID = userID
        id = try await client.createFilter(userID: userID, leavingOutOwnEvents: leavingOutOwnEvents)
        leavesOutOwnEvents = leavingOutOwnEvents
        made[leavingOutOwnEvents] = id
    }

    /// The filter of a sync from no position (`MatrixClient.firstSyncFilter`), as JSON text,
    /// with or without the bot's own events as the next sync would be.
    var firstSync: String {
        MatrixClient.firstSyncFilter(userID: userID, leavingOutOwnEvents: leavesOutOwnEvents)
    }

    /// Moves the next syncs to the filter with or without the bot's own events; when it cannot
    /// be made, the current one stays.
    mutating func use(leavingOutOwnEvents: Bool) async throws(MatrixError) {
        let id: String
        if let made = made[leavingOutOwnEvents] {
            id = made
        } else {
            id = try await client.createFilter(userID: userID, leavingOutOwnEvents: leavingOutOwnEvents)
            made[leavingOutOwnEvents] = id
        }
        self.id = id
        leavesOutOwnEvents = leavingOutOwnEvents
    }
}
