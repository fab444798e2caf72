/// A session's joins, beside its sync loop (`RoomJoins`).
extension MatrixAdapter {
    /// Joins the configured rooms, then the invitations as they come, for as long as the sync
    /// loop runs: the rooms the configuration names are asked for at each session's start, and
    /// joined however long the homeserver takes.
    func makeJoins(_ client: MatrixClient) async {
        for room in configuration.rooms { roomJoins.request(.configured(room), logger: logger) }
        await roomJoins.run(
            client: client, pendingJoins: pendingJoins,
            retry: MatrixRetry(maximumServerWait: configuration.timing.maximumServerWait, logger: logger),
            logger: logger)
    }
}
