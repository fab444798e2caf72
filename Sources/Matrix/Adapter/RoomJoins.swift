import Logging
import Synchronization

/// The joins the bot makes, beside the sync loop: the rooms the configuration names at each
/// session's start, and the invitations allowed users send. One at a time, each waiting out a
/// homeserver that cannot answer now as a reply does (`MatrixRetry`): a join met by an outage or
/// a rate limit is made once the homeserver allows it, not dropped (the sync position moves past
/// an invitation, which then does not come again). The sync loop never waits for a join, so a
/// remote room whose server is slow or down holds up no command.
///
/// The queue belongs to the adapter, not to a session: a join the end of a session interrupted
/// (a login refused, to be made again) is made in the next one.
final class RoomJoins: Sendable {
    enum Join: Sendable, Equatable {
        /// A room the configuration names, by id or alias.
        case configured(String)
        /// A room an allowed user invited the bot to.
        case invitation(roomID: String, inviter: String)
    }

    /// More joins than wait at once on any homeserver an account is on; past it a join is left
    /// out with a warning (an invitation then waits for a sync from no position).
    static let capacity = 10_000

    private let queue = Mutex<[Join]>([])
    private let arrived = WakeSignal()

    /// What became of a join asked for.
    private enum Request {
        case added
        case alreadyWaiting
        case leftOut
    }

    /// Asks for `join`, made after those asked for before it; one already waiting is not asked
    /// for twice.
    func request(_ join: Join, logger: Logger) {
        let outcome = queue.withLock { queue -> Request in
            guard !queue.contains(join) else { return .alreadyWaiting }
            guard queue.count < Self.capacity else { return .leftOut }
            queue.append(join)
            return .added
        }
        switch outcome {
        case .added: arrived.signal()
        case .leftOut: logger.warning("Too many rooms waiting to be joined; one was left out", metadata: join.metadata)
        case .alreadyWaiting: break
        }
    }

    /// Makes the joins asked for, in order, until the calling task is cancelled (the session
    /// ends). A room joined on invitation is told to `pendingJoins` before the call: its first
    /// batch may come back before the call does.
    func run(client: MatrixClient, pendingJoins: PendingJoins, retry: MatrixRetry, logger: Logger) async {
        while !Task.isCancelled {
            guard let join = queue.withLock(\.first) else {
                await arrived.wait(upTo: .seconds(3_600))
                continue
            }
            if case .invitation(let roomID, _) = join { pendingJoins.joined(roomID) }
            do {
                let roomID = try await retry.run("join") { () async throws(MatrixError) -> String in
                    try await client.join(join.room)
                }
                logger.info(join.joinedMessage, metadata: join.metadata.merging(["room_id": "\(roomID)"]) { $1 })
            } catch {
                // Interrupted by the session's end, or by the token it ends on (the sync loop
                // meets it too): made in the next session.
                if Task.isCancelled || error.isUnknownToken { return }
                if case .invitation(let roomID, _) = join { pendingJoins.forget([roomID]) }
                logger.error("Could not join a room", metadata: join.metadata.merging(["error": "\(error)"]) { $1 })
            }
            queue.withLock { queue in
                if let index = queue.firstIndex(of: join) { queue.remove(at: index) }
            }
        }
    }
}

extension RoomJoins.Join {
    /// What `/join` is asked for.
    var room: String {
        switch self {
        case .configured(let room): room
        case .invitation(let roomID, _): roomID
        }
    }

    var joinedMessage: Logger.Message {
        switch self {
        case .configured: "Joined room"
        case .invitation: "Joined a room on invitation"
        }
    }

    var metadata: Logger.Metadata {
        switch self {
        case .configured(let room): ["room": "\(room)"]
        case .invitation(let roomID, let inviter): ["room_id": "\(roomID)", "inviter": "\(inviter)"]
        }
    }
}
