import GifSources
import HTTPTransport
import Testing

@testable import GifBotApp
@testable import gifbot

/// The media.* keys.
@Suite struct MediaSettingsTests {
    func load(_ environment: [String: String]) async throws -> MediaSettings {
        let sources = try await ConfigurationSources.load(options: [:], environment: environment, configFile: nil)
        return try MediaSettings.load(from: sources)
    }

    @Test func byDefaultOnlyTheSourcesHostsOnPublicAddresses() async throws {
        let settings = try await load([:])
        #expect(settings.policy == .sourcesOnly)
        #expect(settings.policy.hosts.map(\.description) == ["media*.giphy.com", "i.giphy.com", "static.klipy.com"])
        #expect(!settings.policy.allowsPrivateAddresses)
        #expect(settings.timeout == .seconds(20))
    }

    @Test func theOperatorAddsHostsAndAllowsPrivateAddresses() async throws {
        let settings = try await load([
            "MEDIA_HOSTS": "http://127.0.0.1:8123, cdn.example.org", "MEDIA_ALLOW_PRIVATE_ADDRESSES": "true",
            "MEDIA_TIMEOUT": "2.5",
        ])
        #expect(settings.policy.hosts.dropFirst(3).map(\.description) == ["http://127.0.0.1:8123", "cdn.example.org"])
        #expect(settings.policy.allowsPrivateAddresses)
        #expect(settings.timeout == .milliseconds(2500))
    }

    @Test func aBadHostIsOneLineNamingTheKey() async throws {
        await #expect(throws: ConfigurationError.self) { _ = try await load(["MEDIA_HOSTS": "cdn.example.org/path"]) }
        do {
            _ = try await load(["MEDIA_HOSTS": "ok.example.org,http://x/y"])
            Issue.record("a path in media.hosts was accepted")
        } catch {
            #expect("\(error)".hasPrefix("media.hosts (MEDIA_HOSTS) must be host names such as"))
            #expect("\(error)".hasSuffix("got 'http://x/y'"))
        }
        await #expect(throws: ConfigurationError.self) { _ = try await load(["MEDIA_TIMEOUT": "0"]) }
        await #expect(throws: ConfigurationError.self) {
            _ = try await load(["MEDIA_ALLOW_PRIVATE_ADDRESSES": "maybe"])
        }
    }
}
