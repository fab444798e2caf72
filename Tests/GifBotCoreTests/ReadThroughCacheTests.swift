import Synchronization
import Testing

@testable import GifBotCore

/// The read-through cache behind channel settings and favorites: fresh values are served
/// without a read, a change drops the value, and the entry bound holds.
@Suite struct ReadThroughCacheTests {
    /// Counts the reads that reach the "store".
    final class Reads: Sendable {
        let count = Mutex(0)
        func read(_ value: Int) -> Int {
            count.withLock { $0 += 1 }
            return value
        }
    }

    @Test func aFreshValueIsServedWithoutReadingAndAChangeDropsIt() async throws {
        let cache = ReadThroughCache<String, Int>(timeToLive: .seconds(3600), capacity: 8)
        let reads = Reads()
        #expect(try await cache.value(for: "a") { reads.read(1) } == 1)
        #expect(try await cache.value(for: "a") { reads.read(2) } == 1)
        #expect(reads.count.withLock { $0 } == 1)
        try await cache.change("a") {}
        #expect(try await cache.value(for: "a") { reads.read(3) } == 3)
        #expect(reads.count.withLock { $0 } == 2)
    }

    @Test func aFailedChangeAlsoDropsTheValue() async throws {
        struct WriteFailed: Error {}
        let cache = ReadThroughCache<String, Int>(timeToLive: .seconds(3600), capacity: 8)
        _ = try await cache.value(for: "a") { 1 }
        await #expect(throws: WriteFailed.self) { try await cache.change("a") { throw WriteFailed() } }
        #expect(try await cache.value(for: "a") { 2 } == 2)
    }

    @Test func atCapacityTheOldestValueGoes() async throws {
        let cache = ReadThroughCache<Int, Int>(timeToLive: .seconds(3600), capacity: 3)
        let reads = Reads()
        for key in 0..<4 { _ = try await cache.value(for: key) { reads.read(key) } }
        // Key 0 was stored first, so it was dropped for key 3.
        for key in 1..<4 { _ = try await cache.value(for: key) { reads.read(key) } }
        #expect(reads.count.withLock { $0 } == 4)
        _ = try await cache.value(for: 0) { reads.read(0) }
        #expect(reads.count.withLock { $0 } == 5)
    }
}
