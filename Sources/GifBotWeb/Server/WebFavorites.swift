import GifBotCore

/// A person's favorites as the gallery reads and changes them: through the bot, so `!favs` sees
/// a removal made in the browser at once (the bot caches lists).
public protocol WebFavorites: Sendable {
    func favorites(of user: UserKey) async throws -> [Favorite]
    func removeFavorite(_ gifID: String, of user: UserKey) async throws -> Bool
}

extension GifBot: WebFavorites {}
