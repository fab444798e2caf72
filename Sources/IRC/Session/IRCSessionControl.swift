import GifBotCore
import Synchronization

/// Lets the adapter reach the running session from outside its loop: to quit politely (graceful
/// shutdown) and to post what someone picked in the gallery (`ConversationPosting`).
final class IRCSessionControl: ConversationPosting {
    private struct State {
        var sink: AsyncStream<IRCSessionEvent>.Continuation?
        var shutdownReason: String?
        /// Picks handed to the loop and not yet answered, by number; a session that ends answers
        /// the rest `.unavailable`, so no caller waits for a loop that is gone.
        var pendingPicks: [UInt64: CheckedContinuation<PickDelivery, Never>] = [:]
        var nextPick: UInt64 = 0
    }

    private let state = Mutex(State())

    var isShuttingDown: Bool { state.withLock { $0.shutdownReason != nil } }

    func attach(_ sink: AsyncStream<IRCSessionEvent>.Continuation) {
        let reason = state.withLock { state -> String? in
            state.sink = sink
            return state.shutdownReason
        }
        if let reason { sink.yield(.shutdown(reason: reason)) }
    }

    func detach() {
        let pending = state.withLock { state in
            state.sink = nil
            defer { state.pendingPicks = [:] }
            return state.pendingPicks.values
        }
        for waiting in pending { waiting.resume(returning: .unavailable) }
    }

    /// Hands the pick to the session's loop, which posts it if the bot is in its channel.
    func post(_ pick: PickedGif) async -> PickDelivery {
        await withCheckedContinuation { continuation in
            let sink = state.withLock { state -> (AsyncStream<IRCSessionEvent>.Continuation, UInt64)? in
                guard let sink = state.sink, state.shutdownReason == nil else { return nil }
                state.nextPick += 1
                state.pendingPicks[state.nextPick] = continuation
                return (sink, state.nextPick)
            }
            guard let (sink, number) = sink else { return continuation.resume(returning: .unavailable) }
            sink.yield(.post(number, pick))
        }
    }

    /// The loop's answer to pick `number`.
    func settle(_ number: UInt64, _ delivery: PickDelivery) {
        state.withLock { $0.pendingPicks.removeValue(forKey: number) }?.resume(returning: delivery)
    }

    func requestShutdown(reason: String) {
        let sink = state.withLock { state -> AsyncStream<IRCSessionEvent>.Continuation? in
            state.shutdownReason = reason
            return state.sink
        }
        sink?.yield(.shutdown(reason: reason))
    }
}

/// Everything the session loop reacts to, merged into one stream so one task owns the state.
enum IRCSessionEvent: Sendable {
    case line(IRCInboundLine)
    case inboundClosed(String)
    case tick
    case shutdown(reason: String)
    /// A command's answer, computed off the loop, handed back so the loop queues it in order.
    case answered(ReplyOrder.Ticket, [IRCMessage])
    /// A GIF picked in the gallery, numbered for `IRCSessionControl.settle`.
    case post(UInt64, PickedGif)
}
