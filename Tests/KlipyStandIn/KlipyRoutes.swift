import Foundation
import GiphyStandIn

/// How the KLIPY stand-in answers each endpoint, from the recorded and documented bodies in
/// Fixtures/. Lists are paged the way KLIPY pages (1-based `page`, `per_page`, `has_next`) over
/// the recorded items, repeated under new slugs when a test needs more; every page carries one
/// ad object, as a key with ads switched on would get, so clients must skip it.
struct KlipyRoutes: Sendable {
    let appKey: String
    private let searchItems: [JSONItem]
    private let trendingItems: [JSONItem]

    /// The ad shape from KLIPY's own Android demo (`AdMediaItemDto`); no real ad was recorded.
    private static let advertisement = JSONItem(["type": "ad", "content": "<div>ad</div>", "width": 300, "height": 250])

    /// dansup/klipy-php's test body for a wrong key (constructed there, not recorded).
    static let unauthorized = StandInResponse(status: 401, json: #"{"result":false,"message":"invalid api key"}"#)

    init(appKey: String, resultCount: Int) {
        self.appKey = appKey
        let search =
            KlipyFixtures.items("real_gifs_search_crudh_gif_only_excerpt.json")
            + KlipyFixtures.items("docs_gifs_search.json")
        let trending =
            KlipyFixtures.items("real_gifs_trending_crudh_gif_only_excerpt.json")
            + KlipyFixtures.items("docs_gifs_trending.json")
        searchItems = Self.repeated(search, count: resultCount)
        trendingItems = Self.repeated(trending, count: resultCount)
    }

    func isAPIRequest(_ request: RecordedRequest) -> Bool {
        request.path.hasPrefix("/api/v1/")
    }

    func isShare(_ request: RecordedRequest) -> Bool {
        request.path.hasPrefix("/api/v1/\(appKey)/gifs/share/")
    }

    func respond(to request: RecordedRequest) -> StandInResponse {
        // /media/<slug>/<bytes>.gif: a real GIF of that many bytes, as KLIPY's CDN would serve it.
        if request.path.hasPrefix("/media/") {
            return StandInResponse(body: TestGIF.bytes(forMediaPath: request.path), contentType: "image/gif")
        }
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // "", "api", "v1", key, resource...
        guard segments.count >= 5, segments[1] == "api", segments[2] == "v1" else {
            return StandInResponse(status: 404, json: #"{"message":"no route"}"#)
        }
        guard segments[3] == appKey else { return Self.unauthorized }
        let resource = segments[4...].joined(separator: "/")
        switch resource {
        case "gifs/search":
            guard let query = request.query["q"], !query.isEmpty else { return validationError("q") }
            return page(searchItems, request, pageSizes: 8...50)
        case "gifs/trending":
            return page(trendingItems, request, pageSizes: 1...50)
        case "gifs/items":
            let slugs = Set((request.query["slugs"] ?? "").split(separator: ",").map(String.init))
            let found = (searchItems + trendingItems).filter { slugs.contains($0.slug) }
            var seen = Set<String>()
            return json([
                "result": true, "data": ["data": found.filter { seen.insert($0.slug).inserted }.map(\.object)],
            ])
        case _ where resource.hasPrefix("gifs/share/"):
            // The share trigger: a POST with a JSON body, answered `{"result": true}` (KLIPY's docs).
            guard request.method == "POST" else {
                return StandInResponse(status: 405, json: #"{"result":false,"message":"Method Not Allowed"}"#)
            }
            return json(["result": true])
        case "gifs/categories":
            return StandInResponse(body: KlipyFixtures.bytes("docs_gifs_categories.json"))
        default:
            // No autocomplete or suggestions body was ever recorded; this is the shape the
            // official clients decode (`data: [String]`).
            if let term = resource.dropPrefix("autocomplete/") ?? resource.dropPrefix("search-suggestions/") {
                let text = term.removingPercentEncoding ?? term
                return json(["result": true, "data": ["\(text)", "\(text) funny", "\(text) love"]])
            }
            return StandInResponse(status: 404, json: #"{"result":false,"message":"Not Found"}"#)
        }
    }

    private func page(_ items: [JSONItem], _ request: RecordedRequest, pageSizes: ClosedRange<Int>) -> StandInResponse {
        let page = Int(request.query["page"] ?? "1") ?? 0
        let perPage = Int(request.query["per_page"] ?? "24") ?? 0
        guard page >= 1 else { return validationError("page") }
        guard pageSizes.contains(perPage) else { return validationError("per_page") }
        let start = (page - 1) * perPage
        let slice = start < items.count ? Array(items[start..<min(items.count, start + perPage)]) : []
        var objects = slice.map(\.object)
        if !objects.isEmpty { objects.insert(Self.advertisement.object, at: min(2, objects.count)) }
        return json([
            "result": true,
            "data": [
                "data": objects, "current_page": page, "per_page": perPage, "has_next": start + perPage < items.count,
                "meta": ["item_min_width": 80, "ad_max_resize_percent": 10],
            ],
        ])
    }

    /// Constructed: KLIPY's answer to a bad parameter was never recorded. 422 is the usual
    /// "validation failed" status; the client keeps its parameters in range so it never sees it.
    private func validationError(_ field: String) -> StandInResponse {
        StandInResponse(status: 422, json: #"{"result":false,"message":"The \#(field) field is invalid."}"#)
    }

    /// The recorded items, then copies of them under new slugs and ids until `count` are listed.
    private static func repeated(_ items: [[String: Any]], count: Int) -> [JSONItem] {
        guard !items.isEmpty else { return [] }
        return (0..<count).map { index in
            var item = items[index % items.count]
            if index >= items.count {
                item["slug"] = "\(item["slug"] as? String ?? "gif")-standin-\(index)"
                item["id"] = 1_000_000 + index
            }
            return JSONItem(item)
        }
    }

    private func json(_ object: [String: Any]) -> StandInResponse {
        StandInResponse(body: Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data()))
    }
}

/// One item held as JSON bytes, so the routes stay `Sendable`; parsed again when served.
struct JSONItem: Sendable {
    let slug: String
    private let data: Data

    init(_ object: [String: Any]) {
        slug = object["slug"] as? String ?? ""
        data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }

    var object: Any { (try? JSONSerialization.jsonObject(with: data)) ?? [:] }
}

extension String {
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
