import Foundation
import NIOHTTP1
import Synchronization

/// The switch the proxy's connections consult: the faults in force, and what the proxy has
/// seen of the requests they apply to.
final class ProxyFaults: Sendable {
    struct State {
        var syncFault = FaultProxy.SyncFault.none
        var sendFault = FaultProxy.SendFault.none
        var syncRequests = 0
        var sends: [ProxiedSend] = []
    }

    let state = Mutex(State())

    /// Counts a /sync, records a send, and decides what the request gets.
    @Sendable func decide(for head: HTTPRequestHead) -> ProxyHandler.Decision {
        let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
        if path.hasPrefix("/_matrix/client/v3/sync") || path.hasPrefix("/_matrix/client/r0/sync") {
            return decideSync()
        }
        if head.method == .PUT, let transactionID = Self.sendTransactionID(path) {
            return decideSend(transactionID)
        }
        return .forward
    }

    private func decideSync() -> ProxyHandler.Decision {
        state.withLock { state in
            state.syncRequests += 1
            switch state.syncFault {
            case .none: return .forward
            case .status(let code): return .answer(.unknownError(status: code))
            case .hang: return .hang
            }
        }
    }

    private func decideSend(_ transactionID: String) -> ProxyHandler.Decision {
        state.withLock { state in
            let firstAttempt = !state.sends.contains { $0.transactionID == transactionID }
            let answer: InjectedAnswer? =
                switch state.sendFault {
                case .none: nil
                case .rateLimitFirstAttempts(let milliseconds): .rateLimited(retryAfterMilliseconds: milliseconds)
                case .rateLimitFirstAttemptsAsking(let header, let milliseconds):
                    .rateLimited(header: header, bodyMilliseconds: milliseconds)
                }
            guard firstAttempt, let answer else {
                state.sends.append(ProxiedSend(transactionID: transactionID, arrivedAt: .now, rateLimited: false))
                return .forward
            }
            state.sends.append(ProxiedSend(transactionID: transactionID, arrivedAt: .now, rateLimited: true))
            return .answer(answer)
        }
    }

    /// The transaction id of `PUT /_matrix/client/…/rooms/{roomId}/send/{eventType}/{txnId}`.
    static func sendTransactionID(_ path: String) -> String? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count >= 5, segments[segments.count - 3] == "send", segments[segments.count - 5] == "rooms"
        else { return nil }
        return String(segments[segments.count - 1]).removingPercentEncoding
    }
}

/// One event send the proxy received: which transaction, when, and whether the proxy answered
/// it with a 429 itself instead of passing it on.
public struct ProxiedSend: Sendable {
    public let transactionID: String
    public let arrivedAt: ContinuousClock.Instant
    public let rateLimited: Bool
}
