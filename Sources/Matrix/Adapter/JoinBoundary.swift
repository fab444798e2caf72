/// Where a joined room's history ends for the bot. A room the bot has just joined arrives with
/// its recent history, and what was said before the join is not addressed to it. Pure: it reads
/// one room's timeline of one batch.
///
/// Two marks end the history: the bot's own join (its `m.room.member` event, in the timeline
/// while the sync filter lets the bot's own events through), and an event the homeserver
/// annotated as one the bot was not joined at (`RoomEvent.membership`). The annotation is what
/// lets the sync leave the bot's own events out (`MembershipAnnotations`); the own join serves
/// homeservers that do not annotate.
enum JoinBoundary {
    static let joined = "join"

    /// The events after the last mark: those that may be answered. Events without a mark in the
    /// timeline all count (the bot joined before the batch).
    static func afterJoin(_ events: [RoomEvent], ownUserID: String) -> ArraySlice<RoomEvent> {
        let mark = events.lastIndex { isMark($0, ownUserID: ownUserID) }
        return mark.map { events[($0 + 1)...] } ?? events[...]
    }

    /// Whether an event after the marks may be answered: always when the bot's own events are
    /// in the sync (its join would be there), and only when annotated as seen while joined when
    /// they are left out, since without its join an event the homeserver did not annotate
    /// cannot be placed.
    static func isPlaced(_ event: RoomEvent, ownEventsLeftOut: Bool) -> Bool {
        !ownEventsLeftOut || event.membership == joined
    }

    /// Whether the batch holds the bot's join of the room: its own join event, or history from
    /// before it (annotated so), which only the batch that brings the join shows.
    static func holdsJoin(_ events: [RoomEvent], ownUserID: String) -> Bool {
        events.contains { isMark($0, ownUserID: ownUserID) }
    }

    /// The bot's own join, or an event from before it.
    private static func isMark(_ event: RoomEvent, ownUserID: String) -> Bool {
        isOwnJoin(event, ownUserID: ownUserID) || precedesJoin(event)
    }

    /// The homeserver says the bot was not joined at this event (left, invited, never there).
    static func precedesJoin(_ event: RoomEvent) -> Bool {
        event.membership.map { $0 != joined } ?? false
    }

    static func isOwnJoin(_ event: RoomEvent, ownUserID: String) -> Bool {
        event.type == "m.room.member" && event.stateKey == ownUserID && event.content["membership"]?.string == joined
    }
}
