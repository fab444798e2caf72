import GifBotCore

// The SQL store is the core's store in production; its methods already have these shapes.
extension BotStore: FavoriteStore, RecentSearchStore, ChannelSettingsStore, SourceIdentityStore, CollectionStore {}
