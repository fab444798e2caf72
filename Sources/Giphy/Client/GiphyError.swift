/// Everything that can go wrong talking to GIPHY, in terms of what the user can do next.
/// No case carries a URL, a body or the API key: these values end up in replies and logs.
public enum GiphyError: Error, Sendable, Equatable {
    /// 401/403: the key is missing, wrong or revoked. The operator must fix the configuration.
    case invalidAPIKey
    /// 429 (or a key banned for rate): wait until the cool-down ends.
    case rateLimited(retryAfterSeconds: Int)
    /// GIPHY rejects search queries over 50 characters; caught before calling.
    case queryTooLong(maximum: Int)
    /// 404: the GIF id does not exist.
    case notFound
    /// 400/414: GIPHY did not accept the request.
    case badRequest
    /// 5xx, the synthetic empty 200, or a body that is not the JSON we expect.
    case unavailable
    /// No answer within `giphy.timeout`.
    case timeout
    /// The connection could not be made (DNS, refused, reset).
    case networkUnreachable
}
