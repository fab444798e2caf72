import GifSources

/// `!trends`, `!suggest`, `!related`: search terms to pick from, not GIFs.
struct TermsHandler {
    /// Terms listed in one reply; more would wrap on most clients.
    static let maximumTerms = 10
    static let maximumTermLength = 40

    let context: BotContext

    func trends() async throws -> [Reply] {
        let terms = Self.clean(try await context.sources.firstAnswer { try await $0.trendingSearches() })
        guard !terms.isEmpty else { return [.text("No trending searches right now.")] }
        return [.text("Trending searches: \(terms.joined(separator: ", ")) (try \(context.prefix)gif <term>)")]
    }

    func suggest(_ prefix: String) async throws -> [Reply] {
        let terms = Self.clean(try await context.sources.firstAnswer { try await $0.autocomplete(prefix, limit: 5) })
        guard !terms.isEmpty else { return [.text("No suggestions for \"\(prefix)\".")] }
        return [.text("Suggestions for \"\(prefix)\": \(terms.joined(separator: ", "))")]
    }

    func related(_ term: String) async throws -> [Reply] {
        let terms = Self.clean(try await context.sources.firstAnswer { try await $0.relatedTerms(term) })
        guard !terms.isEmpty else { return [.text("No related searches for \"\(term)\".")] }
        return [.text("Related to \"\(term)\": \(terms.joined(separator: ", "))")]
    }

    /// Terms come from a GIF source and are untrusted: cleaned, shortened, deduplicated, capped.
    static func clean(_ terms: [String]) -> [String] {
        var seen = Set<String>()
        return terms.map { TextSanitizer.truncate(TextSanitizer.clean($0), to: Self.maximumTermLength) }
            .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
            .prefix(Self.maximumTerms)
            .map { $0 }
    }
}
