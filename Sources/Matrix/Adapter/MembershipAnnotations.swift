import GifSources

/// What the bot knows of its homeserver's membership annotations (`unsigned.membership` on
/// timeline events, spec v1.11, a SHOULD): whether its sync may leave the bot's own events out.
///
/// Those events come back after every reply, a `/sync` answer each that the bot then ignores;
/// but its own join is what marks where a room's history ends on a homeserver that does not
/// annotate (`JoinBoundary`). So the bot syncs with its own events until it sees the homeserver
/// annotate every event of a batch, then without them. A homeserver that later leaves an event
/// unannotated is not trusted again in this process: the bot goes back to its own events.
///
/// Learned per process: after a restart the first answer with events teaches it again, at the
/// cost of one echo. Not stored, so a homeserver replaced or downgraded meanwhile is never
/// trusted on an old word.
struct MembershipAnnotations: Sendable, Equatable {
    enum Knowledge: Sendable, Equatable {
        /// Nothing seen yet, or only events without annotations.
        case unknown
        /// Every event seen so far was annotated.
        case trusted
        /// An event came without one after the homeserver had annotated: never trusted again.
        case unreliable
    }

    private(set) var knowledge = Knowledge.unknown

    /// Whether the sync leaves the bot's own events out.
    var leavesOutOwnEvents: Bool { knowledge == .trusted }

    /// Learns from a batch's timeline events; true when that changes what the sync leaves out.
    mutating func learn(from batch: SyncResponse.MembershipAnnotation) -> Bool {
        let before = leavesOutOwnEvents
        switch (knowledge, batch) {
        case (.unknown, .everyEvent): knowledge = .trusted
        case (.trusted, .missing): knowledge = .unreliable
        default: break
        }
        return leavesOutOwnEvents != before
    }
}

extension SyncResponse {
    /// Whether the homeserver annotated the timeline events of a batch with the bot's membership.
    enum MembershipAnnotation: Sendable, Equatable {
        /// No timeline events: nothing to learn.
        case noEvents
        /// Every timeline event carries one.
        case everyEvent
        /// At least one timeline event lacks it.
        case missing
    }

    var membershipAnnotation: MembershipAnnotation {
        var annotated = false
        for room in (rooms?.join ?? [:]).values {
            for event in room.timeline?.events?.elements ?? [] {
                guard event.membership != nil else { return .missing }
                annotated = true
            }
        }
        return annotated ? .everyEvent : .noEvents
    }
}
