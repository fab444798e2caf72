/// What the core keeps per user and per channel, as the core needs it: narrow protocols the
/// SQL store implements (`BotStore+CoreStore.swift`) and an in-memory store can too (the
/// whole-core fuzz target, fast tests). The values (`UserKey`, `Favorite`, …) are plain structs.
public protocol FavoriteStore: Sendable {
    func favorites(for user: UserKey) async throws -> [Favorite]
    func addFavorite(_ favorite: Favorite, for user: UserKey, limit: Int) async throws -> AddFavoriteResult
    func removeFavorite(_ gifID: String, for user: UserKey) async throws -> Bool
}

public protocol RecentSearchStore: Sendable {
    func recentSearches(for user: UserKey, limit: Int) async throws -> [String]
    func clearRecentSearches(for user: UserKey) async throws
    /// Each search moves to the front of its user's list; every list touched is cut to `limit`.
    func recordSearches(_ searches: [RecentSearch], limit: Int) async throws
}

public protocol ChannelSettingsStore: Sendable {
    func channelSettings(network: String, channel: String) async throws -> ChannelSettings
    func changeChannelSetting(_ change: ChannelSettingChange, network: String, channel: String) async throws
}

/// A source's per-user id (GIPHY's `random_id`), kept so random GIFs do not repeat for a user.
public protocol SourceIdentityStore: Sendable {
    func randomID(for user: UserKey) async throws -> String?
    func setRandomID(_ randomID: String, for user: UserKey) async throws
}

public typealias CoreStore = FavoriteStore & RecentSearchStore & ChannelSettingsStore & SourceIdentityStore
