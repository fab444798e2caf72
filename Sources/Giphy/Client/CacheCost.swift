/// What a cached value costs in memory, estimated from what it holds: exact enough to bound
/// the cache by bytes (heap strings, tables), cheap enough to compute on every insert.
protocol CacheCosting: Sendable {
    var estimatedBytes: Int { get }
}

enum CacheCost {
    /// An entry's own bookkeeping: its slot in the table, the instant and counters.
    static let entry = 96
    /// A heap object's header and allocator rounding.
    static let heapObject = 32

    /// Strings of up to 15 UTF-8 bytes live inline; longer ones on the heap.
    static func of(_ string: String) -> Int {
        let count = string.utf8.count
        return count <= 15 ? 0 : count + heapObject
    }

    static func of(_ string: String?) -> Int {
        string.map(of) ?? 0
    }
}

extension String: CacheCosting {
    var estimatedBytes: Int { MemoryLayout<String>.stride + CacheCost.of(self) }
}

extension Array: CacheCosting where Element: CacheCosting {
    var estimatedBytes: Int {
        CacheCost.heapObject + (capacity - count) * MemoryLayout<Element>.stride + reduce(0) { $0 + $1.estimatedBytes }
    }
}

extension Optional: CacheCosting where Wrapped: CacheCosting {
    var estimatedBytes: Int { map(\.estimatedBytes) ?? MemoryLayout<Self>.stride }
}

extension GiphyRendition: CacheCosting {
    var estimatedBytes: Int { MemoryLayout<Self>.stride + CacheCost.of(url) }
}

extension GiphyGif: CacheCosting {
    var estimatedBytes: Int {
        let strings = [id, title, rating, pageURL, username, importDatetime, user?.username, user?.displayName]
            .reduce(0) { $0 + CacheCost.of($1) }
        let table = CacheCost.heapObject + renditions.capacity * (MemoryLayout<String>.stride + MemoryLayout<GiphyRendition>.stride + 1)
        return MemoryLayout<Self>.stride + (user == nil ? 0 : MemoryLayout<GiphyUser>.stride) + strings + table
            + renditions.values.reduce(0) { $0 + CacheCost.of($1.url) }
    }
}

extension GifPage: CacheCosting {
    var estimatedBytes: Int { MemoryLayout<Self>.stride + gifs.estimatedBytes }
}
