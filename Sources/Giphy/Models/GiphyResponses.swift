import Foundation

/// `meta` of every GIPHY response. An empty `response_id` on a 200 marks GIPHY's "synthetic"
/// response, which its docs say to treat as an error.
struct GiphyMeta: Decodable, Sendable {
    let status: Int?
    let message: String?
    let responseID: String?

    private enum CodingKeys: String, CodingKey {
        case status
        case message = "msg"
        case responseID = "response_id"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = container.lenientInt(.status)
        message = container.lenientString(.message)
        responseID = container.lenientString(.responseID)
    }
}

struct GiphyPagination: Decodable, Sendable {
    let totalCount: Int?
    let count: Int?
    let offset: Int?

    private enum CodingKeys: String, CodingKey {
        case totalCount = "total_count"
        case count, offset
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        totalCount = container.lenientInt(.totalCount)
        count = container.lenientInt(.count)
        offset = container.lenientInt(.offset)
    }
}

/// search, trending, GIFs by ids: `{data: [GIF], pagination, meta}`.
struct GifListResponse: Decodable, Sendable {
    let data: LossyArray<GiphyGif>
    let pagination: GiphyPagination?
}

/// random, translate, GIF by id: `{data: GIF, meta}`, where "nothing found" is `data: []`.
struct SingleGifResponse: Decodable, Sendable {
    let gif: GiphyGif?

    private enum CodingKeys: String, CodingKey { case data }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if (try? container.decode([EmptyElement].self, forKey: .data)) != nil {
            gif = nil
        } else {
            gif = try container.decodeIfPresent(GiphyGif.self, forKey: .data)
        }
    }

    private struct EmptyElement: Decodable {}
}

/// autocomplete and related terms: `{data: [{name}], meta}`; every field but `name` optional.
struct TermListResponse: Decodable, Sendable {
    let data: LossyArray<Term>

    struct Term: Decodable, Sendable {
        let name: String
    }
}

/// trending searches: `{data: [String], meta}`.
struct StringListResponse: Decodable, Sendable {
    let data: LossyArray<String>
}

/// random id: `{data: {random_id}, meta}`.
struct RandomIDResponse: Decodable, Sendable {
    let data: Payload

    struct Payload: Decodable, Sendable {
        let randomID: String
        private enum CodingKeys: String, CodingKey { case randomID = "random_id" }
    }
}

/// Just the `meta` (or gateway `message`) of a body, read before the payload to classify it.
struct GiphyEnvelope: Decodable, Sendable {
    let meta: GiphyMeta?
    let message: String?
}
