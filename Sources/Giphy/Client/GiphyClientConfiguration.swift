import GifSourceClient

/// How the client reaches GIPHY and how hard it tries to avoid calling it.
public struct GiphyClientConfiguration: SourceClientSettings {
    public var baseURL: String
    /// Secret: never logged, never part of an error.
    public var apiKey: String
    public var language: String
    /// For the whole request, connection to last byte.
    public var timeout: Duration
    /// `.zero` turns the cache off.
    public var cacheTimeToLive: Duration
    public var cacheCapacity: Int
    /// What the cached answers may hold in memory, as estimated; the least recently used go
    /// first. 8 MiB holds ~100 pages of 25 compact GIFs.
    public var cacheMaximumBytes: Int
    /// How long to stay away after a 429.
    public var rateLimitCooldown: Duration

    public init(
        baseURL: String = "https://api.giphy.com", apiKey: String, language: String = "en",
        timeout: Duration = .seconds(8), cacheTimeToLive: Duration = .seconds(300),
        cacheCapacity: Int = 512, cacheMaximumBytes: Int = 8 * 1024 * 1024, rateLimitCooldown: Duration = .seconds(60)
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.language = language
        self.timeout = timeout
        self.cacheTimeToLive = cacheTimeToLive
        self.cacheCapacity = cacheCapacity
        self.cacheMaximumBytes = cacheMaximumBytes
        self.rateLimitCooldown = rateLimitCooldown
    }
}
