import IRC
import Testing

@Suite struct FloodBucketTests {
    let start = ContinuousClock.now

    @Test func burstGoesOutImmediatelyAndTheFifthWaitsOneSecond() {
        var bucket = FloodBucket()
        let waits = (0..<6).map { _ in bucket.reserve(lineBytes: 50, now: start) }
        #expect(waits == [.zero, .zero, .zero, .zero, .seconds(1), .seconds(2)])
    }

    @Test func refillsAfterAPause() {
        var bucket = FloodBucket()
        for _ in 0..<6 {
            _ = bucket.reserve(lineBytes: 50, now: start)
        }
        let later = start + .seconds(60)
        let waits = (0..<5).map { _ in bucket.reserve(lineBytes: 50, now: later) }
        #expect(waits == [.zero, .zero, .zero, .zero, .seconds(1)])
    }

    @Test func refillsOneTokenPerInterval() {
        var bucket = FloodBucket()
        for _ in 0..<4 {
            _ = bucket.reserve(lineBytes: 50, now: start)
        }
        #expect(bucket.reserve(lineBytes: 50, now: start + .milliseconds(1_500)) == .zero)
        #expect(bucket.reserve(lineBytes: 50, now: start + .milliseconds(1_500)) == .milliseconds(500))
    }

    @Test(arguments: [1, 2, 4, 10])
    func sustainedRateNeverExceedsOneLinePerInterval(burst: Int) {
        var bucket = FloodBucket(burst: burst)
        var now = start
        var sendTimes: [ContinuousClock.Instant] = []
        // The caller sends as soon as allowed, all the time.
        for _ in 0..<100 {
            now = now + bucket.reserve(lineBytes: 50, now: now)
            sendTimes.append(now)
        }
        // Any stretch of time may hold at most the burst plus one line per elapsed second.
        for first in sendTimes.indices {
            for last in first..<sendTimes.count {
                let elapsedSeconds = (sendTimes[last] - sendTimes[first]).components.seconds
                #expect(last - first + 1 <= burst + Int(elapsedSeconds))
            }
        }
        for index in (burst - 1)..<(sendTimes.count - 1) {
            #expect(sendTimes[index + 1] - sendTimes[index] == .seconds(1))
        }
        #expect(sendTimes.last! - sendTimes.first! == .seconds(100 - burst))
    }

    @Test func longLinesDelayTheFollowingLine() {
        var bucket = FloodBucket()
        for _ in 0..<4 {
            _ = bucket.reserve(lineBytes: 50, now: start)
        }
        let afterLong = bucket.reserve(lineBytes: 400, now: start)
        let next = bucket.reserve(lineBytes: 50, now: start)
        #expect(afterLong == .seconds(1))
        #expect(next == .seconds(2) + .milliseconds(700))
    }

    @Test func longLinesSlowTheSustainedRate() {
        func timeToSend(lineBytes: Int) -> Duration {
            var bucket = FloodBucket()
            var now = start
            for _ in 0..<20 {
                now = now + bucket.reserve(lineBytes: lineBytes, now: now)
            }
            return now - start
        }
        let short = timeToSend(lineBytes: 300)
        let long = timeToSend(lineBytes: 301)
        #expect(short == .seconds(16))
        #expect(long > short)
        // 20 lines cost 34 s of tokens; 3 s of that is covered by the burst allowance.
        #expect(long == .milliseconds(19 * 1_700 - 3_000))
    }

    @Test func longLinesShortenTheBurst() {
        var bucket = FloodBucket()
        let waits = (0..<3).map { _ in bucket.reserve(lineBytes: 1_000, now: start) }
        #expect(waits == [.zero, .zero, .milliseconds(400)])
    }
}
