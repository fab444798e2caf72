/// Polls a condition with real connections until it holds, a process dies, or time is up.
enum Readiness {
    static func poll(
        _ what: String,
        timeout: Duration = .seconds(30),
        log: () -> String,
        failure: () -> String? = { nil },
        until condition: () async -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            if await condition() {
                return
            }
            // A dead server never becomes ready: say so now rather than after 30 s.
            if let problem = failure() {
                throw IRCTestServerError.notReady("\(what): \(problem)", log: log())
            }
            if ContinuousClock.now >= deadline {
                throw IRCTestServerError.notReady("\(what): not within \(timeout)", log: log())
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
