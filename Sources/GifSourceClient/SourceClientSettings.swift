/// What every GIF source's client is configured with besides its address and key: how long one
/// call may take, and how hard the client tries not to call (cache, cool-down after a 429).
public protocol SourceClientSettings: Sendable {
    /// For the whole request, connection to last byte.
    var timeout: Duration { get }
    /// How long an answer is served from the cache; `.zero` turns caching off.
    var cacheTimeToLive: Duration { get }
    var cacheCapacity: Int { get }
    /// The cache's byte budget, as `CacheCosting` estimates.
    var cacheMaximumBytes: Int { get }
    /// How long to stay away after a 429.
    var rateLimitCooldown: Duration { get }
}
