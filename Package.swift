// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "GifBot",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "gifbot", targets: ["gifbot"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: [.defaults, "YAML"]),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        // The protocol-agnostic bot: commands, handlers, policies, reply formatting.
        .target(
            name: "GifBotCore",
            dependencies: [
                "Giphy",
                "Storage",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        // GIPHY API client: tolerant models, HTTP transport, cache, typed errors.
        .target(
            name: "Giphy",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        // Per-user state over SQLKit (SQLite now, PostgreSQL later).
        .target(
            name: "Storage",
            dependencies: [
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // IRC: wire protocol, framing, flood control, connection (NIO + NIOSSL) and the adapter.
        .target(
            name: "IRC",
            dependencies: [
                "GifBotCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Matrix: client-server API over AsyncHTTPClient, sync loop, inline GIF uploads, the adapter.
        .target(
            name: "Matrix",
            dependencies: [
                "GifBotCore",
                "Storage",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The ops HTTP endpoint: /healthz, /readyz and /metrics on SwiftNIO's HTTP/1 server, as a Service.
        .target(
            name: "Ops",
            dependencies: [
                "GifBotCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The executable: CLI, configuration, wiring and the console adapter.
        .executableTarget(
            name: "gifbot",
            dependencies: [
                "GifBotCore",
                "Giphy",
                "Storage",
                "IRC",
                "Matrix",
                "Ops",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // A local stand-in for GIPHY serving recorded responses; used by tests only.
        .target(
            name: "GiphyStandIn",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/GiphyStandIn",
            resources: [.copy("Fixtures")]
        ),
        // The stand-in as a process (`giphy-stand-in [api-key]`) for scripts/container-smoke.
        .executableTarget(
            name: "giphy-stand-in",
            dependencies: ["GiphyStandIn"],
            path: "Tests/GiphyStandInServer"
        ),
        // The bot an adapter test runs: real core, GIPHY client to the stand-in, SQLite store.
        .target(
            name: "BotTestSupport",
            dependencies: [
                "GifBotCore", "Giphy", "Storage", "GiphyStandIn",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: "Tests/BotTestSupport"
        ),
        // What the test servers share: free ports, PID files, scripts, clean-up at exit.
        .target(
            name: "TestServerSupport",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/TestServerSupport"
        ),
        // Real IRC servers (InspIRCd + Atheme, ngIRCd) started for tests, and a raw test client.
        .target(
            name: "IRCTestSupport",
            dependencies: [
                "TestServerSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Tests/IRCTestSupport",
            resources: [.copy("Servers")]
        ),
        .testTarget(name: "IRCTests", dependencies: ["IRC", "IRCTestSupport", "BotTestSupport", "GifBotCore", "Giphy", "Storage", "GiphyStandIn",
                                                     .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                                                     .product(name: "NIOCore", package: "swift-nio"),
                                                     .product(name: "AsyncHTTPClient", package: "async-http-client")]),
        // A real Synapse homeserver (from PyPI, in a virtual environment) started for tests, and a
        // Matrix client the tests talk through.
        .target(
            name: "MatrixTestSupport",
            dependencies: [
                "TestServerSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/MatrixTestSupport",
            resources: [.copy("Synapse")]
        ),
        .testTarget(name: "MatrixTests", dependencies: ["Matrix", "MatrixTestSupport", "BotTestSupport", "GifBotCore", "Giphy", "Storage", "GiphyStandIn",
                                                        .product(name: "NIOHTTP1", package: "swift-nio"),
                                                        .product(name: "AsyncHTTPClient", package: "async-http-client"),
                                                        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")]),
        .testTarget(name: "GiphyTests", dependencies: ["Giphy", "GiphyStandIn", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                                                      .product(name: "NIOPosix", package: "swift-nio")]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "GiphyStandIn"]),
        .testTarget(name: "GifBotCoreTests", dependencies: ["GifBotCore", "Giphy", "Storage", "BotTestSupport"]),
        .testTarget(name: "gifbotTests", dependencies: ["gifbot", "GifBotCore", "GiphyStandIn", "BotTestSupport", "IRCTestSupport", "MatrixTestSupport", "TestServerSupport",
                                                      .product(name: "AsyncHTTPClient", package: "async-http-client"),
                                                      .product(name: "Prometheus", package: "swift-prometheus")]),
        .testTarget(name: "OpsTests", dependencies: ["Ops", "GifBotCore", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                                                     .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")]),
    ]
)
