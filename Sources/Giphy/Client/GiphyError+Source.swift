import GifSources

extension GiphyError: SourceCallError {
    /// The label a call is counted and logged under.
    public var outcomeLabel: String {
        switch self {
        case .invalidAPIKey: "invalid_key"
        case .rateLimited: "rate_limited"
        case .queryTooLong: "query_too_long"
        case .notFound: "not_found"
        case .badRequest: "bad_request"
        case .unavailable: "unavailable"
        case .timeout: "timeout"
        case .networkUnreachable: "network"
        }
    }

    public var isRateLimit: Bool {
        if case .rateLimited = self { return true }
        return false
    }

    /// The same failure in the seam's terms (the cases line up one to one).
    var sourceError: GifSourceError {
        switch self {
        case .invalidAPIKey: .invalidKey
        case .rateLimited(let seconds): .rateLimited(retryAfterSeconds: seconds)
        case .queryTooLong(let maximum): .queryTooLong(maximum: maximum)
        case .notFound: .notFound
        case .badRequest: .badRequest
        case .unavailable: .unavailable
        case .timeout: .timeout
        case .networkUnreachable: .networkUnreachable
        }
    }
}
