import Synchronization

/// Lets the adapter ask the running session to quit politely (graceful shutdown).
final class IRCSessionControl: Sendable {
    private struct State {
        var sink: AsyncStream<IRCSessionEvent>.Continuation?
        var shutdownReason: String?
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
        state.withLock { $0.sink = nil }
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
}
