import Foundation

/// The notice an encrypted room gets, and how often. The bot cannot decrypt yet; without the
/// notice, people type commands into an encrypted room, get no answer and think it is broken.
struct EncryptionNotice: Sendable {
    /// At most one notice per room in this long, across restarts.
    static let interval: TimeInterval = 24 * 60 * 60

    /// The bot's command prefix, to name `!help`.
    let commandPrefix: String

    var text: String {
        "I can't read encrypted messages yet, so I won't answer in this room. Use me in a room without encryption, "
            + "or in a direct message with encryption off, and say \(commandPrefix)help there."
    }

    /// Whether a room last told at `lastNotice` (nil: never) may be told again at `now`. A last
    /// notice in the future (the clock was set back) blocks for one interval, never longer.
    static func isDue(lastNotice: Date?, now: Date) -> Bool {
        guard let lastNotice else { return true }
        return abs(now.timeIntervalSince(lastNotice)) >= interval
    }
}
