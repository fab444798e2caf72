import BenchmarkSupport
import Foundation
import MallocInterposerSwift

#if canImport(Glibc)
import Glibc
#endif

/// Clocks, percentiles, CPU time and allocation counts (resident memory: `ResidentMemory`).
enum Measure {
    /// Seconds of CPU (user + system) this process has used, all threads.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(
            usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// The p-th percentile (0...100) of `values`, nearest rank.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    static func median(_ values: [Double]) -> Double { percentile(values, 50) }

    /// Times `body` once per element of `work`, returning each duration in milliseconds.
    static func latencies<Item>(_ work: [Item], _ body: (Item) async throws -> Void) async rethrows -> [Double] {
        var latencies: [Double] = []
        latencies.reserveCapacity(work.count)
        for item in work {
            let started = ContinuousClock.now
            try await body(item)
            latencies.append((ContinuousClock.now - started).inSeconds * 1000)
        }
        return latencies
    }
}

/// Allocation counts through ordo-one/malloc-interposer, which counts only when its library is
/// preloaded (scripts/benchmark sets LD_PRELOAD); otherwise the figures are reported as absent.
enum Allocations {
    static let available: Bool = {
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
        let probe = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
        probe.deallocate()
        MallocInterposerSwift.unhook()
        return MallocInterposerSwift.getStatistics().mallocCount > 0
    }()

    /// Allocations made by `body` (on this thread), or nil when counting is unavailable.
    static func count(_ body: () throws -> Void) rethrows -> Int? {
        guard available else {
            try body()
            return nil
        }
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        try body()
        MallocInterposerSwift.unhook()
        return MallocInterposerSwift.getStatistics().mallocCount
    }

    /// The heap that `make`'s result holds, as the allocator sees it, or nil when counting is
    /// unavailable: bytes still allocated when it returns, plus glibc's 8-byte header and its
    /// rounding to 16 bytes (8 on average) for each block still allocated.
    static func heapHeld<Value>(by make: () throws -> Value) rethrows -> Int? {
        guard available else { return nil }
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        let value = try make()
        MallocInterposerSwift.unhook()
        let statistics = MallocInterposerSwift.getStatistics()
        withExtendedLifetime(value) {}
        let blocks = statistics.mallocCount - statistics.freeCount
        return statistics.mallocBytesCount - statistics.freeBytesCount + blocks * 16
    }
}
