/// One rendition of a GIF (`images.downsized`, `images.original`, …): where it is and how big
/// GIPHY says it is. Every field is optional: GIPHY omits fields per rendition, sends numbers
/// as strings, and sometimes sends `{}` or a zeroed rendition with an empty url.
public struct GiphyRendition: Sendable, Equatable {
    public let url: String?
    public let width: Int?
    public let height: Int?
    /// Bytes of the GIF file, as GIPHY claims.
    public let size: Int?

    public init(url: String?, width: Int? = nil, height: Int? = nil, size: Int? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.size = size
    }

    /// A rendition with a url we can link to; zeroed and empty renditions are not.
    public var isUsable: Bool {
        guard let url, !url.isEmpty else { return false }
        return true
    }

    private enum Key: String, JSONKey, CaseIterable {
        static let table = JSONKeyTable<Self>()
        case url, width, height, size
    }

    /// Reads the rendition object at the cursor (mp4, webp, frames, hashes are skipped);
    /// nil, with the value skipped, when it is not an object.
    static func read(_ reader: inout JSONReader) throws -> GiphyRendition? {
        guard try reader.peekKind() == .object else {
            try reader.skipValue()
            return nil
        }
        var url: String?, width: Int?, height: Int?, size: Int?
        try reader.beginObject()
        while let key = try reader.nextKey(Key.self) {
            switch key {
            case .url?: url = try reader.lenientString()
            case .width?: width = try reader.lenientInt()
            case .height?: height = try reader.lenientInt()
            case .size?: size = try reader.lenientInt()
            case nil: try reader.skipValue()
            }
        }
        return GiphyRendition(url: url, width: width, height: height, size: size)
    }
}

/// The renditions the bot can post or upload: every animated GIF rendition GIPHY sends. Stills,
/// mp4-only and webp-only renditions are never chosen, so they are never decoded.
enum RenditionName: String, JSONKey, CaseIterable, Sendable {
    static let table = JSONKeyTable<Self>()
    case original, source, downsized, preview = "preview_gif"
    case downsizedLarge = "downsized_large", downsizedMedium = "downsized_medium"
    case fixedHeight = "fixed_height", fixedHeightDownsampled = "fixed_height_downsampled", fixedHeightSmall =
        "fixed_height_small"
    case fixedWidth = "fixed_width", fixedWidthDownsampled = "fixed_width_downsampled", fixedWidthSmall =
        "fixed_width_small"
    /// Not animated: the first frame of `fixed_width_small`, for pages that honour reduced motion.
    case fixedWidthSmallStill = "fixed_width_small_still"

    /// The renditions asked of GIPHY (`fields=images.<name>`): a ladder of sizes for uploads,
    /// from the original through `downsized_large` (at most 8 MB), `downsized_medium` (5 MB)
    /// and `downsized` (2 MB, the one chat links to) down to the ~100-200 kB ones. The
    /// downsampled one stays: on long GIFs GIPHY sends the small renditions zeroed, and it is
    /// then the only small one. Those left out repeat a size already asked for
    /// (`fixed_width*`) or are a few frames long (`preview_gif`). Renditions are ~90% of a
    /// page's bytes; asking for 8 of the 11 animated ones makes each cache miss cheaper to
    /// fetch and read (issue 9). Full responses (older ones, none of `fields`) are still read whole.
    static let requested: [RenditionName] = [
        .original, .downsizedLarge, .downsizedMedium, .downsized, .fixedHeight,
        .fixedHeightSmall, .fixedHeightDownsampled, .fixedWidthSmall, .fixedWidthSmallStill,
    ]

    /// Read from `images`; the rest of its ~25 entries are skipped.
    static func readAll(_ reader: inout JSONReader) throws -> [String: GiphyRendition] {
        guard try reader.peekKind() == .object else {
            try reader.skipValue()
            return [:]
        }
        // One allocation for the table instead of four as it grows.
        var renditions = [String: GiphyRendition](minimumCapacity: allCases.count)
        try reader.beginObject()
        while let name = try reader.nextKey(RenditionName.self) {
            guard let name else {
                try reader.skipValue()
                continue
            }
            if let rendition = try GiphyRendition.read(&reader), renditions[name.rawValue] == nil {
                renditions[name.rawValue] = rendition
            }
        }
        return renditions
    }
}
