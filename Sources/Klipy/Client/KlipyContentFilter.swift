import GifSources

/// KLIPY's `content_filter` levels: "off, low, medium, and high" (KLIPY API docs). KLIPY
/// presents itself as a drop-in for Tenor, whose levels are: high = G; medium = G, PG;
/// low = G, PG, PG-13; off = G, PG, PG-13, R (Tenor's content-filtering guide; KLIPY's own
/// tables were not published). See Docs/research/klipy-api.md §3.
public enum KlipyContentFilter: String, Sendable, CaseIterable {
    case high, medium, low, off

    /// The strictest filter that still allows everything `rating` allows, so a channel's limit
    /// is never loosened by the mapping.
    public init(rating: ContentRating) {
        switch rating {
        case .g: self = .high
        case .pg: self = .medium
        case .pg13: self = .low
        case .r: self = .off
        }
    }

    /// The most permissive rating a result asked for under this filter can have. KLIPY items
    /// carry no rating, so this is the rating the bot records and enforces for them.
    public var impliedRating: ContentRating {
        switch self {
        case .high: .g
        case .medium: .pg
        case .low: .pg13
        case .off: .r
        }
    }

    public var parameter: String { rawValue }
}
