import BotTestSupport
import GifBotCore
import SeededRandom
import Testing

@Suite struct ReconnectBackoffTests {
    let start = ContinuousClock.now

    @Test func withoutJitterTheDelayDoublesUpToTheMaximum() {
        var backoff = ReconnectBackoff(jitter: 0)
        var generator = SplitMix64(seed: 1)
        let delays = (0..<10).map { _ in backoff.nextDelay(using: &generator) }
        let expected: [Duration] = [2, 4, 8, 16, 32, 64, 128, 256, 300, 300].map { .seconds($0) }
        #expect(delays == expected)
    }

    @Test(arguments: [1, 2, 3, 1234, 987_654_321] as [UInt64])
    func jitterStaysWithinItsBounds(seed: UInt64) {
        var backoff = ReconnectBackoff()
        var generator = SplitMix64(seed: seed)
        var base = 2.0
        for _ in 0..<20 {
            let delay = backoff.nextDelay(using: &generator)
            #expect(delay >= .seconds(base * 0.8) && delay <= .seconds(base * 1.2), "base \(base)")
            #expect(delay >= .seconds(1.6) && delay <= .seconds(360))
            base = min(base * 2, 300)
        }
    }

    @Test func jitterActuallyVaries() {
        var generator = SplitMix64(seed: 5)
        let delays = (0..<20).map { _ in
            var backoff = ReconnectBackoff()
            return backoff.nextDelay(using: &generator)
        }
        #expect(Set(delays).count > 10)
    }

    @Test func sameSeedGivesTheSameSchedule() {
        func schedule() -> [Duration] {
            var backoff = ReconnectBackoff()
            var generator = SplitMix64(seed: 77)
            return (0..<8).map { _ in backoff.nextDelay(using: &generator) }
        }
        #expect(schedule() == schedule())
    }

    @Test func aStableConnectionResetsTheSchedule() {
        var backoff = ReconnectBackoff(jitter: 0)
        var generator = SplitMix64(seed: 1)
        for _ in 0..<5 {
            _ = backoff.nextDelay(using: &generator)
        }
        backoff.connected(at: start)
        backoff.disconnected(at: start + .seconds(60))
        #expect(backoff.nextDelay(using: &generator) == .seconds(2))
    }

    @Test func aShortConnectionKeepsGrowing() {
        var backoff = ReconnectBackoff(jitter: 0)
        var generator = SplitMix64(seed: 1)
        for _ in 0..<3 {
            _ = backoff.nextDelay(using: &generator)
        }
        backoff.connected(at: start)
        backoff.disconnected(at: start + .seconds(59))
        #expect(backoff.nextDelay(using: &generator) == .seconds(16))
    }

    @Test func disconnectWithoutConnectDoesNotReset() {
        var backoff = ReconnectBackoff(jitter: 0)
        var generator = SplitMix64(seed: 1)
        _ = backoff.nextDelay(using: &generator)
        backoff.disconnected(at: start + .seconds(1_000))
        #expect(backoff.nextDelay(using: &generator) == .seconds(4))
    }

    @Test func systemRandomDelayIsWithinTheFirstStep() {
        var backoff = ReconnectBackoff()
        let delay = backoff.nextDelay()
        #expect(delay >= .seconds(1.6) && delay <= .seconds(2.4))
    }

    @Test func customParametersAreHonoured() {
        var backoff = ReconnectBackoff(initial: .milliseconds(500), maximum: .seconds(5), multiplier: 3, jitter: 0)
        var generator = SplitMix64(seed: 1)
        let delays = (0..<5).map { _ in backoff.nextDelay(using: &generator) }
        #expect(delays == [.milliseconds(500), .milliseconds(1_500), .milliseconds(4_500), .seconds(5), .seconds(5)])
    }

    @Test func resetStartsOverAfterASuccess() {
        var backoff = ReconnectBackoff(initial: .seconds(1), maximum: .seconds(8), jitter: 0)
        #expect((0..<4).map { _ in backoff.nextDelay() } == [.seconds(1), .seconds(2), .seconds(4), .seconds(8)])
        backoff.reset()
        #expect(backoff.nextDelay() == .seconds(1))
    }
}
