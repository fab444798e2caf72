import AsyncHTTPClient

extension HTTPClient {
    /// The process's HTTP client, as every part of GifBot makes it (sources, Matrix, probes).
    /// Tracing is off: GifBot bootstraps no tracer, yet AsyncHTTPClient's default configuration
    /// takes the global no-op tracer and still builds each request's span attributes (parsing the
    /// URL again), which was ~3% of a cache-miss command's CPU (issue 9).
    ///
    /// It follows no redirect: AsyncHTTPClient would follow five to any host, so a hostile
    /// source could send the bot anywhere. `GuardedGet` follows them instead, each target
    /// checked first (same origin for API calls, the media hosts for downloads); the
    /// homeserver's API does not redirect, and a redirect there is an error.
    public static func gifBot() -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.tracing.tracer = nil
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }
}
