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
        if var items = try? list.nestedUnkeyedContainer(forKey: .data) {
            while !items.isAtEnd {
                // `KlipyListedItem` never throws, so each decode moves the container on.
                guard let item = try? items.decode(KlipyListedItem.self) else { break }
                if case .gif(let gif) = item { gifs.append(gif) } else { skipped += 1 }
            }
        }
        self.gifs = gifs
        self.skippedItems = skipped
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
        var categories: [KlipyCategory] = []
        if var items = try? data.nestedUnkeyedContainer(forKey: .categories) {
            while !items.isAtEnd {
                if let category = try? items.decode(KlipyCategory.self) {
                    categories.append(category)
                } else if (try? items.decode(KlipySkippedValue.self)) == nil {
                    break
                }
            }
        }
        self.categories = categories
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
        if var list = try? outer.nestedUnkeyedContainer(forKey: .data) {
            terms = Self.strings(&list)
        } else {
            let nested = try outer.nestedContainer(keyedBy: NestedKeys.self, forKey: .data)
            var list = try nested.nestedUnkeyedContainer(forKey: .data)
            terms = Self.strings(&list)
        }
    }

    private static func strings(_ list: inout any UnkeyedDecodingContainer) -> [String] {
        var terms: [String] = []
        while !list.isAtEnd {
            if let term = try? list.decode(String.self) {
                if !term.isEmpty { terms.append(term) }
            } else if (try? list.decode(KlipySkippedValue.self)) == nil {
                break
            }
        }
        return terms
    }
}
