/// What can go wrong asking a source, in terms of what the user or the bot can do next: the one
/// vocabulary every source's client throws and the core answers. No case carries a URL, a body
/// or a key: these values end up in replies and logs.
public enum GifSourceError: Error, Sendable, Equatable {
    /// No key configured, or 401/403: the operator must fix the configuration.
    case invalidKey
    /// 429: wait until the cool-down ends.
    case rateLimited(retryAfterSeconds: Int)
    /// The source rejects queries this long; caught before calling.
    case queryTooLong(maximum: Int)
    /// No GIF with that id.
    case notFound
    /// The source did not accept the request; another source would not either.
    case badRequest
    /// 5xx, or an answer that is not the JSON expected.
    case unavailable
    /// No answer within the source's timeout.
    case timeout
    /// The connection could not be made (DNS, refused, reset).
    case networkUnreachable
    /// The GIF is from a source this bot does not use.
    case notConfigured
    /// No configured source can do this (KLIPY has no random or translate).
    case unsupported

    /// The label a call is counted and logged under.
    public var outcomeLabel: String {
        switch self {
        case .invalidKey: "invalid_key"
        case .rateLimited: "rate_limited"
        case .queryTooLong: "query_too_long"
        case .notFound: "not_found"
        case .badRequest: "bad_request"
        case .unavailable: "unavailable"
        case .timeout: "timeout"
        case .networkUnreachable: "network"
        case .notConfigured: "not_configured"
        case .unsupported: "unsupported"
        }
    }

    /// A 429: the source's gate closes for the cool-down.
    public var isRateLimit: Bool {
        if case .rateLimited = self { return true }
        return false
    }

    /// Whether the next configured source should be asked: this source cannot answer now, but
    /// "there is no such GIF" or "the request was bad" would be no different elsewhere.
    public var shouldFallBack: Bool {
        switch self {
        case .invalidKey, .rateLimited, .unavailable, .timeout, .networkUnreachable, .unsupported: true
        case .queryTooLong, .notFound, .badRequest, .notConfigured: false
        }
    }
}

/// A `GifSourceError` and the source it came from, so the reply can name it.
public struct GifSourceFailure: Error, Sendable, Equatable {
    public let source: GifSourceID
    public let error: GifSourceError

    public init(source: GifSourceID, error: GifSourceError) {
        self.source = source
        self.error = error
    }
}
