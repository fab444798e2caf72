import Giphy

/// The `giphy.*` keys, read when GIPHY is among `gifs.sources`.
enum GiphySettings {
    static func load(_ values: ValueParser) throws(ConfigurationError) -> GiphyClientConfiguration {
        GiphyClientConfiguration(
            baseURL: try values.httpURL(.giphyBaseURL, default: "https://api.giphy.com"),
            apiKey: try values.secret(.giphyAPIKey) ?? "",
            language: try values.language(.giphyLanguage, default: "en"),
            timeout: try values.seconds(.giphyTimeout, default: 8, allowZero: false),
            cacheTimeToLive: try values.seconds(.giphyCacheTTL, default: 300, allowZero: true),
            cacheMaximumBytes: try values.integer(.giphyCacheMaxMiB, default: 8, in: 1...4096) * 1024 * 1024,
            rateLimitCooldown: try values.seconds(.giphyRateLimitCooldown, default: 60, allowZero: false)
        )
    }
}
