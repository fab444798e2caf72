/// When the sync position is written to the store: at most once per `interval` while batches
/// from others keep coming, at once when the bot starts without a position and when a batch
/// brings nothing from others (the bot has caught up), and before the adapter stops. A busy bot
/// answered each command with a write of its own: a hop to the store's thread and an SQLite
/// statement, one of the three a plain command made (issue 34).
///
/// A process that dies without stopping loses at most the positions of one `interval` of busy
/// batches, or of the batches since the last write when the bot fell quiet right after them.
/// Its successor gets those batches again and answers them again, which posts nothing twice: a
/// reply's transaction id comes from the event it answers, and the homeserver answers a repeated
/// one with the event it already made (`MatrixTakeoverTests`). To-device messages are not in
/// that: each is stored as it is handled, before the next sync tells the homeserver it may
/// delete it.
struct SyncPositionWrites {
    /// The position of the last batch from others that is handled and not yet written.
    private(set) var unwritten: String?
    private var cadence: BookkeepingCadence

    init(interval: Duration) {
        cadence = BookkeepingCadence(interval: interval)
    }

    /// After a batch is handled: the position to write now, if one is due. `news` says whether
    /// it brought anything from others (`SyncResponse.carriesNews`); `fresh`, whether it was
    /// asked for without a position.
    mutating func handled(
        _ position: String, news: Bool, fresh: Bool, now: ContinuousClock.Instant = .now
    ) -> String? {
        if news || fresh { unwritten = position }
        guard unwritten != nil else { return nil }
        return fresh || !news || cadence.isDue(at: now) ? position : nil
    }

    /// The position `handled` gave (or `unwritten`) is in the store.
    mutating func wrote(at now: ContinuousClock.Instant = .now) {
        unwritten = nil
        cadence.wrote(at: now)
    }
}
