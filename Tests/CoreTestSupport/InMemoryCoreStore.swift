import Synchronization

#if canImport(GifBotCore)
import GifBotCore
#endif

/// The core's store kept in memory, with the SQL store's rules: favorites newest first and
/// at most `limit` a user, recent searches moved to the front and cut to `limit`, channel
/// settings changed one setting at a time. Fast core tests and the whole-core fuzz target
/// (which compiles this file into the core's own module, hence the conditional import) use it.
public final class InMemoryCoreStore: CoreStore {
    public struct Contents: Sendable {
        public var favorites: [UserKey: [Favorite]] = [:]
        public var recent: [UserKey: [String]] = [:]
        public var channels: [String: ChannelSettings] = [:]
        public var randomIDs: [UserKey: String] = [:]
        /// Each channel's collection, newest first.
        public var collections: [CollectionChannel: [CollectionEntry]] = [:]
        public var collectionPolicies: [CollectionChannel: CollectionPolicy] = [:]
    }

    public let contents = Mutex(Contents())

    public init() {}

    public func favorites(for user: UserKey) async throws -> [Favorite] {
        contents.withLock { $0.favorites[user] ?? [] }
    }

    public func addFavorite(_ favorite: Favorite, for user: UserKey, limit: Int) async throws -> AddFavoriteResult {
        contents.withLock { contents in
            var list = contents.favorites[user] ?? []
            if list.contains(where: { $0.gifID == favorite.gifID }) { return .alreadyFavorite }
            guard list.count < limit else { return .limitReached(limit: limit) }
            list.insert(favorite, at: 0)
            contents.favorites[user] = list
            return .added(count: list.count)
        }
    }

    public func removeFavorite(_ gifID: String, for user: UserKey) async throws -> Bool {
        contents.withLock { contents in
            let before = contents.favorites[user]?.count ?? 0
            contents.favorites[user]?.removeAll { $0.gifID == gifID }
            return (contents.favorites[user]?.count ?? 0) < before
        }
    }

    public func recentSearches(for user: UserKey, limit: Int) async throws -> [String] {
        contents.withLock { Array(($0.recent[user] ?? []).prefix(max(0, limit))) }
    }

    public func clearRecentSearches(for user: UserKey) async throws {
        _ = contents.withLock { $0.recent.removeValue(forKey: user) }
    }

    public func recordSearches(_ searches: [RecentSearch], limit: Int) async throws {
        contents.withLock { contents in
            for search in searches {
                var list = contents.recent[search.user] ?? []
                list.removeAll { $0 == search.query }
                list.insert(search.query, at: 0)
                contents.recent[search.user] = Array(list.prefix(max(0, limit)))
            }
        }
    }

    public func channelSettings(network: String, channel: String) async throws -> ChannelSettings {
        contents.withLock { $0.channels["\(network) \(channel)"] ?? ChannelSettings() }
    }

    public func changeChannelSetting(_ change: ChannelSettingChange, network: String, channel: String) async throws {
        contents.withLock { contents in
            var settings = contents.channels["\(network) \(channel)"] ?? ChannelSettings()
            switch change {
            case .rating(let rating): settings.rating = rating
            case .cooldown(let commands, let seconds):
                (settings.cooldownCommands, settings.cooldownSeconds) = (commands, seconds)
            }
            contents.channels["\(network) \(channel)"] = settings
        }
    }

    public func randomID(for user: UserKey) async throws -> String? {
        contents.withLock { $0.randomIDs[user] }
    }

    public func setRandomID(_ randomID: String, for user: UserKey) async throws {
        contents.withLock { $0.randomIDs[user] = randomID }
    }
}
