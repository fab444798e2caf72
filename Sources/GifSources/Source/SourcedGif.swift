/// One GIF from any source, reduced to what a reply, `!info`, a favorite or an upload uses.
/// Text here is as the source sent it: the core cleans it before it reaches a chat line.
public struct SourcedGif: Sendable, Hashable {
    public let ref: GifRef
    public let title: String
    /// The GIF's own rating as the source states it (GIPHY's `rating`), or for sources whose items
    /// carry none, the strictest rating the request's filter allows. Nil: unrated.
    public let rating: String?
    public let pageURL: String?
    /// The rendition chat links to: the source's own choice for chat.
    public let preferred: SourcedRendition?
    /// Every animated GIF rendition, smallest first, for networks that upload the GIF itself.
    public let renditions: [SourcedRendition]
    /// A small still image of the first frame, when the source has one (GIPHY's
    /// `fixed_width_small_still`, KLIPY's small jpg): what a page shows people who ask for
    /// reduced motion.
    public let still: SourcedRendition?
    /// Who uploaded it, when the source says.
    public let uploader: SourcedUploader?
    /// When the source imported the GIF, as it wrote it ("2019-06-11 20:30:00").
    public let importDate: String?

    public init(
        ref: GifRef, title: String, rating: String?, pageURL: String?, preferred: SourcedRendition?,
        renditions: [SourcedRendition], uploader: SourcedUploader? = nil, importDate: String? = nil,
        still: SourcedRendition? = nil
    ) {
        self.still = still
        self.ref = ref
        self.title = title
        self.rating = rating
        self.pageURL = pageURL
        self.preferred = preferred
        self.renditions = renditions
        self.uploader = uploader
        self.importDate = importDate
    }
}

/// One rendition of a GIF: where it is and how big the source says it is (a claim only).
public struct SourcedRendition: Sendable, Hashable {
    public let name: String
    public let url: String
    public let width: Int?
    public let height: Int?
    public let byteSize: Int?

    public init(name: String, url: String, width: Int?, height: Int?, byteSize: Int?) {
        self.name = name
        self.url = url
        self.width = width
        self.height = height
        self.byteSize = byteSize
    }
}

/// One page of search or trending results.
public struct SourcedPage: Sendable {
    public let source: GifSourceID
    public let gifs: [SourcedGif]
    /// One past the last result position, once the source has told (a short page, no next page,
    /// or a total count); nil while more may follow.
    public let endIndex: Int?

    public init(source: GifSourceID, gifs: [SourcedGif], endIndex: Int?) {
        self.source = source
        self.gifs = gifs
        self.endIndex = endIndex
    }
}

/// A GIF's uploader as the source names them.
public struct SourcedUploader: Sendable, Hashable {
    public let username: String?
    public let displayName: String?
    public let isVerified: Bool

    public init(username: String?, displayName: String?, isVerified: Bool) {
        self.username = username
        self.displayName = displayName
        self.isVerified = isVerified
    }
}
