/// Which entries of one channel's collection to list, newest first: all of them, those with one
/// tag, or those whose title or a tag contains some text, a page at a time.
public struct CollectionQuery: Sendable, Equatable {
    public let channel: CollectionChannel
    /// Only entries with this tag (lowercased, as stored).
    public var tag: String?
    /// Only entries whose title or a tag contains this text, case-insensitively.
    public var text: String?
    public var offset: Int
    public var limit: Int

    public init(channel: CollectionChannel, tag: String? = nil, text: String? = nil, offset: Int = 0, limit: Int = 50) {
        self.channel = channel
        self.tag = tag
        self.text = text
        self.offset = offset
        self.limit = limit
    }
}

/// One page of a `CollectionQuery`.
public struct CollectionPage: Sendable, Equatable {
    public let entries: [CollectionEntry]
    /// How many entries match the query in all pages.
    public let total: Int

    public init(entries: [CollectionEntry], total: Int) {
        self.entries = entries
        self.total = total
    }
}

/// A tag and how many entries of a collection carry it.
public struct CollectionTagCount: Sendable, Equatable {
    public let tag: String
    public let count: Int

    public init(tag: String, count: Int) {
        self.tag = tag
        self.count = count
    }
}
