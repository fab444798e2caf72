import NIOCore
import Synchronization

/// One GIF-sized buffer kept from one GIF's download and upload for the next. A GIF is a
/// megabyte or more, above the allocator's mmap threshold (`ProcessMemory`): a fresh buffer per
/// GIF was a fresh mapping, faulted in a page at a time and unmapped after the upload, the
/// largest cost of a command after the hashing (scenario 9's profile). Kept, it holds what its
/// largest GIF touched resident once the first GIF has passed. One buffer only: downloads at the
/// same time take fresh ones, as before.
final class SpareGIFBuffer: Sendable {
    /// A buffer grown past this for a rare large GIF is let go rather than kept resident.
    static let largestKept = 4 * 1024 * 1024

    private let spare = Mutex<ByteBuffer?>(nil)

    /// The kept buffer, if no other download has it (then nil: the download allocates its own).
    func take() -> ByteBuffer? {
        spare.withLock { $0.take() }
    }

    /// Keeps `buffer` for the next download, which empties it. Not emptied here: the upload's
    /// request may not have let go of it yet, and emptying a shared buffer allocates a new one.
    func keep(_ buffer: consuming ByteBuffer) {
        guard buffer.capacity <= Self.largestKept else { return }
        spare.withLock { [buffer] in $0 = buffer }
    }
}
