import GifSources

/// What the bot answers; the adapter renders it for its network, for the reply's `audience`.
public enum Reply: Sendable, Equatable {
    /// A line of text for the conversation.
    case text(String)
    /// A GIF to show (a network that can post images may upload it; others post `line`).
    case gif(GifCard)
    /// A short word for the asker (a cool-down warning, a refusal): not worth the channel's
    /// attention, and nothing private (`ReplyAudience.asker`).
    case notice(String)
    /// Delete the bot's most recent GIF that answered this user here. Networks that cannot
    /// delete messages answer with `undoUnsupportedText`.
    case undoLastGif
    /// A candidate for the asker to answer before anything is posted (see `PreviewCard`;
    /// `ReplyAudience.asker`).
    case preview(PreviewCard)
    /// The GIF the asker chose in a preview, for the conversation the preview was asked in.
    case postPreview(ChosenPreview)
    /// A preview is gone without a post; networks take back what they showed.
    case withdrawPreview(WithdrawnPreview)
    /// A message for the sender alone, in a private conversation (IRC: a PRIVMSG to the nick;
    /// Matrix: a direct room), never in the channel: it carries something personal (a login
    /// link) that nobody else may read (`ReplyAudience.askerAlone`).
    case privateMessage(String)
    /// An admin turned a room feature on or off (`!pack on`): a network with rooms that can show
    /// it carries it out and says so; others say `RoomFeatureChange.unsupportedText`.
    case roomFeature(RoomFeatureChange)

    /// The reply as one plain line of text.
    public var line: String {
        switch self {
        case .text(let text), .notice(let text), .privateMessage(let text): text
        case .gif(let card): card.line
        case .undoLastGif: Self.undoUnsupportedText
        case .preview(let preview): preview.lines.joined(separator: " ")
        case .postPreview(let chosen): chosen.card.line
        case .withdrawPreview(let withdrawn): withdrawn.note ?? ""
        case .roomFeature(let change): change.unsupportedText
        }
    }

    /// What a network without message deletion says to `!undo`.
    public static let undoUnsupportedText = "Messages can't be deleted here once they are sent."
}

/// A GIF ready to show: the rendition chosen, the title cleaned.
public struct GifCard: Sendable, Equatable {
    public let id: String
    /// Cleaned of control characters and shortened; safe to put in a protocol line.
    public let title: String
    /// Direct link to the animated rendition chosen for chat.
    public let url: String
    public let width: Int?
    public let height: Int?
    public let byteSize: Int?
    public let rating: String?
    /// The GIPHY page.
    public let pageURL: String?
    /// "1." when the GIF is part of a numbered list.
    public let label: String?
    /// Every animated GIF rendition, smallest first, for networks that upload the GIF itself and
    /// can afford a larger one than the link shows.
    public let renditions: [GifRenditionLink]
    /// The source's name ("KLIPY") when the GIF came from a source other than the first one.
    public let via: String?
    /// The asker's caption (`!gif cat | caption`), cleaned; shown after the link, or as an
    /// image's body where the network uploads the GIF.
    public let caption: String?
    /// The search that found it, nil for any other way (trending, an id, a favorite): what the
    /// bot tells a source that wants to hear which of its GIFs were posted (KLIPY's `q`).
    public let searchQuery: String?
    /// The first frame as a still image, when the source has one (pages that honour reduced motion).
    public let still: GifRenditionLink?

    public init(
        id: String, title: String, url: String, width: Int?, height: Int?, byteSize: Int?,
        rating: String?, pageURL: String?, label: String? = nil, renditions: [GifRenditionLink] = [],
        via: String? = nil,
        caption: String? = nil, searchQuery: String? = nil, still: GifRenditionLink? = nil
    ) {
        self.still = still
        self.caption = caption
        self.searchQuery = searchQuery
        self.id = id
        self.title = title
        self.url = url
        self.width = width
        self.height = height
        self.byteSize = byteSize
        self.rating = rating
        self.pageURL = pageURL
        self.label = label
        self.renditions = renditions
        self.via = via
    }

    /// " (via KLIPY)" when the GIF is not from the first source, else empty.
    public var viaSuffix: String { via.map { " (via \($0))" } ?? "" }

    /// "Title (id) https://…", with the list label in front when there is one, and the source
    /// after it when it is not the first one.
    public var line: String {
        let body = "\(title) (\(id)) \(url)\(viaSuffix)\(caption.map { " — \($0)" } ?? "")"
        return label.map { "\($0) \(body)" } ?? body
    }

    /// The card without its list label, as posted on its own.
    var unlabelled: GifCard {
        GifCard(
            id: id, title: title, url: url, width: width, height: height, byteSize: byteSize,
            rating: rating, pageURL: pageURL, label: nil, renditions: renditions, via: via, caption: caption,
            searchQuery: searchQuery, still: still)
    }

    /// The card with the asker's caption.
    func captioned(_ caption: String?) -> GifCard {
        guard let caption else { return self }
        return GifCard(
            id: id, title: title, url: url, width: width, height: height, byteSize: byteSize,
            rating: rating, pageURL: pageURL, label: label, renditions: renditions, via: via, caption: caption,
            searchQuery: searchQuery, still: still)
    }

    /// The card as found by a search for `query`.
    func found(by query: String) -> GifCard {
        GifCard(
            id: id, title: title, url: url, width: width, height: height, byteSize: byteSize,
            rating: rating, pageURL: pageURL, label: label, renditions: renditions, via: via, caption: caption,
            searchQuery: query, still: still)
    }

    func labelled(_ label: String) -> GifCard {
        GifCard(
            id: id, title: title, url: url, width: width, height: height, byteSize: byteSize,
            rating: rating, pageURL: pageURL, label: label, renditions: renditions, via: via, caption: caption,
            searchQuery: searchQuery, still: still)
    }
}

/// One animated rendition of a GIF, as the card carries it: the source's own rendition type
/// (where it is and how big the source says it is, a claim only: downloads cap the bytes they
/// accept whatever `byteSize` says), with its URL cleaned by `GifCardBuilder`.
public typealias GifRenditionLink = SourcedRendition
