import Foundation
import GifBotWeb
import HTTPListening
import Ops
import Testing

@testable import GifBotApp

/// `web.port`, `web.bind`, `web.base_url`: off by default, on loopback, never without its address.
@Suite struct GallerySettingsTests {
    func web(_ environment: [String: String]) async throws -> WebSettings? {
        let sources = try await ConfigurationSources.load(
            options: [:], environment: ["GIPHY_API_KEY": "k"].merging(environment) { $1 }, configFile: nil)
        return try AppConfiguration.load(from: sources).web
    }

    @Test func offByDefaultOnLoopbackAndNeverWithoutItsPublicAddress() async throws {
        #expect(try await web([:]) == nil)
        await #expect(throws: ConfigurationError.self) { try await web(["WEB_PORT": "8090"]) }
        await #expect(throws: ConfigurationError.self) {
            try await web(["WEB_PORT": "8090", "WEB_BASE_URL": "gifs.example.org"])
        }
        let on = try #require(try await web(["WEB_PORT": "8090", "WEB_BASE_URL": "https://example.org/gifs/"]))
        #expect(on.host == "127.0.0.1" && on.port == 8090 && on.isSecure)
        #expect(on.baseURL == "https://example.org/gifs" && on.basePath == "/gifs")
        let bound = try #require(
            try await web(["WEB_PORT": "8090", "WEB_BIND": "0.0.0.0", "WEB_BASE_URL": "http://127.0.0.1:8090"]))
        #expect(bound.host == "0.0.0.0" && !bound.isSecure && bound.basePath == "")
    }

    @Test func requestLimitsAndTrustedProxies() async throws {
        let on = ["WEB_PORT": "8090", "WEB_BASE_URL": "https://gifs.example.org"]
        #expect(try await web(on)?.limits == .standard)
        #expect(WebRequestLimits.standard.requestsPerMinute == 120 && WebRequestLimits.standard.loginsPerMinute == 10)
        let set = try #require(
            try await web(
                on.merging([
                    "WEB_REQUESTS_PER_MINUTE": "0", "WEB_LOGINS_PER_MINUTE": "3",
                    "WEB_TRUSTED_PROXIES": "10.0.0.0/8, fd00::/8",
                ]) { $1 }))
        #expect(set.limits.requestsPerMinute == 0 && set.limits.loginsPerMinute == 3)
        #expect(set.limits.trustedProxies == TrustedProxies(["10.0.0.0/8", "fd00::/8"]))
        await #expect(throws: ConfigurationError.self) {
            try await web(on.merging(["WEB_TRUSTED_PROXIES": "nginx.internal"]) { $1 })
        }
        await #expect(throws: ConfigurationError.self) {
            try await web(on.merging(["WEB_LOGINS_PER_MINUTE": "-1"]) { $1 })
        }
    }

    /// Issue 31, item 8: the listener's cap and timeouts, the cap's default from the open-file
    /// limit, leaving with the ops endpoint's share over half of the descriptors.
    @Test func connectionCapAndTimeouts() async throws {
        let on = ["WEB_PORT": "8090", "WEB_BASE_URL": "https://gifs.example.org"]
        let standard = try #require(try await web(on)).listener
        #expect(standard == WebSettings.defaultListener())
        #expect(standard.headerTimeout == .seconds(10) && standard.idleTimeout == .seconds(30))
        #expect(WebSettings.defaultMaxConnections(fileLimit: 1024) == 256)
        #expect(WebSettings.defaultMaxConnections(fileLimit: 65536) == 256)
        #expect(WebSettings.defaultMaxConnections(fileLimit: 128) == 32)
        #expect(WebSettings.defaultMaxConnections(fileLimit: nil) == 256)
        for limit in [64, 128, 1024, 4096, 65536] {
            let caps = [
                "ops": OpsLimits.defaultMaxConnections(fileLimit: limit),
                "web": WebSettings.defaultMaxConnections(fileLimit: limit),
            ]
            #expect(DescriptorReserve.warning(listenerCaps: caps, fileLimit: limit) == nil, "limit \(limit)")
        }
        #expect(DescriptorReserve.warning(listenerCaps: ["web": 1000], fileLimit: 1024) != nil)

        let set = try #require(
            try await web(
                on.merging(["WEB_MAX_CONNECTIONS": "40", "WEB_HEADER_TIMEOUT": "5", "WEB_IDLE_TIMEOUT": "60"]) { $1 }))
        #expect(set.listener.maxConnections == 40)
        #expect(set.listener.headerTimeout == .seconds(5) && set.listener.idleTimeout == .seconds(60))
        for bad in [["WEB_MAX_CONNECTIONS": "0"], ["WEB_HEADER_TIMEOUT": "0"], ["WEB_IDLE_TIMEOUT": "-1"]] {
            await #expect(throws: ConfigurationError.self, "\(bad)") { try await web(on.merging(bad) { $1 }) }
        }
    }
}
