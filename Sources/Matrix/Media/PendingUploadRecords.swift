import MatrixState
import Synchronization

/// Records of uploaded GIFs that wait to be written to the store, by GIF id, so that a busy bot
/// writes those of several commands in one statement, not one statement per command (issue 34):
/// plain uploads' records (`UploadedMedia`), and encrypted uploads' (their sealed record's
/// bytes). As with the sync position (`SyncPositionWrites`), they are written at once when none
/// were written in the last `interval`, otherwise with a later upload once it has passed, when
/// the sync catches up, and as the adapter stops. Until then the uploader finds them here. A
/// process that dies loses at most those of the last `interval`: such a GIF is uploaded again
/// the next time it is posted.
final class PendingUploadRecords<Record: Sendable & Equatable>: Sendable {
    private struct Waiting {
        var records: [String: Record] = [:]
        var cadence: BookkeepingCadence
    }
    private let waiting: Mutex<Waiting>

    init(interval: Duration) {
        waiting = Mutex(Waiting(cadence: BookkeepingCadence(interval: interval)))
    }

    /// The waiting records of those GIFs, by id.
    func find(_ gifIDs: [String]) -> [String: Record] {
        waiting.withLock { waiting in
            var found: [String: Record] = [:]
            for id in gifIDs { found[id] = waiting.records[id] }
            return found
        }
    }

    /// Adds `uploaded` (by GIF id) to the waiting records; true when the waiting records are due
    /// to be written now.
    func add(_ uploaded: [String: Record], now: ContinuousClock.Instant = .now) -> Bool {
        waiting.withLock { waiting in
            waiting.records.merge(uploaded) { $1 }
            return waiting.cadence.isDue(at: now)
        }
    }

    /// Every waiting record, to be written.
    var all: [String: Record] { waiting.withLock { $0.records } }

    /// `written` are in the store, or could not be written and are given up: no longer waiting.
    /// A record of the same GIF added since stays.
    func remove(_ written: [String: Record], at now: ContinuousClock.Instant = .now) {
        waiting.withLock { waiting in
            for (id, record) in written where waiting.records[id] == record {
                waiting.records[id] = nil
            }
            waiting.cadence.wrote(at: now)
        }
    }
}
