import Matrix

/// An invitation this user received: the room, and what its stripped state says of it.
public struct MatrixTestInvitation: Sendable {
    public let roomID: String
    public let inviter: String
    /// The invitation's `is_direct`: the inviter meant a direct chat.
    public let isDirect: Bool
}

extension MatrixTestClient {
    /// Every invitation from `inviter` received so far, syncing until at least one is there or
    /// `timeout` passes (then it throws, naming the rooms it was invited to).
    public func waitForInvitations(
        from inviter: String, timeout: Duration = .seconds(20)
    ) async throws -> [MatrixTestInvitation] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let found = invitations(from: inviter)
            if !found.isEmpty { return found }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                throw MatrixTestClientError.timedOut(
                    roomID: "(invitations)", after: timeout, recentEvents: invitations.keys.sorted())
            }
            try Task.checkCancellation()
            try await sync(timeout: min(remaining, .seconds(5)))
        }
    }

    /// The invitations from `inviter` received so far (no request is made).
    public func invitations(from inviter: String) -> [MatrixTestInvitation] {
        invitations.compactMap { roomID, state in
            let membership = state.first {
                $0["type"]?.stringValue == "m.room.member" && $0["state_key"]?.stringValue == user.userID
                    && $0["content"]?["membership"]?.stringValue == "invite"
            }
            guard let membership, membership["sender"]?.stringValue == inviter else { return nil }
            return MatrixTestInvitation(
                roomID: roomID, inviter: inviter, isDirect: membership["content"]?["is_direct"]?.boolValue == true)
        }
        .sorted { $0.roomID < $1.roomID }
    }
}
