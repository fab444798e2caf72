/// What networks read of a channel's collection to show it their own way, and what the gallery's
/// widget asks of a room.
extension GifBot {
    /// Whether `userID` is joined to `conversation` on `network`, as the bot's connections see it.
    public func isJoined(_ userID: String, in conversation: String, network: String) async -> Bool {
        await posters.isJoined(userID, in: conversation, on: network)
    }

    /// `conversation`'s collection, newest first, at most `limit` (a Matrix room's image pack).
    public func collectionEntries(
        in conversation: String, network: String, limit: Int
    ) async throws -> [CollectionEntry] {
        try await context.store.collectionEntries(
            CollectionQuery(channel: CollectionChannel(network: network, channel: conversation), limit: limit)
        ).entries
    }
}
