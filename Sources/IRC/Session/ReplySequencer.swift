import Synchronization

/// Keeps replies in the order their commands arrived, per target: answers are computed
/// concurrently (one slow GIPHY call must not hold up everyone), but a channel sees them in
/// the order it asked. Each command takes a ticket when it arrives; its lines are queued once
/// every earlier ticket for the same target has been delivered.
final class ReplySequencer: Sendable {
    private struct Target {
        var nextTicket = 0
        var nextToDeliver = 0
        var ready: [Int: [IRCMessage]] = [:]
    }

    private let targets = Mutex<[String: Target]>([:])

    func ticket(for target: String) -> Int {
        targets.withLock { targets in
            defer { targets[target, default: Target()].nextTicket += 1 }
            return targets[target, default: Target()].nextTicket
        }
    }

    /// Hands `lines` over for delivery; returns the lines that may be sent now, in order.
    func deliver(_ lines: [IRCMessage], ticket: Int, target: String) -> [IRCMessage] {
        targets.withLock { targets in
            var state = targets[target, default: Target()]
            state.ready[ticket] = lines
            var releasable: [IRCMessage] = []
            while let next = state.ready.removeValue(forKey: state.nextToDeliver) {
                releasable += next
                state.nextToDeliver += 1
            }
            // Forget idle targets so the table stays small.
            targets[target] = state.nextToDeliver == state.nextTicket && state.ready.isEmpty ? nil : state
            return releasable
        }
    }
}
