import Foundation
import GifSourceClient
import GifSources
import HTTPTransport

/// KLIPY's API, as the type its calls are declared for.
public enum KlipyAPI {}

/// One KLIPY call: its path after `/api/v1/{app_key}/`, its query, and the name it is counted
/// and logged under. Paths and parameters follow KLIPY's API docs (Docs/research/klipy-api.md §2).
public typealias KlipyEndpoint = SourceEndpoint<KlipyAPI>

extension KlipyEndpoint {
    /// Whether a 404 means "no such item" (lookups) rather than "wrong base URL" (lists).
    var isLookup: Bool { name == "items" || name == "share" }

    /// Whether a success carries `data`: the share trigger answers `{"result": true}` alone.
    var answersWithData: Bool { name != "share" }

    /// The shared cache's key: the source, path and query without `customer_id`, so users share
    /// cached pages (KLIPY personalises only recents and ordering with it).
    var cacheKey: String {
        let shared = query.filter { $0.name != "customer_id" }
        return "klipy|" + path + "?" + shared.percentEncoded
    }
}

/// KLIPY's documented limits.
public enum KlipyLimits {
    /// `per_page` on search: "min 8, max 50".
    public static let searchPageSizes = 8...50
    /// `per_page` on trending: "min 1, max 50".
    public static let trendingPageSizes = 1...50
    /// `limit` on autocomplete and search suggestions: 1 to 50.
    public static let termLimits = 1...50
    /// Only the formats the bot posts are asked for: KLIPY's payload-size lever (`format_filter`).
    public static let formatFilter = "gif,mp4"
}

extension KlipyEndpoint {
    static func search(
        _ query: String, page: Int, perPage: Int, filter: KlipyContentFilter, customerID: String?,
        locale: String?
    ) -> KlipyEndpoint {
        KlipyEndpoint(
            name: "search", path: "gifs/search",
            query: [
                ("q", query), ("page", String(max(1, page))),
                ("per_page", String(perPage.clamped(to: KlipyLimits.searchPageSizes))),
                ("customer_id", customerID), ("locale", locale), ("content_filter", filter.parameter),
                ("format_filter", KlipyLimits.formatFilter),
            ])
    }

    static func trending(
        page: Int, perPage: Int, filter: KlipyContentFilter, customerID: String?, locale: String?
    ) -> KlipyEndpoint {
        KlipyEndpoint(
            name: "trending", path: "gifs/trending",
            query: [
                ("page", String(max(1, page))),
                ("per_page", String(perPage.clamped(to: KlipyLimits.trendingPageSizes))),
                ("customer_id", customerID), ("locale", locale), ("content_filter", filter.parameter),
                ("format_filter", KlipyLimits.formatFilter),
            ])
    }

    /// The documented single-item lookup is by slug, not id: `gifs/items?slugs=a,b`.
    static func items(slugs: [String]) -> KlipyEndpoint {
        KlipyEndpoint(name: "items", path: "gifs/items", query: [("slugs", slugs.joined(separator: ","))])
    }

    /// The share trigger, `POST gifs/share/{slug}`; its `customer_id` and `q` go in the JSON body.
    static func share(slug: String) -> KlipyEndpoint {
        KlipyEndpoint(name: "share", path: "gifs/share/\(PercentEncoding.encode(slug))", query: [])
    }

    static func categories(locale: String?) -> KlipyEndpoint {
        KlipyEndpoint(name: "categories", path: "gifs/categories", query: [("locale", locale)])
    }

    static func autocomplete(_ prefix: String, limit: Int) -> KlipyEndpoint {
        KlipyEndpoint(
            name: "autocomplete", path: "autocomplete/\(PercentEncoding.encode(prefix))",
            query: [("limit", String(limit.clamped(to: KlipyLimits.termLimits)))])
    }

    static func searchSuggestions(_ term: String, limit: Int) -> KlipyEndpoint {
        KlipyEndpoint(
            name: "search_suggestions", path: "search-suggestions/\(PercentEncoding.encode(term))",
            query: [("limit", String(limit.clamped(to: KlipyLimits.termLimits)))])
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
