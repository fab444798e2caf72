import Foundation

/// Which channel's collection: collections belong to a channel on a network, never to a
/// private conversation.
public struct CollectionChannel: Hashable, Sendable, CustomStringConvertible {
    public let network: String
    public let channel: String

    public init(network: String, channel: String) {
        self.network = network
        self.channel = channel
    }

    public var description: String { "\(network)/\(channel)" }
}

/// A small animated rendition on the source's own servers, for a gallery grid: its size is
/// known before it loads, so nothing on the page jumps.
public struct CollectionPreview: Sendable, Hashable {
    public let url: String
    public let width: Int?
    public let height: Int?

    public init(url: String, width: Int?, height: Int?) {
        self.url = url
        self.width = width
        self.height = height
    }
}

/// One GIF in a channel's collection: ids, metadata and links only, never the media (the
/// sources' terms forbid a media store; pages load media from the sources' servers).
public struct CollectionEntry: Sendable, Hashable {
    public let channel: CollectionChannel
    /// As users type it: a bare GIPHY id or `klipy:slug` (`GifRef.text`).
    public let gifID: String
    /// The source's name as `gifs.sources` spells it (`giphy`, `klipy`).
    public let source: String
    /// Cleaned for chat, at most `GifCardBuilder.maximumTitleLength` characters.
    public let title: String
    /// Lowercased words, sorted, at most `CollectionLimits.maximumTags`.
    public let tags: [String]
    /// The store key of who saved it.
    public let savedBy: UserKey
    /// How they were called when they saved it, for lists ("saved by Alice").
    public let savedByName: String
    public let savedAt: Date
    /// The rendition chat links to.
    public let url: String
    /// The source's small rendition, for a grid.
    public let preview: CollectionPreview?
    /// The GIF's page on the source's site.
    public let pageURL: String?
    /// The GIF's own rating as the source stated it.
    public let rating: String?

    public init(
        channel: CollectionChannel, gifID: String, source: String, title: String, tags: [String], savedBy: UserKey,
        savedByName: String, savedAt: Date = Date(), url: String, preview: CollectionPreview?, pageURL: String?,
        rating: String?
    ) {
        self.channel = channel
        self.gifID = gifID
        self.source = source
        self.title = title
        self.tags = tags
        self.savedBy = savedBy
        self.savedByName = savedByName
        self.savedAt = savedAt
        self.url = url
        self.preview = preview
        self.pageURL = pageURL
        self.rating = rating
    }

    /// The same entry with other tags.
    public func withTags(_ tags: [String]) -> CollectionEntry {
        CollectionEntry(
            channel: channel, gifID: gifID, source: source, title: title, tags: tags, savedBy: savedBy,
            savedByName: savedByName, savedAt: savedAt, url: url, preview: preview, pageURL: pageURL, rating: rating)
    }
}

/// What happened to a request to save a GIF to a collection.
public enum SaveToCollectionResult: Sendable, Equatable {
    /// Saved; the channel now has `count` entries.
    case saved(count: Int)
    /// It was already in the collection (nothing changed); the entry as stored.
    case alreadySaved(CollectionEntry)
    /// The collection is full; nothing was stored.
    case limitReached(limit: Int)
}

/// What happened to a request to add tags to an entry.
public enum TagCollectionEntryResult: Sendable, Equatable {
    /// The entry's tags now.
    case tagged([String])
    case noSuchEntry
    /// Adding them would pass the limit; nothing changed.
    case tooManyTags(limit: Int)
}
