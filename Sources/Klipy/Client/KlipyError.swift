import GifSources

/// Everything that can go wrong talking to KLIPY, in terms of what the bot does next. The
/// cases mirror `GiphyError` so the provider seam can treat both sources alike. No case
/// carries a URL, a body or the app key: these values end up in replies and logs.
public enum KlipyError: Error, Sendable, Equatable {
    /// No app key configured, or 401/403: the key is wrong, revoked or not allowed. Fall through
    /// to the next source; the operator must fix the configuration.
    case invalidAppKey
    /// 429: wait until the cool-down ends (KLIPY documents no rate-limit headers).
    case rateLimited(retryAfterSeconds: Int)
    /// 404 on a lookup, or a lookup that came back empty.
    case notFound
    /// 400/413/414/422: KLIPY did not accept the request; another source would not either.
    case badRequest
    /// 5xx, a 2xx that is not `{"result": true, "data": …}`, or a body we cannot read.
    case unavailable
    /// No answer within `klipy.timeout`.
    case timeout
    /// The connection could not be made (DNS, refused, reset).
    case networkUnreachable
}

extension KlipyError {
    /// The label a call is counted and logged under, the same words `CallOutcome` uses for GIPHY.
    public var outcomeLabel: String {
        switch self {
        case .invalidAppKey: "invalid_key"
        case .rateLimited: "rate_limited"
        case .notFound: "not_found"
        case .badRequest: "bad_request"
        case .unavailable: "unavailable"
        case .timeout: "timeout"
        case .networkUnreachable: "network"
        }
    }

    /// Whether the next configured source should be asked instead: everything that says this
    /// source cannot answer now, but not "there is no such GIF" or "the request was bad".
    public var shouldFallBack: Bool {
        switch self {
        case .invalidAppKey, .rateLimited, .unavailable, .timeout, .networkUnreachable: true
        case .notFound, .badRequest: false
        }
    }
}

extension KlipyError: SourceCallError {
    public var isRateLimit: Bool {
        if case .rateLimited = self { return true }
        return false
    }
}
