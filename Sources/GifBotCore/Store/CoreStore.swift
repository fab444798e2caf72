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

/// Channels' collections of GIFs (issue 25): entries with tags, who may save, whether public.
/// Lists are newest first. Every method is committed when it returns.
public protocol CollectionStore: Sendable {
    /// The channel's policy; the default (open, private) when an admin never set one.
    func collectionPolicy(for channel: CollectionChannel) async throws -> CollectionPolicy
    /// Changes one half of the policy, leaving the other as it is.
    func changeCollectionPolicy(_ change: CollectionPolicyChange, for channel: CollectionChannel) async throws
    /// Saves `entry` (with its tags) unless its GIF is already in the channel's collection or the
    /// collection holds `limit` entries.
    func saveToCollection(_ entry: CollectionEntry, limit: Int) async throws -> SaveToCollectionResult
    func collectionEntry(_ gifID: String, in channel: CollectionChannel) async throws -> CollectionEntry?
    /// Adds the tags the entry lacks, unless it would then have more than `limit`.
    func addCollectionTags(
        _ tags: [String], to gifID: String, in channel: CollectionChannel, limit: Int
    ) async throws -> TagCollectionEntryResult
    /// False when the entry did not have the tag.
    func removeCollectionTag(_ tag: String, from gifID: String, in channel: CollectionChannel) async throws -> Bool
    /// Removes the entry and its tags; false when it was not there.
    func forgetCollectionEntry(_ gifID: String, in channel: CollectionChannel) async throws -> Bool
    /// A page of the entries the query selects, newest first, with how many match in all.
    func collectionEntries(_ query: CollectionQuery) async throws -> CollectionPage
    /// The channel's tags with how many entries carry each, most used first, then by name.
    func collectionTags(in channel: CollectionChannel) async throws -> [CollectionTagCount]
    /// The channels whose admins made their collection public, by network and channel.
    func publicCollections() async throws -> [CollectionChannel]
}

public typealias CoreStore = FavoriteStore & RecentSearchStore & ChannelSettingsStore & SourceIdentityStore
    & CollectionStore
