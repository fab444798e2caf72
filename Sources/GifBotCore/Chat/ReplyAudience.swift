/// Who may read a reply: the one idea of "only the asker sees it" the core has, which each
/// network renders as best it can.
public enum ReplyAudience: Sendable, Equatable {
    /// Everyone in the conversation the command was said in.
    case conversation
    /// The asker: something not worth the conversation's attention (a cool-down warning, a
    /// preview, a refusal), but nothing the others must not read. A network that can show one
    /// member a line the others do not see does so (IRC: a NOTICE to the nick); one that cannot
    /// says it in the conversation, replying to the asker (Matrix).
    case asker
    /// The asker alone, in a private conversation on every network and never in the channel, even
    /// where that takes a new room: what nobody else may read (a login link).
    case askerAlone
}

extension Reply {
    /// Who may read this reply.
    public var audience: ReplyAudience {
        switch self {
        case .notice, .preview, .withdrawPreview: .asker
        case .privateMessage: .askerAlone
        case .text, .gif, .undoLastGif, .postPreview, .roomFeature: .conversation
        }
    }

    /// The reply as lines of text, for a network that shows it as text: a preview a line per GIF
    /// (no link split across lines), a withdrawn preview its note (or nothing).
    public var lines: [String] {
        switch self {
        case .preview(let preview): preview.lines
        case .withdrawPreview(let withdrawn): withdrawn.note.map { [$0] } ?? []
        default: [line]
        }
    }
}
