/// A candidate shown to its asker before anything reaches the channel: one GIF with send,
/// shuffle and cancel, or a numbered list to pick from. A shuffle shows the same preview (same
/// `previewID`) with another GIF, so a network that edits messages edits this one in place.
public struct PreviewCard: Sendable, Equatable {
    /// Stable while the preview is open, across shuffles; never reused by this process.
    public let previewID: UInt64
    /// Where the chosen GIF will be posted (the channel or room the preview was asked in).
    public let conversation: String
    /// Who asked: only their choices (and admins') count.
    public let askerID: String
    public let askerName: String
    /// One card for a single preview; labelled cards ("1.", "2.") for a list to pick from.
    public let choices: [GifCard]
    /// The bot's command prefix, to name the commands that answer it.
    public let prefix: String
    /// True when this shows another GIF in an open preview (a shuffle).
    public let isShuffle: Bool
    /// The asker's command, when the network gave it an id: the preview answers it.
    public let originMessageID: String?
    /// The message already showing this preview (set through `GifBot.previewShown`), which a
    /// shuffle edits in place.
    public let shownMessageID: String?

    public var isList: Bool { choices.count > 1 || choices.first?.label != nil }

    /// The reactions a network that shows previews as messages offers as buttons: ✅ 🔀 ❌ for one
    /// GIF, a keycap per choice and ❌ for a list. A reaction with one of them answers it.
    public var buttons: [String] {
        isList
            ? Array(PreviewReaction.pickKeys.prefix(choices.count)) + [PreviewReaction.cancelKey]
            : [PreviewReaction.sendKey, PreviewReaction.shuffleKey, PreviewReaction.cancelKey]
    }

    /// What to say to answer it.
    public var instructions: String {
        isList
            ? "say \(prefix)pick 1-\(choices.count) or \(prefix)cancel"
            : "say \(prefix)send, \(prefix)shuffle or \(prefix)cancel"
    }

    /// The preview as lines of text: a single GIF in one line, a list as a heading and a line
    /// per choice (a link is never split across lines).
    public var lines: [String] {
        if isList {
            return ["Preview for \(conversation) (\(instructions)):"] + choices.map(\.line)
        }
        return ["Preview for \(conversation): \(choices.first?.line ?? "") (\(instructions))"]
    }
}

/// A previewed GIF the asker chose, to post where the preview was asked, as any answer is
/// posted there (addressed to the asker, replying to their command where the network threads).
public struct ChosenPreview: Sendable, Equatable {
    public let previewID: UInt64
    public let conversation: String
    public let askerName: String
    public let originMessageID: String?
    /// The message that showed the preview, to turn into the post or take back.
    public let shownMessageID: String?
    public let card: GifCard
    /// Whether the asker alone saw it first (a network may turn that message into the post);
    /// false for a pick from a list everyone saw.
    public let shownPrivately: Bool
    /// Picked from a list: the message that showed the list is not the GIF, so it is taken back
    /// and the GIF posted, instead of turning the preview into the post.
    public let fromList: Bool
}

/// A preview that is gone without a post: cancelled, expired, or replaced by a newer one.
/// Networks that showed it as a message remove that message; `note` is what the asker is told
/// (nil: nothing, as for a preview replaced by the next one).
public struct WithdrawnPreview: Sendable, Equatable {
    public enum Reason: String, Sendable {
        case cancelled, expired, replaced
    }

    public let previewID: UInt64
    public let conversation: String
    public let reason: Reason
    public let note: String?
    /// The message that showed the preview, to take back.
    public let shownMessageID: String?
    /// False for a `!gifs` list everyone saw: there is nothing to take back.
    public let shownPrivately: Bool
}
