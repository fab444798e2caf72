import GifSources

/// What GIPHY's compact values cost in the shared cache (see `CacheCost`).
extension GiphyRendition: CacheCosting {
    public var estimatedBytes: Int { MemoryLayout<Self>.stride + CacheCost.of(url) }
}

extension GiphyGif: CacheCosting {
    public var estimatedBytes: Int {
        let strings = [id, title, rating, pageURL, username, importDatetime, user?.username, user?.displayName]
            .reduce(0) { $0 + CacheCost.of($1) }
        let table =
            CacheCost.heapObject + renditions.capacity
            * (MemoryLayout<String>.stride + MemoryLayout<GiphyRendition>.stride + 1)
        return MemoryLayout<Self>.stride + (user == nil ? 0 : MemoryLayout<GiphyUser>.stride) + strings + table
            + renditions.values.reduce(0) { $0 + CacheCost.of($1.url) }
    }
}

extension GifPage: CacheCosting {
    public var estimatedBytes: Int { MemoryLayout<Self>.stride + gifs.estimatedBytes }
}
