import GifBotCore
import GifSources

/// A GIF source whose every answer the fuzzer chooses: `script` bytes pick, per query, a
/// normal page, a failure (rate limits of `Int.max` seconds among them), hostile ids, titles
/// and links, absurd sizes and end indexes. Deterministic for a given input, so a crash replays.
struct FuzzGifSource: GifSource {
    let id: GifSourceID
    let script: [UInt8]

    var capabilities: Set<GifCapability> { id == .giphy ? [.random, .translate] : [] }

    static let ratings: [String?] = ["g", "pg", "pg-13", "r", nil, "R", "nc-17", "", "y"]
    static let numbers = [0, 1, -1, 7, 1_000_000, Int.max, Int.min, Int.max - 1]
    static let failures: [GifSourceError] = [
        .invalidKey, .rateLimited(retryAfterSeconds: Int.max), .rateLimited(retryAfterSeconds: Int.min),
        .rateLimited(retryAfterSeconds: -1), .rateLimited(retryAfterSeconds: 59), .queryTooLong(maximum: Int.max),
        .notFound,
        .badRequest, .unavailable, .timeout, .networkUnreachable, .notConfigured, .unsupported,
    ]

    private func behaviour(_ text: String) -> UInt8 {
        guard !script.isEmpty else { return 0 }
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return script[Int(hash % UInt64(script.count))]
    }

    private func failIfScripted(_ choice: UInt8) throws {
        guard choice & 0x7 == 1 else { return }
        throw GifSourceFailure(source: id, error: Self.failures[Int(choice >> 3) % Self.failures.count])
    }

    private func gif(key: String, from text: String, choice: UInt8, index: Int) -> SourcedGif {
        let hostile = choice & 0x7 == 3
        let number = Self.numbers[Int(choice >> 4) % Self.numbers.count]
        let keyText = hostile ? text : (choice & 0x7 == 4 ? "klipy:\(key)" : key)
        let url = hostile ? "javascript:\(text)//x.gif" : "https://media.example/\(key)/\(index).gif"
        let rendition = SourcedRendition(
            name: "downsized", url: url, width: number, height: 0 &- number, byteSize: number)
        return SourcedGif(
            ref: GifRef(source: id, key: keyText), title: hostile ? text : "GIF \(index) for \(text.prefix(20))",
            rating: Self.ratings[(Int(choice >> 2) + index) % Self.ratings.count],
            pageURL: hostile ? "data:\(text)" : "https://example.com/\(key)",
            preferred: choice & 0x7 == 5 ? nil : rendition,
            renditions: [rendition, rendition],
            uploader: SourcedUploader(username: text, displayName: text, isVerified: true),
            importDate: text)
    }

    private func page(_ text: String, offset: Int, limit: Int) throws -> SourcedPage {
        let choice = behaviour(text + "\(offset)")
        try failIfScripted(choice)
        if choice & 0x7 == 2 { return SourcedPage(source: id, gifs: [], endIndex: offset) }
        let count = min(max(0, limit), Int(choice >> 5) + 1)
        let gifs = (0..<count).map {
            gif(key: "k\(offset &+ $0)x", from: text, choice: behaviour(text + "\($0)"), index: offset &+ $0)
        }
        let ends: [Int?] = [nil, offset &+ count, Int.max, Int.min, -1, 0]
        return SourcedPage(source: id, gifs: gifs, endIndex: ends[Int(choice >> 3) % ends.count])
    }

    func coolingDown() async -> Int? {
        let choice = behaviour("cooling")
        return choice & 0xF == 0xF ? Self.numbers[Int(choice >> 4) % Self.numbers.count] : nil
    }

    func search(
        _ query: String, offset: Int, limit: Int, rating: ContentRating, user: SourceUser?
    ) async throws -> SourcedPage {
        try page(query, offset: offset, limit: limit)
    }

    func trending(offset: Int, limit: Int, rating: ContentRating, user: SourceUser?) async throws -> SourcedPage {
        try page("trending", offset: offset, limit: limit)
    }

    func gif(_ key: String) async throws -> SourcedGif {
        let choice = behaviour(key)
        try failIfScripted(choice)
        if choice & 0x7 == 2 { throw GifSourceFailure(source: id, error: .notFound) }
        return gif(key: key, from: key, choice: choice, index: 0)
    }

    func autocomplete(_ prefix: String, limit: Int) async throws -> [String] {
        try terms(prefix)
    }

    func relatedTerms(_ term: String) async throws -> [String] {
        try terms(term)
    }

    func trendingSearches() async throws -> [String] {
        try terms("trends")
    }

    private func terms(_ text: String) throws -> [String] {
        let choice = behaviour(text)
        try failIfScripted(choice)
        let all = [text, "\(text)\r\nPRIVMSG #x :hi\u{0}", String(repeating: text, count: 40), "", "\u{202E}\(text)"]
        return Array(all.prefix(Int(choice >> 5)))
    }

    func random(tag: String?, rating: ContentRating, randomID: String?) async throws -> SourcedGif? {
        let text = (tag ?? "") + (randomID ?? "")
        let choice = behaviour(text)
        try failIfScripted(choice)
        return choice & 0x7 == 2 ? nil : gif(key: "r\(choice)", from: text, choice: choice, index: 0)
    }

    func randomID() async throws -> String {
        let choice = behaviour("randomID")
        try failIfScripted(choice)
        return choice & 0x7 == 3 ? String(repeating: "\u{0}", count: 300) : "rid\(choice)"
    }

    func translate(_ phrase: String, rating: ContentRating) async throws -> SourcedGif? {
        let choice = behaviour(phrase)
        try failIfScripted(choice)
        return choice & 0x7 == 2 ? nil : gif(key: "t\(choice)", from: phrase, choice: choice, index: 0)
    }
}
