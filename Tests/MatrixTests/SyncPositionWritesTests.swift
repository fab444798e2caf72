import Testing

@testable import Matrix

/// When the sync position is due to be written: once per interval while batches from others
/// keep coming, at once for a batch asked without a position or one that brings nothing new.
@Suite struct SyncPositionWritesTests {
    let start = ContinuousClock.now

    @Test func busyBatchesAreWrittenOncePerIntervalAndTheLastOneWhenTheBotCatchesUp() {
        var writes = SyncPositionWrites(interval: .seconds(1))
        #expect(writes.handled("s1", news: false, fresh: true, now: start) == "s1", "a fresh start at once")
        writes.wrote(at: start)
        #expect(writes.handled("s2", news: true, fresh: false, now: start + .milliseconds(400)) == nil)
        #expect(writes.unwritten == "s2")
        #expect(writes.handled("s3", news: true, fresh: false, now: start + .milliseconds(900)) == nil)
        #expect(
            writes.handled("s4", news: true, fresh: false, now: start + .milliseconds(1000)) == "s4",
            "a second after the last write")
        writes.wrote(at: start + .milliseconds(1000))
        #expect(writes.unwritten == nil)
        #expect(writes.handled("s5", news: true, fresh: false, now: start + .milliseconds(1100)) == nil)
        #expect(
            writes.handled("s6", news: false, fresh: false, now: start + .milliseconds(1200)) == "s6",
            "nothing new: caught up, the waiting position goes with the newest")
        writes.wrote(at: start + .milliseconds(1200))
        #expect(writes.handled("s7", news: false, fresh: false, now: start + .seconds(5)) == nil, "nothing waits")
    }

    @Test func aPositionThatCouldNotBeWrittenStaysDue() {
        var writes = SyncPositionWrites(interval: .seconds(1))
        #expect(writes.handled("s1", news: true, fresh: false, now: start) == "s1", "no write yet: due at once")
        // Not written (the store failed): still waiting, and due again after the next batch.
        #expect(writes.unwritten == "s1")
        #expect(writes.handled("s2", news: true, fresh: false, now: start + .milliseconds(10)) == "s2")
    }

    @Test func anIntervalOfZeroWritesEveryBatchFromOthers() {
        var writes = SyncPositionWrites(interval: .zero)
        for (index, position) in ["s1", "s2", "s3"].enumerated() {
            let now = start + .milliseconds(index)
            #expect(writes.handled(position, news: true, fresh: false, now: now) == position)
            writes.wrote(at: now)
        }
        #expect(writes.handled("s4", news: false, fresh: false, now: start + .seconds(1)) == nil)
    }
}
