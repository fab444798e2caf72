import ArgumentParser
import Giphy
import Klipy
import Testing

@testable import GifBotApp
@testable import gifbot

/// At start-up at least one configured source needs a key; GIPHY alone keeps today's error.
@Suite struct SourceKeyRuleTests {
    func configuration(_ environment: [String: String]) async throws -> AppConfiguration {
        let sources = try await ConfigurationSources.load(options: [:], environment: environment, configFile: nil)
        return try AppConfiguration.load(from: sources)
    }

    @Test func klipyAloneNeedsNoGiphyKey() async throws {
        let loaded = try await configuration(["GIFS_SOURCES": "klipy", "KLIPY_APP_KEY": "klipy-key-1"])
        #expect(loaded.gifSources.names == [.klipy])
        #expect(loaded.gifSources.klipy?.appKey == "klipy-key-1")
    }

    @Test func oneKeyedSourceOfTwoIsEnough() async throws {
        #expect(
            try await configuration(["GIFS_SOURCES": "giphy,klipy", "KLIPY_APP_KEY": "k"]).gifSources.names == [
                .giphy, .klipy,
            ])
        #expect(
            try await configuration(["GIFS_SOURCES": "giphy,klipy", "GIPHY_API_KEY": "g"]).gifSources.giphy?.apiKey
                == "g")
    }

    @Test func sourcesFromTheCommandLine() async throws {
        let options = try ConfigurationOptions.parse([
            "--gifs-sources", "klipy,giphy", "--klipy-app-key", "cli-key", "--klipy-locale", "us",
        ])
        let sources = try await ConfigurationSources.load(
            options: options.values, environment: ["KLIPY_APP_KEY": "env-key"], configFile: nil)
        let loaded = try AppConfiguration.load(from: sources)
        #expect(loaded.gifSources.names == [.klipy, .giphy])
        #expect(loaded.gifSources.klipy?.appKey == "cli-key" && loaded.gifSources.klipy?.locale == "us")
    }

    @Test(arguments: [
        ([:], "giphy.api_key (GIPHY_API_KEY) is required: your GIPHY API key from developers.giphy.com"),
        (
            ["GIFS_SOURCES": "giphy,klipy"],
            "giphy.api_key (GIPHY_API_KEY) is required: your GIPHY API key from developers.giphy.com"
        ),
        (
            ["GIFS_SOURCES": "klipy,giphy"],
            "klipy.app_key (KLIPY_APP_KEY) is required: your KLIPY app key from its Partner Panel"
        ),
        (
            ["GIFS_SOURCES": "klipy", "GIPHY_API_KEY": "g"],
            "klipy.app_key (KLIPY_APP_KEY) is required: your KLIPY app key from its Partner Panel"
        ),
    ])
    func withoutAnyKeyTheFirstSourcesKeyIsAskedFor(_ environment: [String: String], _ message: String) async throws {
        do {
            _ = try await configuration(environment)
            Issue.record("expected an error for \(environment)")
        } catch let error as ConfigurationError {
            #expect(error.description == message)
        }
    }
}
