import Foundation
import Giphy
import Logging

/// The KLIPY client: builds requests with the app key in the path, calls through the process's
/// one HTTP transport, classifies and decodes tolerantly, and logs every call without the key.
/// Cache, single flight, the 429 gate and call counting are not here: the provider seam gives
/// every source the same ones (today they live in the GIPHY client).
public final class KlipyClient: Sendable {
    private let configuration: KlipyClientConfiguration
    private let transport: any GiphyTransport
    private let logger: Logger

    public init(configuration: KlipyClientConfiguration, transport: any GiphyTransport, logger: Logger) {
        self.configuration = configuration
        self.transport = transport
        self.logger = logger
    }

    /// A page of search results; `page` is 1-based. `perPage` is kept within KLIPY's 8...50.
    public func search(_ query: String, page: Int = 1, perPage: Int, rating: ContentRating,
                       customer: KlipyCustomerID? = nil) async throws -> KlipyPage {
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else { throw KlipyError.badRequest }
        let endpoint = KlipyEndpoint.search(query, page: page, perPage: perPage, filter: KlipyContentFilter(rating: rating),
                                            customerID: customer?.value, locale: configuration.locale)
        return try await list(endpoint, page: page)
    }

    public func trending(page: Int = 1, perPage: Int, rating: ContentRating, customer: KlipyCustomerID? = nil) async throws -> KlipyPage {
        let endpoint = KlipyEndpoint.trending(page: page, perPage: perPage, filter: KlipyContentFilter(rating: rating),
                                              customerID: customer?.value, locale: configuration.locale)
        return try await list(endpoint, page: page)
    }

    /// One GIF by slug (KLIPY looks items up by slug, not id); `KlipyError.notFound` if none.
    /// A single answer under another spelling of the slug is still the one asked for: slugs may
    /// carry a per-app suffix (Docs/research/klipy-api.md §4).
    public func gif(slug: String) async throws -> KlipyGif {
        let found = try await gifs(slugs: [slug])
        guard let gif = found.first(where: { $0.slug == slug }) ?? found.first else { throw KlipyError.notFound }
        return gif
    }

    /// Several GIFs by slug, in KLIPY's order; slugs it does not know are simply absent.
    public func gifs(slugs: [String]) async throws -> [KlipyGif] {
        let slugs = slugs.filter { !$0.isEmpty }
        guard !slugs.isEmpty else { return [] }
        return try await call(.items(slugs: slugs), as: KlipyListResponse.self).gifs
    }

    public func categories() async throws -> [KlipyCategory] {
        try await call(.categories(locale: configuration.locale), as: KlipyCategoriesResponse.self).categories
    }

    public func autocomplete(_ prefix: String, limit: Int = 10) async throws -> [String] {
        guard !prefix.isEmpty else { return [] }
        return try await call(.autocomplete(prefix, limit: limit), as: KlipyTermsResponse.self).terms
    }

    public func searchSuggestions(_ term: String, limit: Int = 10) async throws -> [String] {
        guard !term.isEmpty else { return [] }
        return try await call(.searchSuggestions(term, limit: limit), as: KlipyTermsResponse.self).terms
    }

    private func list(_ endpoint: KlipyEndpoint, page: Int) async throws -> KlipyPage {
        let response = try await call(endpoint, as: KlipyListResponse.self)
        if response.skippedItems > 0 {
            logger.debug("KLIPY items skipped", metadata: ["endpoint": "\(endpoint.name)", "skipped": "\(response.skippedItems)"])
        }
        return KlipyPage(gifs: response.gifs, page: response.currentPage ?? max(1, page),
                         perPage: response.perPage ?? response.gifs.count, hasNext: response.hasNext,
                         skippedItems: response.skippedItems)
    }

    /// One HTTP call: classified, decoded, and logged without the key.
    private func call<Response: Decodable & Sendable>(_ endpoint: KlipyEndpoint, as type: Response.Type) async throws -> Response {
        let started = ContinuousClock.now
        do {
            guard !configuration.appKey.isEmpty else { throw KlipyError.invalidAppKey }
            let raw: GiphyHTTPResponse
            do {
                raw = try await transport.get(configuration.url(for: endpoint, includingKey: true), timeout: configuration.timeout)
            } catch GiphyError.timeout {
                throw KlipyError.timeout
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw KlipyError.networkUnreachable
            }
            let body = try KlipyResponseClassifier.classify(
                raw, rateLimitCooldownSeconds: Int(configuration.rateLimitCooldown.components.seconds), lookup: endpoint.isLookup)
            let response: Response
            do {
                response = try JSONDecoder().decode(Response.self, from: Data(body))
            } catch {
                throw KlipyError.unavailable
            }
            log(endpoint, outcome: "ok", since: started)
            return response
        } catch let error as KlipyError {
            log(endpoint, outcome: error.outcomeLabel, since: started)
            throw error
        }
    }

    private func log(_ endpoint: KlipyEndpoint, outcome: String, since started: ContinuousClock.Instant) {
        let url = KlipyRedaction.redact(configuration.url(for: endpoint, includingKey: false), appKey: configuration.appKey)
        logger.debug("KLIPY call", metadata: [
            "endpoint": "\(endpoint.name)",
            "url": "\(url)",
            "outcome": "\(outcome)",
            "duration_ms": "\((ContinuousClock.now - started).milliseconds)",
        ])
    }
}
