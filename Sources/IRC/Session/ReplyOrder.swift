/// Keeps replies in the order their commands arrived, per target: answers are computed
/// concurrently (one slow GIPHY call must not hold up everyone), but a channel sees them in
/// the order it asked. A plain value owned by the session loop, which both hands out tickets
/// and releases answers, so releasing and queueing are one step and need no lock.
struct ReplyOrder {
    /// Where an answer belongs in the order of its target's replies.
    struct Ticket: Sendable, Hashable {
        let target: String
        let number: Int
    }

    private struct Target {
        var nextNumber = 0
        var nextToRelease = 0
        var ready: [Int: [IRCMessage]] = [:]
    }

    private var targets: [String: Target] = [:]
    /// Answers handed out tickets for and not yet released.
    private(set) var outstanding = 0

    mutating func ticket(for target: String) -> Ticket {
        defer { targets[target, default: Target()].nextNumber += 1 }
        outstanding += 1
        return Ticket(target: target, number: targets[target, default: Target()].nextNumber)
    }

    /// Takes the answer for `ticket`; returns the lines that may be sent now, in order.
    mutating func release(_ lines: [IRCMessage], for ticket: Ticket) -> [IRCMessage] {
        guard var state = targets[ticket.target], ticket.number >= state.nextToRelease,
            state.ready[ticket.number] == nil
        else { return [] }
        state.ready[ticket.number] = lines
        var releasable: [IRCMessage] = []
        while let next = state.ready.removeValue(forKey: state.nextToRelease) {
            releasable += next
            state.nextToRelease += 1
            outstanding -= 1
        }
        // Forget idle targets so the table stays small.
        targets[ticket.target] = state.nextToRelease == state.nextNumber && state.ready.isEmpty ? nil : state
        return releasable
    }
}
