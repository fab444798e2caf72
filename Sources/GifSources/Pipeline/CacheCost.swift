/// What a cached value costs in memory, estimated from what it holds: exact enough to bound
/// the cache by bytes (heap strings, tables), cheap enough to compute on every insert.
public protocol CacheCosting: Sendable {
    var estimatedBytes: Int { get }
}

public enum CacheCost {
    /// An entry's own bookkeeping: its slot in the table, the instant and counters.
    public static let entry = 96
    /// What a heap object costs beyond its contents: its own 32-byte header (a string's or an
    /// array's storage) plus glibc's 8-byte chunk header. Calibrated against the heap a cached
    /// page holds, as benchmark scenario 1 measures it through the allocator: with 32 the
    /// estimate was 4% under it (so the cache held that much more than its setting), with 48
    /// (rounding to 16 counted too) 5% over; with 40 it is within 1% (issue 9).
    public static let heapObject = 40

    /// Strings of up to 15 UTF-8 bytes live inline; longer ones on the heap.
    public static func of(_ string: String) -> Int {
        let count = string.utf8.count
        return count <= 15 ? 0 : count + heapObject
    }

    public static func of(_ string: String?) -> Int {
        string.map(of) ?? 0
    }
}

extension String: CacheCosting {
    public var estimatedBytes: Int { MemoryLayout<String>.stride + CacheCost.of(self) }
}

extension Array: CacheCosting where Element: CacheCosting {
    public var estimatedBytes: Int {
        CacheCost.heapObject + (capacity - count) * MemoryLayout<Element>.stride + reduce(0) { $0 + $1.estimatedBytes }
    }
}

extension Optional: CacheCosting where Wrapped: CacheCosting {
    public var estimatedBytes: Int { map(\.estimatedBytes) ?? MemoryLayout<Self>.stride }
}
