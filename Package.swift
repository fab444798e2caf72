// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "GifBot",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "gifbot", targets: ["gifbot"]),
        .executable(name: "gifbot-benchmark", targets: ["gifbot-benchmark"]),
        .executable(name: "gifbot-memory", targets: ["gifbot-memory"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/async-kit.git", from: "1.22.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: [.defaults, "YAML"]),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Allocation counts for the benchmark only (LD_PRELOADed by scripts/benchmark).
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
        // The web gallery (issue 25): HTTP server, router, cookies.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        // Hummingbird's header names (already in the graph through it).
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // Hummingbird's HTTP parts for the listeners' own channel handlers (already in the graph).
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
    ],
    targets: [
        // The protocol-agnostic bot: commands, handlers, policies, reply formatting, and the
        // store protocols and values it owns. No NIO, SQL or HTTP client below it
        // (scripts/check-core-dependencies keeps it so).
        .target(
            name: "GifBotCore",
            dependencies: [
                "GifSources",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        // What every GIF source shares: the `GifSource` protocol the core talks to, its values,
        // ratings, and the call pipeline (cache, single flight, 429 gate, counting). No HTTP.
        .target(
            name: "GifSources",
            dependencies: [
                .product(name: "CoreMetrics", package: "swift-metrics")
            ]
        ),
        // How the process runs: its allocator's settings, set once at start by the executables
        // (the bot and the benchmark's memory child), its one event loop, and the cancellation of
        // waits on graceful shutdown that keeps them on that loop. Not the core's business.
        .target(
            name: "ProcessTuning",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // The one HTTP client's transport beside it: whole-exchange deadlines, guarded
        // redirects, media hosts and addresses, query strings.
        .target(
            name: "HTTPTransport",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The skeleton every GIF source's client stands on (issue 32): its call pipeline built
        // from its settings, and one HTTP exchange with failures mapped and calls logged.
        .target(
            name: "GifSourceClient",
            dependencies: [
                "GifSources",
                "HTTPTransport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // GIPHY API client: tolerant models, endpoints, typed errors; `GiphySource`.
        .target(
            name: "Giphy",
            dependencies: [
                "GifSources",
                "GifSourceClient",
                "HTTPTransport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        // KLIPY API client: tolerant models, endpoints, error classification, per-user customer ids;
        // `KlipySource`.
        .target(
            name: "Klipy",
            dependencies: [
                "GifSources",
                "GifSourceClient",
                "HTTPTransport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Per-user state over SQLKit: SQLite embedded, PostgreSQL for several instances.
        // The Matrix adapter's own interface to what it keeps between runs (issue 32): the
        // protocol and its values, which the SQL store implements, so that Matrix does not
        // depend on Storage.
        .target(name: "MatrixState"),
        .target(
            name: "Storage",
            dependencies: [
                "GifBotCore",
                "MatrixState",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "AsyncKit", package: "async-kit"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Secrets, keys, IVs and identifiers from the system's secure generator, for every module that
        // makes them (MatrixCrypto, Matrix, GifBotWeb).
        .target(name: "SecureRandomness"),
        // Matrix end-to-end encryption (issue 22): Olm, Megolm, canonical JSON and signing, attachments,
        // secret storage. Values and small state machines over swift-crypto alone: no NIO, HTTP or store.
        .target(
            name: "MatrixCrypto",
            dependencies: [
                "SecureRandomness",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        // The cross-check peer (scripts/crypto-cross-check, Tests/CryptoCrossCheck): MatrixCrypto driven over
        // JSON lines by a Python script that checks it against vodozemac, libolm, matrix-nio and mautrix.
        .executableTarget(
            name: "matrix-crypto-peer",
            dependencies: ["MatrixCrypto"]
        ),
        // IRC: wire protocol, framing, flood control, connection (NIO + NIOSSL) and the adapter.
        .target(
            name: "IRC",
            dependencies: [
                "GifBotCore",
                "ProcessTuning",
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
                "ProcessTuning",
                "MatrixCrypto",
                "SecureRandomness",
                "GifSources",
                "HTTPTransport",
                "MatrixState",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The ops HTTP endpoint: /healthz, /readyz and /metrics on Hummingbird, as a Service.
        // What every HTTP listener of the process needs (issue 31): a connection cap with
        // eviction and a polite refusal, header and idle timeouts, a pause when accept fails,
        // and the open-file limit they share with the chat connections and the store.
        .target(
            name: "HTTPListening",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "Ops",
            dependencies: [
                "GifBotCore",
                "HTTPListening",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The web gallery of issue 25: login links, sessions, CSRF, server-rendered pages of
        // favorites and collections, on Hummingbird, as a Service beside the ops endpoint.
        .target(
            name: "GifBotWeb",
            dependencies: [
                "GifBotCore",
                "SecureRandomness",
                "CZlib",
                "HTTPListening",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The system's zlib, to gzip the gallery's stylesheet and scripts once at start.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // The composition root: configuration → store, sources with their fallback, the bot, the
        // chat adapters (a list of network kinds), the ops endpoint, leases, logging and metrics,
        // wired once for the executable and the tests.
        .target(
            name: "GifBotApp",
            dependencies: [
                "GifBotCore",
                "GifSources",
                "HTTPTransport",
                "Giphy",
                "Klipy",
                "Storage",
                "IRC",
                "Matrix",
                "Ops",
                "GifBotWeb",
                "HTTPListening",
                "ProcessTuning",
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The executable: the command line and the console adapter, over GifBotApp.
        .executableTarget(
            name: "gifbot",
            dependencies: [
                "GifBotApp",
                "ProcessTuning",
                "GifBotCore",
                "GifSources",
                "Storage",
                "IRC",
                "Matrix",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            linkerSettings: leanReleaseLinking
        ),
        // The benchmark of issue 9 (scripts/benchmark): the real modules, measured; prints a table, writes JSON.
        .executableTarget(
            name: "gifbot-benchmark",
            dependencies: [
                "BenchmarkSupport", "SeededRandom", "GifSources", "HTTPTransport", "Giphy", "Storage", "GiphyStandIn",
                "IRCTestSupport", "MatrixTestSupport", "PostgresTestSupport", "TestServerSupport", "Matrix",
                "MatrixCrypto", "GifBotCore", "GifBotWeb",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            path: "Benchmarks/gifbot-benchmark",
            linkerSettings: leanReleaseLinking
        ),
        // What the benchmark and its memory scenario's process share: the bot as `gifbot` wires it,
        // the seeded command mix, resident-memory readings.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "SeededRandom",
                "GifBotApp", "GifBotCore", "Giphy", "HTTPTransport", "Storage", "ProcessTuning",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/BenchmarkSupport"
        ),
        // Scenario 4's process: the bot under many users' commands, linked as `gifbot` is and
        // without the benchmark's allocation counter, so that its resident set is the bot's.
        .executableTarget(
            name: "gifbot-memory",
            dependencies: ["BenchmarkSupport"],
            path: "Benchmarks/gifbot-memory",
            linkerSettings: leanReleaseLinking
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
        // A local stand-in for KLIPY on the GIPHY stand-in's server, with fault switches; tests only.
        .target(
            name: "KlipyStandIn",
            dependencies: ["GiphyStandIn"],
            path: "Tests/KlipyStandIn",
            resources: [.copy("Fixtures")]
        ),
        // The stand-in as a process (`giphy-stand-in [api-key]`) for scripts/container-smoke.
        .executableTarget(
            name: "giphy-stand-in",
            dependencies: ["GiphyStandIn"],
            path: "Tests/GiphyStandInServer"
        ),
        // The bot an adapter test runs: real core, GIPHY client to the stand-in, SQLite store.
        // An in-process chat, fake GIF sources and an in-memory store: fast tests of the core.
        .target(
            name: "CoreTestSupport",
            dependencies: ["GifBotCore", "GifSources", .product(name: "Logging", package: "swift-log")],
            path: "Tests/CoreTestSupport"),
        // The one seeded random generator of the tests and the benchmark.
        .target(name: "SeededRandom", path: "Tests/SeededRandom"),
        .target(
            name: "BotTestSupport",
            dependencies: [
                "GifBotApp", "GifBotCore", "GifBotWeb", "HTTPTransport", "Storage", "GiphyStandIn",
                "KlipyStandIn",
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
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/TestServerSupport",
            resources: [.copy("Scripts")]
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
        // A throwaway PostgreSQL cluster (initdb + pg_ctl in a temporary folder) started for tests.
        .target(
            name: "PostgresTestSupport",
            dependencies: [
                "TestServerSupport",
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/PostgresTestSupport",
            resources: [.copy("Postgres")]
        ),
        .testTarget(
            name: "IRCTests",
            dependencies: [
                "SeededRandom", "IRC", "IRCTestSupport", "TestServerSupport", "BotTestSupport", "GifBotApp",
                "GifBotCore",
                "Giphy", "Storage", "GiphyStandIn", "KlipyStandIn",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]),
        // A real Synapse homeserver (from PyPI, in a virtual environment) started for tests, and a
        // Matrix client the tests talk through.
        .target(
            name: "MatrixTestSupport",
            dependencies: [
                "Matrix", "TestServerSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/MatrixTestSupport",
            resources: [.copy("Synapse")]
        ),
        .testTarget(
            name: "MatrixTests",
            dependencies: [
                "Matrix", "MatrixTestSupport", "TestServerSupport", "BotTestSupport", "GifBotApp", "GifBotCore",
                "GifBotWeb", "GifSources",
                "HTTPTransport", "Giphy", "Storage", "GiphyStandIn", "KlipyStandIn", "MatrixCrypto", "MatrixState",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .testTarget(
            name: "GiphyTests",
            dependencies: [
                "Giphy", "GifSources", "HTTPTransport", "GiphyStandIn", "ProcessTuning",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        .testTarget(
            name: "KlipyTests",
            dependencies: [
                "Klipy", "KlipyStandIn", "GifSourceClient", "GiphyStandIn", "GifSources", "HTTPTransport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        .testTarget(
            name: "GifSourcesTests",
            dependencies: [
                "GifSources", "HTTPTransport", "GiphyStandIn",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        .testTarget(
            name: "StorageTests",
            dependencies: ["Storage", "MatrixState", "GifBotCore", "GiphyStandIn", "PostgresTestSupport"]),
        .testTarget(
            name: "GifBotCoreTests",
            dependencies: [
                "SeededRandom", "CoreTestSupport", "GifBotCore", "GifSources", "HTTPTransport", "Giphy", "Storage",
                "BotTestSupport", "GiphyStandIn",
            ],
            resources: [.copy("DecodingFixtures")]),
        .testTarget(
            name: "gifbotTests",
            dependencies: [
                "SeededRandom", "gifbot", "GifBotApp", "GifBotCore", "GifBotWeb", "GiphyStandIn", "KlipyStandIn",
                "BotTestSupport",
                "IRCTestSupport", "MatrixTestSupport", "TestServerSupport",
                "PostgresTestSupport", "Storage", "MatrixCrypto", "Ops", "HTTPListening",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]),
        .testTarget(name: "SecureRandomnessTests", dependencies: ["SecureRandomness"]),
        .testTarget(
            name: "MatrixCryptoTests",
            dependencies: [
                "MatrixCrypto",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        .testTarget(
            name: "GifBotWebTests",
            dependencies: [
                "GifBotWeb", "GifBotCore", "CoreTestSupport", "HTTPListening", "TestServerSupport", "GiphyStandIn",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
            ]),
        .testTarget(
            name: "OpsTests",
            dependencies: [
                "Ops", "GifBotCore", "TestServerSupport", "ProcessTuning", "HTTPListening",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
    ]
)

// The SwiftPM-built libFuzzer targets (scripts/fuzz), declared only when GIFBOT_FUZZ=1 so that a
// normal build never sees them: MatrixCrypto's parsers of untrusted bytes and the whole core, in
// one binary, `gifbot-fuzz`, that runs the target GIFBOT_FUZZ_TARGET names (one build and one
// link). scripts/fuzz builds it in its own scratch folder (.build-fuzz/swiftpm) with `--sanitize
// fuzzer --sanitize address -Xswiftc -sanitize=fuzzer,address`, so MatrixCrypto, swift-crypto and
// the core are instrumented too (issue 21: fuzz targets built from SwiftPM targets, not from
// hand-listed files). libFuzzer brings `main`, hence -parse-as-library.
if Context.environment["GIFBOT_FUZZ"] == "1" {
    package.targets += [
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .target(
            name: "MatrixCryptoFuzz",
            dependencies: ["MatrixCrypto", "FuzzSupport", .product(name: "Crypto", package: "swift-crypto")],
            path: "Fuzz/MatrixCrypto"),
        // The whole core, chat lines to replies and the store, over the in-memory store the fast
        // core tests use.
        .target(
            name: "WholeCoreFuzz",
            dependencies: [
                "GifBotCore", "GifSources", "CoreTestSupport", "FuzzSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Fuzz/Core/WholeCore"),
        .executableTarget(
            name: "gifbot-fuzz",
            dependencies: ["FuzzSupport", "MatrixCryptoFuzz", "WholeCoreFuzz"],
            path: "Fuzz/Entry",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
    package.products.append(.executable(name: "gifbot-fuzz", targets: ["gifbot-fuzz"]))
}

// Habits the compiler keeps (issue 21, step 5): an existential is spelled `any P`, and a module
// whose members a file uses is imported by that file, not reached through another import.
for target in package.targets where target.type != .plugin && target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}

/// Release executables on Linux are linked by lld (it ships with the Swift toolchain), with two
/// aims, both about the memory a running bot holds (issue 9):
/// - Packed relative relocations (DT_RELR): the ~140,000 relocations of a static-stdlib PIE
///   binary take 28 kB instead of 3.3 MB, which the loader read page by page at every start
///   (3.4 MiB). The loader needs glibc 2.36 or later (Debian 12, the image's base); an older
///   one refuses the binary, naming GLIBC_ABI_DT_RELR.
/// - The functions the bot runs placed side by side, in the order of
///   Deployment/link-order.txt (scripts/link-order writes it from a profile of the bot at
///   work; names no longer in the binary are skipped). The kernel maps code 64 KiB around each
///   page touched, and the bot's code was scattered over 33 MB of text: ~7 MiB less resident.
///   It needs every module compiled with one section per function, as scripts/build-release
///   builds; without that the order is ignored, and nothing else changes. The compiler's
///   unnamed helpers, which no order can name, go together just before the rest
///   (Deployment/text-helpers.ld).
/// - No dynamic symbol table of its own: the Swift driver exports every symbol of an executable
///   (~50,000, 4.3 MB of names and hashes) for dladdr-style symbolication, which the bot does not
///   use (crash backtraces read the binary's own symbols). The loader consults that table for
///   every symbol a shared library looks up, touching pages of it: ~2.5 MiB less resident.
/// - No DWARF unwind tables (Deployment/no-unwind-tables.ld): 8 of the stripped binary's 58 MB
///   that nothing reads (issue 34, the image). Swift's crash backtracer unwinds by frame pointers,
///   as do gdb and `perf record -g` without them (`--call-graph=dwarf` needs a debug build).
var leanReleaseLinking: [LinkerSetting] {
    let deployment = String(#filePath.dropLast("Package.swift".count)) + "Deployment/"
    let linkOrder = deployment + "link-order.txt"
    return [
        .unsafeFlags(
            [
                "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                "-Xlinker", "--symbol-ordering-file=\(linkOrder)", "-Xlinker", "--no-warn-symbol-ordering",
                "-Xlinker", "--no-export-dynamic",
                "-Xlinker", "-T", "-Xlinker", deployment + "no-unwind-tables.ld",
                "-Xlinker", "-T", "-Xlinker", deployment + "text-helpers.ld",
            ],
            .when(platforms: [.linux], configuration: .release))
    ]
}
