import GifSourceClient
import GifSources
import HTTPTransport

/// How the client reaches KLIPY. The app key is a path segment of every request URL
/// (`{base_url}/{app_key}/gifs/search`), so it is kept out of every URL that is logged.
public struct KlipyClientConfiguration: SourceClientSettings {
    public static let defaultBaseURL = "https://api.klipy.com/api/v1"

    /// Everything before the app key, e.g. `https://api.klipy.com/api/v1`.
    public var baseURL: String
    /// Secret: never logged, never part of an error. Empty means "not configured".
    public var appKey: String
    /// Sent as `locale` as configured: KLIPY's docs ask for `us` on lists and `en_US` on
    /// categories, and clients send both; nil sends none.
    public var locale: String?
    /// For the whole request, connection to last byte.
    public var timeout: Duration
    /// How long a 429 says to stay away (KLIPY sends no Retry-After that anyone has recorded).
    public var rateLimitCooldown: Duration
    /// How long an answer is served from the cache; `.zero` turns caching off.
    public var cacheTimeToLive: Duration
    public var cacheCapacity: Int
    /// The cache's byte budget, as `CacheCosting` estimates.
    public var cacheMaximumBytes: Int

    public init(
        baseURL: String = defaultBaseURL, appKey: String, locale: String? = nil,
        timeout: Duration = .seconds(8), rateLimitCooldown: Duration = .seconds(60),
        cacheTimeToLive: Duration = .seconds(300), cacheCapacity: Int = 512, cacheMaximumBytes: Int = 8 * 1024 * 1024
    ) {
        self.baseURL = baseURL
        self.appKey = appKey
        self.locale = locale
        self.timeout = timeout
        self.rateLimitCooldown = rateLimitCooldown
        self.cacheTimeToLive = cacheTimeToLive
        self.cacheCapacity = cacheCapacity
        self.cacheMaximumBytes = cacheMaximumBytes
    }

    /// The request URL. Built with `includingKey: false` for every log line, so the key cannot
    /// leak through one even by accident.
    func url(for endpoint: KlipyEndpoint, includingKey: Bool) -> String {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let key = includingKey ? PercentEncoding.encode(appKey) : KlipyRedaction.placeholder
        return base + "/" + key + "/" + endpoint.pathAndQuery
    }
}
