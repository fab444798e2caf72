import GifSources

/// The bodies KLIPY sends, as the client decodes them. Every 2xx body is
/// `{"result": true, "data": …}`; the classifier rejects `result != true` before these run.

/// `{result, data: {data: [...], current_page, per_page, has_next, meta?}}`: search, trending,
/// recent, and (without the paging keys) items-by-slug.
struct KlipyListResponse: Decodable, Sendable {
    let gifs: [KlipyGif]
    let skippedItems: Int
    let currentPage: Int?
    let perPage: Int?
    let hasNext: Bool

    private enum OuterKeys: String, CodingKey { case data }

    private enum ListKeys: String, CodingKey {
        case data
        case currentPage = "current_page"
        case perPage = "per_page"
        case hasNext = "has_next"
    }

    init(from decoder: any Decoder) throws {
        let outer = try decoder.container(keyedBy: OuterKeys.self)
        let list = try outer.nestedContainer(keyedBy: ListKeys.self, forKey: .data)
        var gifs: [KlipyGif] = []
        var skipped = 0
        let items = (try? list.decodeIfPresent(LossyList<KlipyListedItem>.self, forKey: .data)) ?? LossyList()
        for item in items.elements {
            if case .gif(let gif) = item { gifs.append(gif) } else { skipped += 1 }
        }
        self.gifs = gifs
        self.skippedItems = skipped + items.droppedCount
        currentPage = list.klipyInt(.currentPage)
        perPage = list.klipyInt(.perPage)
        hasNext = (try? list.decodeIfPresent(Bool.self, forKey: .hasNext)) ?? false
    }
}

/// `{result, data: {locale, categories: [...]}}`.
struct KlipyCategoriesResponse: Decodable, Sendable {
    let categories: [KlipyCategory]

    private enum OuterKeys: String, CodingKey { case data }
    private enum DataKeys: String, CodingKey { case categories }

    init(from decoder: any Decoder) throws {
        let outer = try decoder.container(keyedBy: OuterKeys.self)
        let data = try outer.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
        categories = (try? data.decodeIfPresent(LossyList<KlipyCategory>.self, forKey: .categories))?.elements ?? []
    }
}

/// Autocomplete and search suggestions. No recorded body exists: the KLIPY clients decode
/// `data` as `[String]`, one SDK types it as `data.data: [String]`; both are accepted, and
/// entries that are not strings are dropped.
struct KlipyTermsResponse: Decodable, Sendable {
    let terms: [String]

    private enum OuterKeys: String, CodingKey { case data }
    private enum NestedKeys: String, CodingKey { case data }

    init(from decoder: any Decoder) throws {
        let outer = try decoder.container(keyedBy: OuterKeys.self)
        let list: LossyList<String>
        if let flat = try? outer.decode(LossyList<String>.self, forKey: .data) {
            list = flat
        } else {
            let nested = try outer.nestedContainer(keyedBy: NestedKeys.self, forKey: .data)
            list = try nested.decode(LossyList<String>.self, forKey: .data)
        }
        terms = list.elements.filter { !$0.isEmpty }
    }
}
