import Foundation
import GifBotCore
import Matrix
import Testing

@testable import GifBotApp
@testable import gifbot

/// The matrix.* keys.
@Suite struct MatrixConfigurationTests {
    func load(_ environment: [String: String]) async throws -> AppConfiguration {
        let sources = try await ConfigurationSources.load(
            options: [:], environment: ["GIPHY_API_KEY": "k"].merging(environment) { $1 },
            configFile: nil)
        return try AppConfiguration.load(from: sources)
    }

    @Test func anAccountFromTheEnvironment() async throws {
        let accounts = try await load([
            "MATRIX_HOMESERVER": "https://matrix.example.org/", "MATRIX_USER": "@gifbot:example.org",
            "MATRIX_PASSWORD": "pw",
            "MATRIX_ROOMS": "#gifs:example.org, !abc:example.org", "MATRIX_INVITE_ALLOW": "@*:example.org",
            "MATRIX_UPLOAD_GIFS": "false", "MATRIX_MAX_UPLOAD_BYTES": "1048576", "BOT_ADMINS": "@root:example.org",
        ]).matrixAccounts
        let account = try #require(accounts.first)
        #expect(accounts.count == 1)
        #expect(account.homeserver == "https://matrix.example.org")
        #expect(account.user == "@gifbot:example.org" && account.password == "pw" && account.accessToken == nil)
        #expect(account.statusName == "@gifbot", "/readyz names no server")
        #expect(account.rooms == ["#gifs:example.org", "!abc:example.org"])
        #expect(account.inviteAllow == ["@*:example.org"])
        #expect(!account.uploadGIFs && account.maxUploadBytes == 1_048_576)
        #expect(account.admins == ["@root:example.org"])
        let defaults = try await load([
            "MATRIX_HOMESERVER": "http://127.0.0.1:8008", "MATRIX_USER": "gifbot", "MATRIX_ACCESS_TOKEN": "t",
        ]).matrixAccounts[0]
        #expect(defaults.uploadGIFs && defaults.maxUploadBytes == 4 * 1024 * 1024 && defaults.inviteAllow.isEmpty)
    }

    @Test func encryptionSettings() async throws {
        let base = ["MATRIX_HOMESERVER": "https://m", "MATRIX_USER": "u", "MATRIX_PASSWORD": "p"]
        let defaults = try await load(base).matrixAccounts[0].encryption
        #expect(defaults.isEnabled && defaults.shareKeysWith == .crossSigned && defaults.storeKey == nil)
        #expect(defaults.identityChange == .warn, "as Element, for users one has not verified")
        #expect(try await load(base).matrixAccounts[0].channelAdmins == .operators)
        #expect(
            try await load(base.merging(["BOT_CHANNEL_ADMINS": "none"]) { $1 }).matrixAccounts[0].channelAdmins == .none
        )
        let set = try await load(
            base.merging([
                "MATRIX_E2EE": "false", "MATRIX_E2EE_SHARE_KEYS_WITH": "all",
                "MATRIX_STORE_KEY": "sixteen-chars-at-least", "MATRIX_E2EE_IDENTITY_CHANGE": "Block",
            ]) { $1 }
        ).matrixAccounts[0].encryption
        #expect(!set.isEnabled && set.shareKeysWith == .all && set.identityChange == .block)
        #expect(set.storeKey == MatrixStoreKey(secret: "sixteen-chars-at-least"))
        await #expect(throws: ConfigurationError.self) {
            _ = try await load(base.merging(["MATRIX_STORE_KEY": "short"]) { $1 })
        }
        await #expect(throws: ConfigurationError.self) {
            _ = try await load(base.merging(["MATRIX_E2EE_SHARE_KEYS_WITH": "some"]) { $1 })
        }
        await #expect(throws: ConfigurationError.self) {
            _ = try await load(base.merging(["MATRIX_E2EE_IDENTITY_CHANGE": "ignore"]) { $1 })
        }
    }

    /// A config file cannot give `e2ee` a value and keys under it: `e2ee.enabled` sits beside
    /// `e2ee.share_keys_with` instead.
    @Test func encryptionSettingsFromAYAMLFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("e2ee-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        try """
        matrix:
          homeserver: https://m
          user: u
          password: p
          e2ee:
            enabled: false
            share_keys_with: all
        """.write(to: file, atomically: true, encoding: .utf8)
        func load(_ environment: [String: String]) async throws -> MatrixEncryptionConfiguration {
            let sources = try await ConfigurationSources.load(
                options: [:], environment: ["GIPHY_API_KEY": "k"].merging(environment) { $1 }, configFile: file.path)
            return try AppConfiguration.load(from: sources).matrixAccounts[0].encryption
        }
        let fromFile = try await load([:])
        #expect(!fromFile.isEnabled && fromFile.shareKeysWith == .all)
        #expect(try await load(["MATRIX_E2EE_ENABLED": "true"]).isEnabled, "the environment overrides the file")
        await #expect(throws: ConfigurationError.self, "MATRIX_E2EE=true against the file's enabled: false") {
            _ = try await load(["MATRIX_E2EE": "true"])
        }
        #expect(try await load(["MATRIX_E2EE": "false"]).isEnabled == false, "agreeing is fine")
    }

    @Test(arguments: [
        (
            ["MATRIX_HOMESERVER": "matrix.example.org", "MATRIX_USER": "u", "MATRIX_PASSWORD": "p"],
            "matrix.homeserver (MATRIX_HOMESERVER) must be an http:// or https:// URL; got 'matrix.example.org'"
        ),
        (
            ["MATRIX_HOMESERVER": "https://m", "MATRIX_PASSWORD": "p"],
            "matrix.user (MATRIX_USER) is required: the bot's Matrix user, such as @gifbot:example.org"
        ),
        (
            ["MATRIX_HOMESERVER": "https://m", "MATRIX_USER": "u"],
            "matrix.password (MATRIX_PASSWORD) is required: a password (or matrix.access_token (MATRIX_ACCESS_TOKEN)) for u"
        ),
        (
            [
                "MATRIX_HOMESERVER": "https://m", "MATRIX_USER": "u", "MATRIX_PASSWORD": "p",
                "MATRIX_INVITE_ALLOW": "everyone",
            ],
            "matrix.invite_allow (MATRIX_INVITE_ALLOW) must be user ids or patterns such as @*:example.org; got 'everyone'"
        ),
        (
            [
                "MATRIX_HOMESERVER": "https://m", "MATRIX_USER": "u", "MATRIX_PASSWORD": "p",
                "MATRIX_UPLOAD_GIFS": "sometimes",
            ], "matrix.upload_gifs (MATRIX_UPLOAD_GIFS) must be true or false; got 'sometimes'"
        ),
    ])
    func mistakesAreNamed(_ environment: [String: String], _ message: String) async throws {
        do {
            _ = try await load(environment)
            Issue.record("accepted \(environment)")
        } catch let error as ConfigurationError {
            #expect(error.description == message)
        }
    }
}
