import GiphyStandIn
import Synchronization
import Testing

@testable import Matrix

/// One kind of upload record: found waiting or in the store, written together when due, given
/// up (and counted in the warning) when the store refuses them.
@Suite struct UploadRecordsTests {
    struct WriteRefused: Error {}

    /// A store of records in memory, counting its calls; its writes fail while `refusing`.
    final class MemoryStore: Sendable {
        struct State {
            var records: [String: Int] = [:]
            var reads: [[String]] = []
            var writes: [[String: Int]] = []
            var refusing = false
        }
        let state = Mutex(State())

        var calls: UploadRecords<Int>.Store {
            UploadRecords<Int>.Store(
                ids: { after, limit in
                    self.state.withLock { state in
                        Array(state.records.keys.sorted().filter { id in after.map { id > $0 } ?? true }.prefix(limit))
                    }
                },
                read: { gifIDs in
                    self.state.withLock { state in
                        state.reads.append(gifIDs)
                        return state.records.filter { gifIDs.contains($0.key) }
                    }
                },
                write: { records in
                    try self.state.withLock { state in
                        state.writes.append(records)
                        if state.refusing { throw WriteRefused() }
                        state.records.merge(records) { $1 }
                    }
                })
        }
    }

    @Test func theFirstUploadIsWrittenAtOnceAndTheNextWaitsWhereItIsFound() async {
        let store = MemoryStore()
        let records = UploadRecords(
            kind: "plain", store: store.calls, interval: .seconds(3600), logger: LogCapture().logger())
        await records.learn()
        await records.add(["a": 1])
        await records.add(["b": 2])
        #expect(store.state.withLock { $0.writes } == [["a": 1]], "b waits for the interval")
        #expect(await records.find(["a", "b", "c"]) == ["a": 1, "b": 2])
        #expect(store.state.withLock { $0.reads } == [["a"]], "b is found waiting, c is known not to be stored")
        await records.writeWaiting()
        #expect(store.state.withLock { $0.writes.last } == ["b": 2])
        #expect(store.state.withLock { $0.records } == ["a": 1, "b": 2])
    }

    @Test func recordsTheStoreRefusesAreGivenUpAndCountedInTheWarning() async {
        let store = MemoryStore()
        let log = LogCapture()
        let records = UploadRecords(
            kind: "encrypted", store: store.calls, interval: .seconds(3600), logger: log.logger())
        await records.learn()
        store.state.withLock { $0.refusing = true }
        await records.add(["a": 1])
        await records.add(["b": 2, "c": 3])
        await records.writeWaiting()
        #expect(log.text.contains("kind=encrypted"))
        #expect(log.text.contains("records=1"), "the first write held a")
        #expect(log.text.contains("records=2"), "the second b and c")
        // Given up: nothing waits, and the store is asked for them (it has none: uploaded again).
        #expect(await records.find(["a", "b", "c"]) == [:])
        #expect(store.state.withLock { $0.reads.last.map(Set.init) } == ["a", "b", "c"])
        await records.writeWaiting()
        #expect(store.state.withLock { $0.writes.count } == 2, "nothing was left to write")
    }
}
