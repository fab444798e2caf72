import Foundation
import GifSourceClient
import GifSources
import HTTPTransport

/// GIPHY's API, as the type its calls are declared for.
public enum GiphyAPI {}

/// One GIPHY call: its path, its query (without the API key) and the name it is counted under.
public typealias GiphyEndpoint = SourceEndpoint<GiphyAPI>

extension GiphyEndpoint {
    /// Identifies the response for the cache: two calls with the same key get the same answer.
    var cacheKey: String {
        path + "?" + query.map { "\($0.name)=\($0.value)" }.sorted().joined(separator: "&")
    }

    /// Whether the same request may be answered from the cache (random must stay random).
    var isCacheable: Bool { name != "random" && name != "random_id" }
}

extension GiphyEndpoint {
    static func search(_ query: String, offset: Int, limit: Int, rating: ContentRating, lang: String) -> GiphyEndpoint {
        GiphyEndpoint(
            name: "search", path: "/v1/gifs/search",
            query: [
                ("q", query), ("limit", String(limit)), ("offset", String(offset)),
                ("rating", rating.parameter), ("lang", lang),
            ] + lean)
    }

    static func trending(offset: Int, limit: Int, rating: ContentRating) -> GiphyEndpoint {
        GiphyEndpoint(
            name: "trending", path: "/v1/gifs/trending",
            query: [
                ("limit", String(limit)), ("offset", String(offset)), ("rating", rating.parameter),
            ] + lean)
    }

    static func translate(_ phrase: String, rating: ContentRating, lang: String) -> GiphyEndpoint {
        GiphyEndpoint(
            name: "translate", path: "/v1/gifs/translate",
            query: [
                ("s", phrase), ("rating", rating.parameter), ("lang", lang),
            ])
    }

    static func random(tag: String?, rating: ContentRating, randomID: String?) -> GiphyEndpoint {
        GiphyEndpoint(
            name: "random", path: "/v1/gifs/random",
            query: [
                ("tag", tag), ("rating", rating.parameter), ("random_id", randomID),
            ] + lean)
    }

    static func gif(id: String) -> GiphyEndpoint {
        GiphyEndpoint(name: "gif_by_id", path: "/v1/gifs/\(PercentEncoding.encode(id))", query: lean)
    }

    static func gifs(ids: [String], rating: ContentRating) -> GiphyEndpoint {
        GiphyEndpoint(
            name: "gifs_by_ids", path: "/v1/gifs",
            query: [
                ("ids", ids.joined(separator: ",")), ("rating", rating.parameter),
            ] + lean)
    }

    /// Asks GIPHY for only what `GiphyGif` reads: a full page is ~250 kB, most of it
    /// renditions the bot never posts. Both parameters are optional for GIPHY, and the decoder
    /// reads full responses the same way (older ones, the stand-in).
    /// - `fields`, "Fields On Demand": a comma-separated list of GIF keys, `images.<name>` for
    ///   one rendition (https://developers.giphy.com/docs/optional-settings/fields-on-demand/).
    /// - `bundle`, "Renditions on Demand": `messaging_non_clips` is the value GIPHY's search
    ///   and trending pages document (https://developers.giphy.com/docs/optional-settings/renditions-on-demand/).
    /// GIPHY documents both for search; public clients send them to trending, random and by id.
    static var lean: [(String, String?)] { [("fields", fields), ("bundle", "messaging_non_clips")] }

    /// The `fields` value sent with every GIF call: the keys `GiphyGif` reads, and of the
    /// renditions only `RenditionName.requested`.
    public static var fields: String { GiphyFields.requested }

    static func autocomplete(_ prefix: String, limit: Int) -> GiphyEndpoint {
        GiphyEndpoint(
            name: "autocomplete", path: "/v1/gifs/search/tags",
            query: [
                ("q", prefix), ("limit", String(limit)),
            ])
    }

    static func related(_ term: String) -> GiphyEndpoint {
        GiphyEndpoint(name: "related", path: "/v1/tags/related/\(PercentEncoding.encode(term))", query: [])
    }

    static var trendingSearches: GiphyEndpoint {
        GiphyEndpoint(name: "trending_searches", path: "/v1/trending/searches", query: [])
    }

    static var randomID: GiphyEndpoint { GiphyEndpoint(name: "random_id", path: "/v1/randomid", query: []) }
}

/// The `fields` value sent with every GIF call (made once: a generic type has no stored statics).
enum GiphyFields {
    static let requested =
        (["id", "title", "rating", "url", "username", "user", "import_datetime"]
        + RenditionName.requested.map { "images.\($0.rawValue)" }).joined(separator: ",")
}
