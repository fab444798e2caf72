import Testing

@testable import Matrix

/// The expired-preview sweep sleeps on a `WakeSignal` until the next expiry or a preview shown.
@Suite("WakeSignal: a sleep until a deadline or a signal")
struct WakeSignalTests {
    private func timed(_ operation: () async -> Void) async -> Duration {
        let started = ContinuousClock.now
        await operation()
        return ContinuousClock.now - started
    }

    @Test("A wait that timed out leaves the next ones waiting their whole time")
    func waitsAfterATimeout() async {
        let signal = WakeSignal()
        // The first wait's timeout cancels its listener; an AsyncStream shared by the waits was
        // finished by that, and every later wait returned at once (a spinning sweep).
        await signal.wait(upTo: .milliseconds(20))
        for _ in 0..<3 {
            #expect(await timed { await signal.wait(upTo: .milliseconds(200)) } >= .milliseconds(200))
        }
    }

    @Test("A signal wakes a wait under way, also after a wait that timed out")
    func signalWakesAWait() async {
        let signal = WakeSignal()
        await signal.wait(upTo: .milliseconds(20))
        async let waited = timed { await signal.wait(upTo: .seconds(30)) }
        signal.signal()
        #expect(await waited < .seconds(20))
    }

    @Test("A signal given while nothing waits ends the next wait at once, and only that one")
    func signalBeforeTheWait() async {
        let signal = WakeSignal()
        signal.signal()
        signal.signal()
        #expect(await timed { await signal.wait(upTo: .seconds(30)) } < .seconds(20))
        #expect(await timed { await signal.wait(upTo: .milliseconds(200)) } >= .milliseconds(200))
    }

    @Test("Cancelling the waiting task ends its wait")
    func cancellationEndsTheWait() async {
        let signal = WakeSignal()
        let waited = await timed {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await signal.wait(upTo: .seconds(30)) }
                group.cancelAll()
            }
        }
        #expect(waited < .seconds(20))
    }
}
