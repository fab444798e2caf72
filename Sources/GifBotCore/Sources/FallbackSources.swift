import GifSources
import Logging

/// The configured sources in `gifs.sources` order, asked the way Docs/gif-source-seam.md §4 says:
/// the first serves; one that is cooling down after a 429 is skipped unasked (unless it is the
/// last hope, which may still answer from its cache); a failure that another source could do
/// better at (no key, 429, 5xx, garbage, timeout, unreachable) moves on to the next. When all
/// fail, the first failure is the answer.
struct FallbackSources: Sendable {
    let sources: [any GifSource]
    let logger: Logger

    /// - Parameter sources: at least one.
    init(_ sources: [any GifSource], logger: Logger) {
        precondition(!sources.isEmpty, "a bot needs at least one GIF source")
        self.sources = sources
        self.logger = logger
    }

    /// The source that serves when all is well; the others are named in replies.
    var first: GifSourceID { sources[0].id }

    var ids: [GifSourceID] { sources.map(\.id) }

    /// "KLIPY" when a GIF came from a source other than the first, for the reply to say so.
    func via(_ gif: SourcedGif) -> String? {
        gif.ref.source == first ? nil : gif.ref.source.displayName
    }

    /// The first answer in order from the sources that can do `capability`.
    func firstAnswer<Value>(
        needing capability: GifCapability? = nil, skipping skipped: GifSourceID? = nil,
        _ ask: (any GifSource) async throws -> Value
    ) async throws -> Value {
        let candidates = sources.filter { source in
            source.id != skipped && capability.map { source.capabilities.contains($0) } != false
        }
        guard !candidates.isEmpty else {
            throw GifSourceFailure(source: sources.first { $0.id != skipped }?.id ?? first, error: .unsupported)
        }
        var firstFailure: GifSourceFailure?
        for (index, source) in candidates.enumerated() {
            let isLast = index == candidates.count - 1
            if !isLast, let seconds = await source.coolingDown() {
                firstFailure =
                    firstFailure ?? GifSourceFailure(source: source.id, error: .rateLimited(retryAfterSeconds: seconds))
                logger.debug("GIF source cooling down, asking the next", metadata: ["source": "\(source.id.rawValue)"])
                continue
            }
            do {
                return try await ask(source)
            } catch let failure as GifSourceFailure where failure.error.shouldFallBack && !isLast {
                firstFailure = firstFailure ?? failure
                logger.info(
                    "GIF source failed, asking the next",
                    metadata: [
                        "source": "\(source.id.rawValue)", "error": "\(failure.error)",
                    ])
            } catch let failure as GifSourceFailure where failure.error.shouldFallBack {
                throw firstFailure ?? failure
            }
        }
        // Unreachable: the last candidate either answers or throws.
        throw firstFailure ?? GifSourceFailure(source: first, error: .unavailable)
    }

    /// A search page. A cursor stays on the source that gave its first page; if that source now
    /// fails, the search starts over (at offset 0) on the others, and the page says where it is from.
    func search(
        _ query: String, offset: Int, limit: Int, rating: ContentRating, user: SourceUser?,
        continuing current: GifSourceID?
    ) async throws -> SourcedPage {
        guard let current, offset > 0, let source = sources.first(where: { $0.id == current }) else {
            return try await firstAnswer {
                try await $0.search(query, offset: offset, limit: limit, rating: rating, user: user)
            }
        }
        do {
            return try await source.search(query, offset: offset, limit: limit, rating: rating, user: user)
        } catch let failure as GifSourceFailure where failure.error.shouldFallBack && sources.count > 1 {
            logger.info(
                "GIF source failed mid-search, starting over on the next",
                metadata: [
                    "source": "\(current.rawValue)", "error": "\(failure.error)",
                ])
            do {
                return try await firstAnswer(skipping: current) {
                    try await $0.search(query, offset: 0, limit: limit, rating: rating, user: user)
                }
            } catch is GifSourceFailure {
                throw failure
            }
        }
    }

    /// A lookup goes to the GIF's own source only: another source has no such id.
    func gif(_ ref: GifRef) async throws -> SourcedGif {
        guard let source = sources.first(where: { $0.id == ref.source }) else {
            throw GifSourceFailure(source: ref.source, error: .notConfigured)
        }
        return try await source.gif(ref.key)
    }
}
