import Synchronization

/// One person's lines in one conversation are acted on in the order they were sent, each on the
/// state the previous one left (the search cursor, the last GIF shown): `!gif cat` and three
/// `!more` pasted together must not all read the state from before the search. Different people,
/// and one person in different conversations, stay concurrent.
///
/// An adapter that answers lines concurrently (IRC) reserves a turn for each line as it arrives,
/// in arrival order, then hands the turn to `GifBot.handle(_:in:)` from whatever task answers it:
/// the answer waits until the turns before it are done. Waiting cannot hang: every reserved turn
/// is finished by the `handle` it was given to, and `handle` always returns.
final class CommandTurns: Sendable {
    struct Key: Hashable, Sendable {
        let user: UserKey
        let conversation: String
    }

    private struct Lane {
        /// The number the next reserved turn gets.
        var next = 0
        /// The turn that may run now.
        var current = 0
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    /// Only lanes with a turn reserved and not finished: an idle lane is forgotten.
    private let lanes = Mutex<[Key: Lane]>([:])

    func reserve(_ key: Key) -> CommandTurn {
        lanes.withLock { lanes in
            var lane = lanes[key] ?? Lane()
            let turn = CommandTurn(key: key, number: lane.next)
            lane.next += 1
            lanes[key] = lane
            return turn
        }
    }

    /// Returns once every turn reserved before `turn` in its lane has finished.
    func wait(for turn: CommandTurn) async {
        // Most lines find their turn current (nobody else's line of the same lane is running):
        // they go on without making a continuation.
        let isCurrent = lanes.withLock { $0[turn.key].map { $0.current == turn.number } ?? true }
        guard !isCurrent else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let mayRun = lanes.withLock { lanes -> Bool in
                guard var lane = lanes[turn.key], lane.current != turn.number else { return true }
                lane.waiting[turn.number] = continuation
                lanes[turn.key] = lane
                return false
            }
            if mayRun { continuation.resume() }
        }
    }

    /// Lets the next turn of the lane run.
    func finish(_ turn: CommandTurn) {
        let next = lanes.withLock { lanes -> CheckedContinuation<Void, Never>? in
            guard var lane = lanes[turn.key] else { return nil }
            lane.current += 1
            let next = lane.waiting.removeValue(forKey: lane.current)
            lanes[turn.key] = lane.current == lane.next && lane.waiting.isEmpty ? nil : lane
            return next
        }
        next?.resume()
    }

    /// Lanes with turns outstanding, for tests.
    var activeLanes: Int { lanes.withLock { $0.count } }
}

/// A line's place in its sender's order in one conversation (see `CommandTurns`).
public struct CommandTurn: Sendable {
    let key: CommandTurns.Key
    let number: Int
}
