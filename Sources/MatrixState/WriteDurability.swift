/// How far a write has reached when the store's call returns.
public enum WriteDurability: Sendable {
    /// On the disk: survives the machine losing power. For what the bot confirms, or must never
    /// use twice (a Megolm ratchet, a one-time key, a login).
    case synced
    /// Handed to the operating system: survives the process crashing, and the machine losing
    /// power may lose the latest such writes, never a synced one made after them. For what is
    /// given or made again if lost: the sync position (the events after an older one come
    /// again), an upload's record (the GIF is uploaded again), a Megolm message index seen (the
    /// same event comes again with the sync position), and the store's batches of recent
    /// searches. Spares a disk flush with every message.
    case unsynced
}
