/// The open previews, in memory (a restart forgets them: a preview lives two minutes). One per
/// user per conversation; a new one replaces it. Expiry is by the instants commands arrive at and
/// by `sweep(shownBy:now:)`: no timer task of its own, so nothing outlives the bot.
actor PreviewBoard {
    struct Key: Hashable, Sendable {
        let user: UserKey
        let conversation: String
    }

    /// Far more than people preview at once; beyond it the preview closest to expiry goes.
    private let capacity: Int
    /// Expired previews shown as messages that their connections have not swept yet.
    private let withdrawnCapacity: Int
    private var open: [Key: OpenPreview] = [:]
    private var expiredUnswept: [OpenPreview] = []
    private var lastID: UInt64 = 0

    init(capacity: Int = 10_000, withdrawnCapacity: Int = 1_000) {
        self.capacity = capacity
        self.withdrawnCapacity = withdrawnCapacity
    }

    func nextID() -> UInt64 {
        lastID += 1
        return lastID
    }

    /// Opens `preview`, returning the one it replaces (same user, same conversation), if any.
    func open(_ preview: OpenPreview, now: ContinuousClock.Instant) -> OpenPreview? {
        expire(now: now)
        let replaced = open.updateValue(preview, forKey: preview.key)
        if open.count > capacity, let oldest = open.values.min(by: { $0.expiresAt < $1.expiresAt }) {
            open[oldest.key] = nil
            retire(oldest)
        }
        return replaced
    }

    /// The user's open preview in `conversation`; from a private conversation (`anywhere`), the
    /// user's preview that expires last on their network, wherever it was asked.
    func find(user: UserKey, conversation: String, anywhere: Bool, now: ContinuousClock.Instant) -> OpenPreview? {
        expire(now: now)
        if let preview = open[Key(user: user, conversation: conversation)] { return preview }
        guard anywhere else { return nil }
        return open.values.filter { $0.asker.storeKey == user }.max { $0.expiresAt < $1.expiresAt }
    }

    /// Notes the network message showing preview `id`, and which connection showed it; false
    /// when the preview closed meanwhile (expired while it was being sent, or answered from
    /// elsewhere).
    func attach(
        messageID: String, shownBy connection: String, to id: UInt64, conversation: String,
        now: ContinuousClock.Instant
    ) -> Bool {
        expire(now: now)
        guard let key = open.first(where: { $0.value.id == id && $0.key.conversation == conversation })?.key else {
            return false
        }
        open[key]?.shownMessageID = messageID
        open[key]?.shownBy = connection
        return true
    }

    /// The open preview that `messageID` shows in `conversation`.
    func find(shownMessageID messageID: String, conversation: String, now: ContinuousClock.Instant) -> OpenPreview? {
        expire(now: now)
        return open.values.first { $0.conversation == conversation && $0.shownMessageID == messageID }
    }

    /// Closes the preview `id` if it is still open; nil when it was closed meanwhile.
    func close(_ id: UInt64, key: Key) -> OpenPreview? {
        guard open[key]?.id == id else { return nil }
        return open.removeValue(forKey: key)
    }

    /// Stores a changed preview if it is still the open one (a command in another conversation,
    /// a private `!cancel`, may have closed it while the next GIF was fetched).
    func update(_ preview: OpenPreview) -> Bool {
        guard open[preview.key]?.id == preview.id else { return false }
        open[preview.key] = preview
        return true
    }

    /// The previews `connection` showed that expired by `now`, removed, for it to take back what
    /// it showed. Another connection's stay for that one: it alone can take its message back.
    func sweep(shownBy connection: String, now: ContinuousClock.Instant) -> [OpenPreview] {
        expire(now: now)
        var swept: [OpenPreview] = []
        expiredUnswept.removeAll { preview in
            guard preview.shownBy == connection else { return false }
            swept.append(preview)
            return true
        }
        return swept
    }

    /// When the next preview `connection` showed expires (now, when an expired one waits to be
    /// swept); nil when it shows none: its sweep need not wake before it shows one.
    func nextExpiry(shownBy connection: String) -> ContinuousClock.Instant? {
        if expiredUnswept.contains(where: { $0.shownBy == connection }) { return .now }
        return open.values.filter { $0.shownBy == connection }.map(\.expiresAt).min()
    }

    var openCount: Int { open.count }

    private func expire(now: ContinuousClock.Instant) {
        for (key, preview) in open where preview.expiresAt <= now {
            open[key] = nil
            retire(preview)
        }
    }

    /// Keeps an expired preview for its connection to take back, if it showed one: a preview no
    /// message showed (an IRC notice, or one that expired while being sent) needs nothing.
    private func retire(_ preview: OpenPreview) {
        guard preview.isShownPrivately, preview.shownBy != nil else { return }
        expiredUnswept.append(preview)
        if expiredUnswept.count > withdrawnCapacity {
            expiredUnswept.removeFirst(expiredUnswept.count - withdrawnCapacity)
        }
    }
}
