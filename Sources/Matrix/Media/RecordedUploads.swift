import Synchronization

/// Fingerprints of the GIFs whose upload is recorded in the store, learned once before the
/// first sync, so that a GIF never uploaded (every new GIF a `!gif` finds) costs no read of the
/// store before its upload (issue 34): each read is a hop to the store's thread and a statement
/// SQLite parses afresh, about 5 % of a plain command's CPU.
///
/// A fingerprint is 32 bits of the id's hash: two ids may share one, and then the store is
/// read, as before. Until the learning is done, when it fails, and above `largest` ids (then
/// the fingerprints are let go), every GIF is looked up in the store. Another instance's uploads
/// on a shared database are not learned after the start: such a GIF is uploaded once more, and
/// its record written over with this upload's.
final class RecordedUploads: Sendable {
    /// About 5 bytes a GIF in memory (a `Set` of 32-bit values): 2.5 MB at this many.
    static let largestByDefault = 500_000

    private struct Fingerprints {
        var values: Set<UInt32> = []
        /// Every recorded id's fingerprint is among `values`.
        var complete = false
        /// More than `largest` were recorded: none are kept, every GIF is looked up.
        var overflowed = false

        mutating func overflow() {
            values = []
            complete = false
            overflowed = true
        }
    }
    private let fingerprints = Mutex(Fingerprints())
    private let largest: Int

    init(largest: Int = RecordedUploads.largestByDefault) {
        self.largest = largest
    }

    /// Whether `gifID` may have a recorded upload: false only when it certainly has none.
    func mayBeRecorded(_ gifID: String) -> Bool {
        fingerprints.withLock { !$0.complete || $0.values.contains(Self.fingerprint(gifID)) }
    }

    /// Notes GIFs whose uploads are being recorded now.
    func add(_ gifIDs: some Sequence<String>) {
        fingerprints.withLock { fingerprints in
            guard !fingerprints.overflowed else { return }
            for id in gifIDs { fingerprints.values.insert(Self.fingerprint(id)) }
            if fingerprints.values.count > largest { fingerprints.overflow() }
        }
    }

    /// Learns every recorded id, a page of `pageSize` at a time from `page` (the ids after the
    /// one given, in the store's order), so that no more than a page is held at once. Throws what
    /// `page` throws; the fingerprints are then incomplete, and every GIF is looked up.
    func learn(
        pageSize: Int = 5_000, page: (_ after: String?, _ limit: Int) async throws -> [String]
    ) async throws {
        var learned = Set<UInt32>()
        var after: String?
        while true {
            let ids = try await page(after, pageSize)
            for id in ids { learned.insert(Self.fingerprint(id)) }
            if learned.count > largest {
                fingerprints.withLock { $0.overflow() }
                return
            }
            guard ids.count == pageSize, let last = ids.last else { break }
            after = last
        }
        fingerprints.withLock { fingerprints in
            guard !fingerprints.overflowed else { return }
            fingerprints.values.formUnion(learned)
            fingerprints.complete = true
        }
    }

    /// 32 bits of the id's hash. The hash is seeded per process, which is fine for what is held
    /// in memory only.
    private static func fingerprint(_ gifID: String) -> UInt32 {
        UInt32(truncatingIfNeeded: gifID.hashValue)
    }
}
