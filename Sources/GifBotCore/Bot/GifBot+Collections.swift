/// What networks read of a channel's collection to show it their own way.
extension GifBot {
    /// `conversation`'s collection, newest first, at most `limit` (a Matrix room's image pack).
    public func collectionEntries(
        in conversation: String, network: String, limit: Int
    ) async throws -> [CollectionEntry] {
        try await context.store.collectionEntries(
            CollectionQuery(channel: CollectionChannel(network: network, channel: conversation), limit: limit)
        ).entries
    }
}
