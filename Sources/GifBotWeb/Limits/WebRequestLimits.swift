/// How many requests the gallery takes from one client (`web.requests_per_minute`,
/// `web.logins_per_minute`; 0 turns a limit off) and whose word it takes for who the client is
/// (`web.trusted_proxies`). A page of the gallery costs the store a query or two; a login, a
/// signature check and a write: a small machine must not be made to do either without end.
public struct WebRequestLimits: Sendable, Equatable {
    public static let standard = WebRequestLimits()

    public let requestsPerMinute: Int
    public let loginsPerMinute: Int
    public let trustedProxies: TrustedProxies

    public init(requestsPerMinute: Int = 120, loginsPerMinute: Int = 10, trustedProxies: TrustedProxies = .loopback) {
        self.requestsPerMinute = requestsPerMinute
        self.loginsPerMinute = loginsPerMinute
        self.trustedProxies = trustedProxies
    }
}
