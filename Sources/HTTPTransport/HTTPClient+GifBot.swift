import AsyncHTTPClient
import NIOCore

extension HTTPClient {
    /// The process's HTTP client, as every part of GifBot makes it (sources, Matrix, probes),
    /// with `Configuration.gifBot`.
    public static func gifBot() -> HTTPClient {
        HTTPClient(eventLoopGroupProvider: .singleton, configuration: .gifBot)
    }
}

extension HTTPClient.Configuration {
    /// Tracing is off: GifBot bootstraps no tracer, yet AsyncHTTPClient's default configuration
    /// takes the global no-op tracer and still builds each request's span attributes (parsing the
    /// URL again), which was ~3% of a cache-miss command's CPU (issue 9).
    ///
    /// It follows no redirect: AsyncHTTPClient would follow five to any host, so a hostile
    /// source could send the bot anywhere. `GuardedGet` follows them instead, each target
    /// checked first (same origin for API calls, the media hosts for downloads); the
    /// homeserver's API does not redirect, and a redirect there is an error.
    ///
    /// Its connections read up to `largestRead` at a time (`bodyReads`).
    public static var gifBot: Self {
        var configuration = HTTPClient.Configuration()
        configuration.tracing.tracer = nil
        configuration.redirectConfiguration = .disallow
        // AsyncHTTPClient offers a connection's channel only through this hook.
        configuration.http1_1ConnectionDebugInitializer = { channel in
            channel.setOption(ChannelOptions.recvAllocator, value: bodyReads)
        }
        return configuration
    }

    /// The most a connection reads at once: four times NIO's 64 KiB.
    public static let largestRead = 256 * 1024

    /// Reads that grow to `largestRead` while the socket fills them. A GIF of 1.4 MB then comes
    /// in 6 reads, not 21, and each read is a body part that every layer (the HTTP decoder,
    /// AsyncHTTPClient's request state machine, the response delegate) handles on its own: 9% of
    /// a plain Matrix command's instructions besides the GIF's copy (issue 34). As with NIO's
    /// default, the size halves again after reads that fill less than half of it. Each channel
    /// keeps its read buffer and reads into it again once the body part is copied out, so the
    /// buffers over the allocator's mmap threshold are mapped once per connection, not per read.
    static let bodyReads = AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 2048, maximum: largestRead)
}
