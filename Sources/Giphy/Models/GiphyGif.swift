import Foundation
import GifSources

/// A GIF as the bot uses it: what a reply, `!info`, a favorite and an upload need, and nothing
/// else. Read tolerantly from a GIPHY GIF object (only `id` is required); the other ~20 keys
/// and ~25 renditions GIPHY sends are skipped, not decoded (issue 9).
public struct GiphyGif: Sendable, Equatable {
    public let id: String
    public let title: String
    /// The GIF's own rating as sent (`g`, `pg`, …); nil when GIPHY left it out or sent "".
    public let rating: String?
    /// The GIPHY page of the GIF.
    public let pageURL: String?
    public let username: String?
    public let user: GiphyUser?
    /// "YYYY-MM-DD HH:MM:SS" as sent.
    public let importDatetime: String?
    /// The animated renditions (see `RenditionName`), by GIPHY's name.
    public let renditions: [String: GiphyRendition]

    public init(
        id: String, title: String, rating: String?, pageURL: String? = nil, username: String? = nil,
        user: GiphyUser? = nil, importDatetime: String? = nil, renditions: [String: GiphyRendition]
    ) {
        self.id = id
        self.title = title
        self.rating = rating
        self.pageURL = pageURL
        self.username = username
        self.user = user
        self.importDatetime = importDatetime
        self.renditions = renditions
    }

    private enum Key: String, JSONKey, CaseIterable {
        static let table = JSONKeyTable<Self>()
        case id, title, rating, url, username, user, images
        case importDatetime = "import_datetime"
        case legacyOriginalURL = "image_original_url", legacyImageURL = "image_url"
        case legacyWidth = "image_width", legacyHeight = "image_height"
        case fixedHeightDownsampledURL = "fixed_height_downsampled_url", fixedHeightDownsampledWidth =
            "fixed_height_downsampled_width"
        case fixedHeightDownsampledHeight = "fixed_height_downsampled_height"
        case fixedWidthDownsampledURL = "fixed_width_downsampled_url", fixedWidthDownsampledWidth =
            "fixed_width_downsampled_width"
        case fixedWidthDownsampledHeight = "fixed_width_downsampled_height"
        case fixedHeightSmallURL = "fixed_height_small_url", fixedHeightSmallWidth = "fixed_height_small_width"
        case fixedHeightSmallHeight = "fixed_height_small_height"
        case fixedWidthSmallURL = "fixed_width_small_url", fixedWidthSmallWidth = "fixed_width_small_width"
        case fixedWidthSmallHeight = "fixed_width_small_height"
    }

    /// Reads the GIF object at the cursor, consuming it whole. Nil when it has no id, or is not
    /// an object: one odd item never costs the others.
    static func read(_ reader: inout JSONReader) throws -> GiphyGif? {
        guard try reader.peekKind() == .object else {
            try reader.skipValue()
            return nil
        }
        var id: String?, title: String?, rating: String?, pageURL: String?, username: String?
        var user: GiphyUser?, importDatetime: String?, renditions: [String: GiphyRendition] = [:]
        var legacy = LegacyRenditions()
        try reader.beginObject()
        while let key = try reader.nextKey(Key.self) {
            switch key {
            case .id?: id = try reader.lenientString()
            case .title?: title = try reader.lenientString()
            case .rating?: rating = try reader.lenientString()
            case .url?: pageURL = try reader.lenientString()
            case .username?: username = try reader.lenientString()
            case .user?: user = try GiphyUser.read(&reader)
            case .images?: renditions = try RenditionName.readAll(&reader)
            case .importDatetime?: importDatetime = try reader.lenientString()
            case .legacyOriginalURL?: legacy.originalURL = try reader.lenientString()
            case .legacyImageURL?: legacy.imageURL = try reader.lenientString()
            case .legacyWidth?: legacy.width = try reader.lenientInt()
            case .legacyHeight?: legacy.height = try reader.lenientInt()
            case .fixedHeightDownsampledURL?: legacy.fixedHeightDownsampled.url = try reader.lenientString()
            case .fixedHeightDownsampledWidth?: legacy.fixedHeightDownsampled.width = try reader.lenientInt()
            case .fixedHeightDownsampledHeight?: legacy.fixedHeightDownsampled.height = try reader.lenientInt()
            case .fixedWidthDownsampledURL?: legacy.fixedWidthDownsampled.url = try reader.lenientString()
            case .fixedWidthDownsampledWidth?: legacy.fixedWidthDownsampled.width = try reader.lenientInt()
            case .fixedWidthDownsampledHeight?: legacy.fixedWidthDownsampled.height = try reader.lenientInt()
            case .fixedHeightSmallURL?: legacy.fixedHeightSmall.url = try reader.lenientString()
            case .fixedHeightSmallWidth?: legacy.fixedHeightSmall.width = try reader.lenientInt()
            case .fixedHeightSmallHeight?: legacy.fixedHeightSmall.height = try reader.lenientInt()
            case .fixedWidthSmallURL?: legacy.fixedWidthSmall.url = try reader.lenientString()
            case .fixedWidthSmallWidth?: legacy.fixedWidthSmall.width = try reader.lenientInt()
            case .fixedWidthSmallHeight?: legacy.fixedWidthSmall.height = try reader.lenientInt()
            case nil: try reader.skipValue()
            }
        }
        guard let id, !id.isEmpty else { return nil }
        let trimmedRating = rating?.trimmingSpaces
        return GiphyGif(
            id: id, title: title ?? "", rating: (trimmedRating?.isEmpty ?? true) ? nil : trimmedRating,
            pageURL: pageURL, username: username, user: user, importDatetime: importDatetime,
            renditions: renditions.isEmpty ? legacy.renditions : renditions)
    }
}
