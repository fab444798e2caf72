import Foundation
import Synchronization

/// How the stand-in answers each GIPHY endpoint by default, built from recorded responses.
/// Search and trending slice the recorded pages by `offset`/`limit` the way GIPHY does, so
/// paging can be tested; GIF-by-id looks the id up across every recorded GIF.
struct GiphyRoutes: Sendable {
    let apiKey: String
    let searchFixture: String
    let trendingFixture: String
    let randomFixture: String
    let mirror: MediaMirror

    func respond(to request: RecordedRequest) -> StandInResponse {
        // /media/<id>/<bytes>.gif: a real GIF of that many bytes, as a CDN would serve it.
        if request.path.hasPrefix("/media/") {
            return StandInResponse(body: TestGIF.bytes(forMediaPath: request.path), contentType: "image/gif")
        }
        guard request.query["api_key"] == apiKey else {
            return .fixture("errors/error_401_unauthorized_meta_2022.json", status: 401)
        }
        let path = request.path
        switch path {
        case "/v1/gifs/search":
            guard let query = request.query["q"], !query.isEmpty else { return badRequest() }
            if query.count > 50 { return StandInResponse(status: 414, json: #"{"message":"URI Too Long"}"#) }
            return page(searchFixture, request)
        case "/v1/gifs/trending":
            return page(trendingFixture, request)
        case "/v1/gifs/random", "/v1/gifs/translate":
            return .fixture(randomFixture)
        case "/v1/gifs":
            let ids = (request.query["ids"] ?? "").split(separator: ",").map(String.init)
            return list(ids.compactMap(GifCatalog.shared.gif(id:)))
        case "/v1/gifs/search/tags":
            return terms(
                (request.query["q"] ?? "").isEmpty
                    ? [] : ["\(request.query["q"]!)s", "\(request.query["q"]!) funny", "\(request.query["q"]!) love"])
        case "/v1/trending/searches":
            return .fixture("giphy-js_trending_searches.json")
        case "/v1/randomid":
            return StandInResponse(
                json:
                    #"{"data":{"random_id":"3640f6095c9a1f0f4e544b764d238b25"},"meta":{"status":200,"msg":"OK","response_id":"x1y2z3"}}"#
            )
        default:
            if let term = path.dropPrefix("/v1/tags/related/") {
                return terms([
                    "\(term.removingPercentEncoding ?? term) cute", "\(term.removingPercentEncoding ?? term) reaction",
                ])
            }
            if let id = path.dropPrefix("/v1/gifs/"), !id.contains("/") {
                guard let gif = GifCatalog.shared.gif(id: id) else {
                    return StandInResponse(
                        status: 404, json: #"{"data":[],"meta":{"status":404,"msg":"Not Found","response_id":"nf123"}}"#
                    )
                }
                return single(gif)
            }
            return StandInResponse(status: 404, json: #"{"message":"no route"}"#)
        }
    }

    private func page(_ fixture: String, _ request: RecordedRequest) -> StandInResponse {
        let offset = max(0, Int(request.query["offset"] ?? "") ?? 0)
        let limit = max(1, Int(request.query["limit"] ?? "") ?? 25)
        // Built once per page: re-serialising a 640 kB fixture per request made the stand-in,
        // not the bot, the bottleneck of the benchmark's cache-miss scenarios.
        let fields = request.query["fields"]
        return RenderedPages.shared.page("\(fixture)|\(offset)|\(limit)|\(fields ?? "")|\(mirror.key)") {
            renderPage(fixture, offset: offset, limit: limit, fields: fields)
        }
    }

    private func renderPage(_ fixture: String, offset: Int, limit: Int, fields: String?) -> StandInResponse {
        let recorded = Fixtures.object(fixture)
        let all = recorded["data"] as? [Any] ?? []
        var slice = offset < all.count ? all[offset..<min(all.count, offset + limit)].map(mirror.rewrite) : []
        if let fields {
            slice = slice.map { gif in (gif as? [String: Any]).map { FieldsOnDemand.project($0, fields: fields) } ?? gif
            }
        }
        var body = recorded
        body["data"] = slice
        body["pagination"] = ["total_count": all.count, "count": slice.count, "offset": offset]
        return json(body)
    }

    private func list(_ gifs: [Any]) -> StandInResponse {
        json([
            "data": gifs.map(mirror.rewrite),
            "pagination": ["total_count": gifs.count, "count": gifs.count, "offset": 0], "meta": okMeta,
        ])
    }

    private func single(_ gif: Any) -> StandInResponse {
        json(["data": mirror.rewrite(gif), "meta": okMeta])
    }

    /// No recorded autocomplete or related-terms body exists; these follow the documented shape.
    private func terms(_ names: [String]) -> StandInResponse {
        json(["data": names.map { ["name": $0] }, "meta": okMeta])
    }

    private func badRequest() -> StandInResponse {
        StandInResponse(status: 400, json: #"{"data":[],"meta":{"status":400,"msg":"Bad Request","response_id":""}}"#)
    }

    private var okMeta: [String: Any] {
        ["status": 200, "msg": "OK", "response_id": "standin0000000000000000000000000000000000"]
    }

    /// Serialised as GIPHY writes JSON: slashes in URLs unescaped, as the recorded bodies show.
    private func json(_ object: [String: Any]) -> StandInResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: .withoutEscapingSlashes)) ?? Data()
        return StandInResponse(body: Array(data))
    }
}

/// Search and trending pages as served, by fixture, offset and limit.
final class RenderedPages: Sendable {
    static let shared = RenderedPages()

    private let pages = Mutex<[String: StandInResponse]>([:])

    func page(_ key: String, render: () -> StandInResponse) -> StandInResponse {
        if let page = pages.withLock({ $0[key] }) { return page }
        let page = render()
        pages.withLock { $0[key] = page }
        return page
    }
}

/// Every GIF in the recorded responses, by id.
final class GifCatalog: Sendable {
    static let shared = GifCatalog()

    private let gifs: [String: FrozenJSON]

    private init() {
        var gifs: [String: FrozenJSON] = [:]
        for name in Fixtures.allNames() where !name.hasPrefix("errors/") {
            let data = Fixtures.object(name)["data"]
            let items: [Any] = (data as? [Any]) ?? (data.map { [$0] } ?? [])
            for case let gif as [String: Any] in items {
                if let id = gif["id"] as? String, gifs[id] == nil, gif["type"] as? String == "gif" || gif["type"] == nil
                {
                    gifs[id] = FrozenJSON(gif)
                }
            }
        }
        self.gifs = gifs
    }

    func gif(id: String) -> Any? { gifs[id]?.value }

    var ids: [String] { gifs.keys.sorted() }
}

/// Holds parsed JSON immutably so it can be shared across threads.
struct FrozenJSON: Sendable {
    private let data: Data
    init(_ object: Any) { data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data() }
    var value: Any { (try? JSONSerialization.jsonObject(with: data)) ?? [:] }
}

extension String {
    func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
