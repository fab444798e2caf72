/// What the seam's values cost in a source's cache (see `CacheCost`).
extension SourcedRendition: CacheCosting {
    public var estimatedBytes: Int { MemoryLayout<Self>.stride + CacheCost.of(name) + CacheCost.of(url) }
}

extension SourcedUploader: CacheCosting {
    public var estimatedBytes: Int { MemoryLayout<Self>.stride + CacheCost.of(username) + CacheCost.of(displayName) }
}

extension SourcedGif: CacheCosting {
    /// The preferred rendition is one of `renditions` or `original`, sharing its strings, so
    /// only its inline part counts.
    public var estimatedBytes: Int {
        let strings = [ref.key, title, rating, pageURL, importDate].reduce(0) { $0 + CacheCost.of($1) }
        return MemoryLayout<Self>.stride + strings + renditions.estimatedBytes + (uploader?.estimatedBytes ?? 0)
            + (still?.estimatedBytes ?? 0)
    }
}
