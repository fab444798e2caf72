import GifSources

/// What KLIPY's compact values cost in the shared cache (see `CacheCost`).
extension KlipyRendition: CacheCosting {
    public var estimatedBytes: Int { MemoryLayout<Self>.stride + CacheCost.of(url) }
}

extension KlipyGif: CacheCosting {
    public var estimatedBytes: Int {
        MemoryLayout<Self>.stride + CacheCost.of(id) + CacheCost.of(slug) + CacheCost.of(title)
            + renditions.estimatedBytes
    }
}

extension KlipyPage: CacheCosting {
    public var estimatedBytes: Int { MemoryLayout<Self>.stride + gifs.estimatedBytes }
}

extension KlipyCategory: CacheCosting {
    public var estimatedBytes: Int {
        MemoryLayout<Self>.stride + CacheCost.of(name) + CacheCost.of(query) + CacheCost.of(previewURL)
    }
}
