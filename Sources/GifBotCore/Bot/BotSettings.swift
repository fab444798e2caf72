import GifSources

/// The behaviour the operator configures (`bot.*` keys and the rating).
public struct BotSettings: Sendable {
    public var prefix: String
    public var favoritesLimit: Int
    public var recentLimit: Int
    /// The highest rating the bot ever posts (`giphy.rating`).
    public var maximumRating: ContentRating
    /// Commands allowed per user in `cooldownWindow`; 0 turns the cooldown off.
    public var cooldownCommands: Int
    public var cooldownWindow: Duration
    /// Favorites shown per `!favs` page.
    public var favoritesPageSize: Int
    /// Which GIF links a reply may carry.
    public var links: LinkPolicy
    /// Entries a channel's collection holds at most.
    public var collectionLimit: Int

    public init(
        prefix: String = "!", favoritesLimit: Int = 20, recentLimit: Int = 5,
        maximumRating: ContentRating = .g, cooldownCommands: Int = 5,
        cooldownWindow: Duration = .seconds(30), favoritesPageSize: Int = 5, links: LinkPolicy = LinkPolicy(),
        collectionLimit: Int = CollectionLimits.defaultEntries
    ) {
        self.prefix = prefix
        self.favoritesLimit = favoritesLimit
        self.recentLimit = recentLimit
        self.maximumRating = maximumRating
        self.cooldownCommands = cooldownCommands
        self.cooldownWindow = cooldownWindow
        self.favoritesPageSize = favoritesPageSize
        self.links = links
        self.collectionLimit = collectionLimit
    }
}

/// What `!about` says.
public enum GifBotInfo {
    public static let version = "0.1.0"
    public static let sourceURL = "https://github.com/gifbot/gifbot"
}
