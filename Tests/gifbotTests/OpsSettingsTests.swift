import Foundation
import Ops
import Testing

@testable import GifBotApp
@testable import gifbot

/// `ops.idle_timeout` and `ops.max_connections`: the bounds of the ops endpoint.
@Suite struct OpsSettingsTests {
    func ops(_ environment: [String: String]) async throws -> OpsSettings? {
        let sources = try await ConfigurationSources.load(
            options: [:], environment: ["GIPHY_API_KEY": "k"].merging(environment) { $1 },
            configFile: nil)
        return try AppConfiguration.load(from: sources).ops
    }

    @Test func theBoundsHaveDefaultsAndCanBeSet() async throws {
        let defaults = try #require(try await ops(["OPS_PORT": "8080"]))
        #expect(defaults.limits.idleTimeout == .seconds(15))
        #expect(defaults.limits.maxConnections == OpsLimits.defaultMaxConnections())
        #expect(defaults.limits.maxConnections <= 64)
        let set = try #require(
            try await ops(["OPS_PORT": "8080", "OPS_IDLE_TIMEOUT": "2.5", "OPS_MAX_CONNECTIONS": "10"]))
        #expect(set.limits == OpsLimits(idleTimeout: .milliseconds(2500), maxConnections: 10))
    }
}
