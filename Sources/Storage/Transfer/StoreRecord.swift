import Foundation
import GifBotCore

/// One line of `gifbot export`: what a community keeps when it moves between databases. Each
/// is a JSON object whose `type` says which kind it is; times are Unix seconds.
public enum StoreRecord: Sendable, Equatable {
    /// A user's GIPHY random id (personalises `random`).
    case user(UserKey, randomID: String?)
    case favorite(UserKey, Favorite)
    case recentSearch(UserKey, query: String, searchedAt: Int)
    case channelSettings(network: String, channel: String, ChannelSettings)
    /// A GIF in a channel's collection, with its tags (issue 25).
    case collectionEntry(CollectionEntry)
    /// Who may save to a channel's collection, and whether it is public.
    case collectionPolicy(CollectionChannel, CollectionPolicy)
}

extension StoreRecord: Codable {
    private enum Kind: String, Codable {
        case user, favorite
        case recentSearch = "recent_search"
        case channelSettings = "channel_settings"
        case collectionEntry = "collection_entry"
        case collectionPolicy = "collection_policy"
    }

    private enum Keys: String, CodingKey {
        case type, network, user, channel
        case randomID = "random_id", gifID = "gif_id", title, url, rating, addedAt = "added_at"
        case query, searchedAt = "searched_at"
        case cooldownCommands = "cooldown_commands", cooldownSeconds = "cooldown_seconds"
        case source, tags, savedBy = "saved_by", savedByName = "saved_by_name", savedAt = "saved_at"
        case previewURL = "preview_url", previewWidth = "preview_width", previewHeight = "preview_height"
        case pageURL = "page_url", savers, isPublic = "public"
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: Keys.self)
        let kind = try values.decode(Kind.self, forKey: .type)
        func user() throws -> UserKey {
            UserKey(
                network: try values.decode(String.self, forKey: .network),
                userID: try values.decode(String.self, forKey: .user))
        }
        switch kind {
        case .user:
            self = .user(try user(), randomID: try values.decodeIfPresent(String.self, forKey: .randomID))
        case .favorite:
            let addedAt = try values.decode(Int.self, forKey: .addedAt)
            self = .favorite(
                try user(),
                Favorite(
                    gifID: try values.decode(String.self, forKey: .gifID),
                    title: try values.decode(String.self, forKey: .title),
                    url: try values.decode(String.self, forKey: .url),
                    rating: try values.decodeIfPresent(String.self, forKey: .rating),
                    addedAt: Date(timeIntervalSince1970: TimeInterval(addedAt))))
        case .recentSearch:
            self = .recentSearch(
                try user(), query: try values.decode(String.self, forKey: .query),
                searchedAt: try values.decode(Int.self, forKey: .searchedAt))
        case .channelSettings:
            self = .channelSettings(
                network: try values.decode(String.self, forKey: .network),
                channel: try values.decode(String.self, forKey: .channel),
                ChannelSettings(
                    rating: try values.decodeIfPresent(String.self, forKey: .rating),
                    cooldownCommands: try values.decodeIfPresent(Int.self, forKey: .cooldownCommands),
                    cooldownSeconds: try values.decodeIfPresent(Int.self, forKey: .cooldownSeconds)))
        case .collectionEntry:
            self = .collectionEntry(try Self.collectionEntry(from: values))
        case .collectionPolicy:
            let savers = try values.decode(String.self, forKey: .savers)
            guard let known = CollectionPolicy.Savers(rawValue: savers) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .savers, in: values, debugDescription: "savers is not open or admins")
            }
            self = .collectionPolicy(
                CollectionChannel(
                    network: try values.decode(String.self, forKey: .network),
                    channel: try values.decode(String.self, forKey: .channel)),
                CollectionPolicy(savers: known, isPublic: try values.decode(Bool.self, forKey: .isPublic)))
        }
    }

    private static func collectionEntry(from values: KeyedDecodingContainer<Keys>) throws -> CollectionEntry {
        let network = try values.decode(String.self, forKey: .network)
        let previewURL = try values.decodeIfPresent(String.self, forKey: .previewURL)
        return CollectionEntry(
            channel: CollectionChannel(network: network, channel: try values.decode(String.self, forKey: .channel)),
            gifID: try values.decode(String.self, forKey: .gifID),
            source: try values.decode(String.self, forKey: .source),
            title: try values.decode(String.self, forKey: .title),
            tags: try values.decode([String].self, forKey: .tags),
            savedBy: UserKey(network: network, userID: try values.decode(String.self, forKey: .savedBy)),
            savedByName: try values.decode(String.self, forKey: .savedByName),
            savedAt: Date(timeIntervalSince1970: TimeInterval(try values.decode(Int.self, forKey: .savedAt))),
            url: try values.decode(String.self, forKey: .url),
            preview: previewURL.map {
                CollectionPreview(
                    url: $0, width: try? values.decodeIfPresent(Int.self, forKey: .previewWidth),
                    height: try? values.decodeIfPresent(Int.self, forKey: .previewHeight))
            },
            pageURL: try values.decodeIfPresent(String.self, forKey: .pageURL),
            rating: try values.decodeIfPresent(String.self, forKey: .rating))
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: Keys.self)
        func encode(_ user: UserKey) throws {
            try values.encode(user.network, forKey: .network)
            try values.encode(user.userID, forKey: .user)
        }
        switch self {
        case .user(let user, let randomID):
            try values.encode(Kind.user, forKey: .type)
            try encode(user)
            try values.encodeIfPresent(randomID, forKey: .randomID)
        case .favorite(let user, let favorite):
            try values.encode(Kind.favorite, forKey: .type)
            try encode(user)
            try values.encode(favorite.gifID, forKey: .gifID)
            try values.encode(favorite.title, forKey: .title)
            try values.encode(favorite.url, forKey: .url)
            try values.encodeIfPresent(favorite.rating, forKey: .rating)
            try values.encode(Clock.unixSeconds(favorite.addedAt), forKey: .addedAt)
        case .recentSearch(let user, let query, let searchedAt):
            try values.encode(Kind.recentSearch, forKey: .type)
            try encode(user)
            try values.encode(query, forKey: .query)
            try values.encode(searchedAt, forKey: .searchedAt)
        case .channelSettings(let network, let channel, let settings):
            try values.encode(Kind.channelSettings, forKey: .type)
            try values.encode(network, forKey: .network)
            try values.encode(channel, forKey: .channel)
            try values.encodeIfPresent(settings.rating, forKey: .rating)
            try values.encodeIfPresent(settings.cooldownCommands, forKey: .cooldownCommands)
            try values.encodeIfPresent(settings.cooldownSeconds, forKey: .cooldownSeconds)
        case .collectionEntry(let entry):
            try values.encode(Kind.collectionEntry, forKey: .type)
            try values.encode(entry.channel.network, forKey: .network)
            try values.encode(entry.channel.channel, forKey: .channel)
            try values.encode(entry.gifID, forKey: .gifID)
            try values.encode(entry.source, forKey: .source)
            try values.encode(entry.title, forKey: .title)
            try values.encode(entry.tags, forKey: .tags)
            try values.encode(entry.savedBy.userID, forKey: .savedBy)
            try values.encode(entry.savedByName, forKey: .savedByName)
            try values.encode(Clock.unixSeconds(entry.savedAt), forKey: .savedAt)
            try values.encode(entry.url, forKey: .url)
            try values.encodeIfPresent(entry.preview?.url, forKey: .previewURL)
            try values.encodeIfPresent(entry.preview?.width, forKey: .previewWidth)
            try values.encodeIfPresent(entry.preview?.height, forKey: .previewHeight)
            try values.encodeIfPresent(entry.pageURL, forKey: .pageURL)
            try values.encodeIfPresent(entry.rating, forKey: .rating)
        case .collectionPolicy(let channel, let policy):
            try values.encode(Kind.collectionPolicy, forKey: .type)
            try values.encode(channel.network, forKey: .network)
            try values.encode(channel.channel, forKey: .channel)
            try values.encode(policy.savers.rawValue, forKey: .savers)
            try values.encode(policy.isPublic, forKey: .isPublic)
        }
    }
}

/// Records as JSON lines, one object a line, keys sorted: the same data always gives the same
/// bytes, so two exports can be compared with `cmp`.
public enum StoreRecordLines {
    public static func encode(_ record: StoreRecord) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(record), as: UTF8.self)
    }

    /// One line back into a record; blank lines are nil.
    public static func decode(_ line: some StringProtocol) throws -> StoreRecord? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        return try JSONDecoder().decode(StoreRecord.self, from: Data(trimmed.utf8))
    }
}
