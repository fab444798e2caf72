import Klipy
import Testing

@testable import GifBotApp
@testable import gifbot

/// The gifs.sources and klipy.* keys.
@Suite struct GifSourceSettingsTests {
    func load(_ environment: [String: String]) async throws -> GifSourceSettings {
        let sources = try await ConfigurationSources.load(options: [:], environment: environment, configFile: nil)
        return try GifSourceSettings.load(from: sources)
    }

    @Test func withoutSettingsGIPHYAloneServes() async throws {
        let settings = try await load([:])
        #expect(settings.names == [.giphy])
        #expect(settings.klipy == nil)
        #expect(settings.customerIDSecret == nil)
    }

    @Test func klipyKeysFromTheEnvironment() async throws {
        let settings = try await load([
            "GIFS_SOURCES": "KLIPY, giphy", "KLIPY_APP_KEY": " app-key-1 ",
            "KLIPY_BASE_URL": "http://127.0.0.1:9/api/v1",
            "KLIPY_LOCALE": "en_US", "KLIPY_TIMEOUT": "3", "KLIPY_RATE_LIMIT_COOLDOWN": "120",
            "KLIPY_CUSTOMER_ID_SECRET": "0123456789abcdef0123",
        ])
        #expect(settings.names == [.klipy, .giphy])
        let klipy = try #require(settings.klipy)
        #expect(klipy.appKey == "app-key-1")
        #expect(klipy.baseURL == "http://127.0.0.1:9/api/v1")
        #expect(klipy.locale == "en_US")
        #expect(klipy.timeout == .seconds(3) && klipy.rateLimitCooldown == .seconds(120))
        #expect(settings.customerIDSecret == Array("0123456789abcdef0123".utf8))
    }

    @Test func klipyDefaultsAndAMissingKeyIsLeftToFallBack() async throws {
        let klipy = try #require(try await load(["GIFS_SOURCES": "klipy"]).klipy)
        #expect(klipy.baseURL == "https://api.klipy.com/api/v1")
        #expect(klipy.appKey.isEmpty)
        #expect(klipy.locale == nil)
        #expect(klipy.timeout == .seconds(8) && klipy.rateLimitCooldown == .seconds(60))
    }

    @Test(arguments: [
        (
            ["GIFS_SOURCES": "giphy,tenor"],
            "gifs.sources (GIFS_SOURCES) must be giphy and/or klipy, each once, in the order to ask them; got 'giphy,tenor'"
        ),
        (
            ["GIFS_SOURCES": "klipy,klipy"],
            "gifs.sources (GIFS_SOURCES) must be giphy and/or klipy, each once, in the order to ask them; got 'klipy,klipy'"
        ),
        (
            ["GIFS_SOURCES": "klipy", "KLIPY_LOCALE": "english"],
            "klipy.locale (KLIPY_LOCALE) must be a country or locale code such as us or en_US; got 'english'"
        ),
        (
            ["GIFS_SOURCES": "klipy", "KLIPY_BASE_URL": "api.klipy.com"],
            "klipy.base_url (KLIPY_BASE_URL) must be an http:// or https:// URL; got 'api.klipy.com'"
        ),
        (
            ["KLIPY_CUSTOMER_ID_SECRET": "short-secret"],
            "klipy.customer_id_secret (KLIPY_CUSTOMER_ID_SECRET) must be at least 16 characters; got (hidden)"
        ),
    ])
    func mistakesAreNamed(_ environment: [String: String], _ message: String) async throws {
        do {
            _ = try await load(environment)
            Issue.record("expected an error for \(environment)")
        } catch let error as ConfigurationError {
            #expect(error.description == message)
            #expect(!error.description.contains("short-secret"))
        }
    }

    @Test(arguments: ["us", "US", "en_US", "en-US"])
    func localesPassAsGiven(locale: String) async throws {
        #expect(try await load(["GIFS_SOURCES": "klipy", "KLIPY_LOCALE": locale]).klipy?.locale == locale)
    }
}
