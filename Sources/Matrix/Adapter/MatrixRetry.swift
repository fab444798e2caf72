import GifBotCore
import Logging

/// How the adapter waits out a homeserver that cannot answer now: a request that failed for a
/// reason that may pass (unreachable, 5xx, 429) is tried again after a growing pause, or after
/// the wait a 429 asks for (capped); a refusal (4xx) is final at once. Replies and the checks a
/// reply depends on share it, so a command met by an outage is answered when the homeserver is
/// back, not dropped because one of its steps gave up sooner than the others.
struct MatrixRetry: Sendable {
    static let maximumAttempts = 30

    /// The longest a homeserver's 429 may make a request wait (`MatrixTiming.maximumServerWait`).
    let maximumServerWait: Duration
    let logger: Logger

    /// The operation's result; its last error when it was refused, or still failing after
    /// `maximumAttempts` (logged), or the task was cancelled meanwhile.
    func run<T: Sendable>(
        _ what: String, _ operation: () async throws(MatrixError) -> T
    ) async throws(MatrixError) -> T {
        var backoff = ReconnectBackoff(initial: .milliseconds(500), maximum: .seconds(30))
        var attempt = 1
        while true {
            do {
                return try await operation()
            } catch {
                guard error.isRetryable, !Task.isCancelled else { throw error }
                guard attempt < Self.maximumAttempts else {
                    logger.error("Matrix \(what) failed after \(Self.maximumAttempts) attempts")
                    throw error
                }
                var delay = backoff.nextDelay()
                if case .api(_, _, _, let retryAfter?, _) = error, error.isRateLimited {
                    let (wait, wasCapped) = ServerRequestedWait.capped(retryAfter, at: maximumServerWait)
                    delay = wait
                    if wasCapped {
                        logger.warning(
                            "The homeserver asked for a longer wait than allowed; waiting the maximum",
                            metadata: ["asked": "\(retryAfter)", "waiting": "\(wait)"])
                    }
                }
                logger.notice(
                    "Matrix \(what) will be retried",
                    metadata: ["attempt": "\(attempt)", "error": "\(error)", "delay": "\(delay)"])
                // Cancelled while waiting: the last failure stands.
                guard (try? await Task.sleep(for: delay)) != nil else { throw error }
                attempt += 1
            }
        }
    }
}
