/// Which commands only a channel's members may use. A command that reads or changes the
/// channel's own state (its collection, its settings, a gallery grant for it) is the channel's
/// business: on IRC a channel without +n takes lines from people outside it, who must not read
/// a private collection or write to it. Searches answered in the channel, reading its settings
/// (anyone may, see `AdminHandler`) and a person's own things (favorites, recent searches,
/// previews) stay open to anyone the bot hears there.
enum ChannelMembershipRule {
    static func isMembersOnly(_ command: Command) -> Bool {
        switch command {
        case .web, .gifTag, .save, .tag, .untag, .forget, .collection, .collectionSavers, .collectionPublic:
            true
        case .rating(let rating): rating != nil
        case .cooldown, .roomFeature: true
        case .previewMode(let mode): mode != nil
        case .gif, .more, .gifs, .random, .translate, .trending, .trends, .suggest, .related, .info, .fav,
            .unfav, .favs, .recent, .clearRecent, .help, .about, .undo, .showCooldown, .previewGif, .send,
            .shuffle, .cancel, .pick, .usage, .invalidTag, .tooManyTags:
            false
        }
    }

    /// Nil when `message` may run `command`; else the short answer for its sender alone (a
    /// notice: a non-member must not make the bot talk in the channel).
    static func refusal(of command: Command, for message: ChatMessage) -> Reply? {
        guard !message.isPrivate, !message.senderIsMember, isMembersOnly(command) else { return nil }
        return .notice("You need to be in \(TextSanitizer.truncate(message.conversation, to: 64)) to do that.")
    }
}
