import ArgumentParser
import Foundation
import Giphy
import IRC
import Klipy
import Matrix
import Storage
import Testing

@testable import GifBotApp
@testable import gifbot

/// Every secret can also come from a file (`GIPHY_API_KEY_FILE`, …), as Docker and Kubernetes
/// secrets provide them; a file that cannot be used is a one-line error that never shows what
/// the file holds.
@Suite struct SecretFileTests {
    /// A folder of secret files, removed after the test.
    final class SecretFolder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gifbot-secrets-\(UUID().uuidString)")

        init() throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        /// Writes `content` to a new file and returns its path.
        func file(_ name: String, _ content: String) throws -> String {
            try file(name, Data(content.utf8))
        }

        func file(_ name: String, _ content: Data) throws -> String {
            let path = url.appendingPathComponent(name).path
            try content.write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    func load(
        _ environment: [String: String], options: [SettingKey: String] = [:], configFile: String? = nil
    ) async throws -> AppConfiguration {
        let sources = try await ConfigurationSources.load(
            options: options, environment: environment, configFile: configFile)
        return try AppConfiguration.load(from: sources)
    }

    static let irc = ["IRC_HOST": "irc.example.org", "IRC_CHANNELS": "#gifs"]
    static let matrix = ["MATRIX_HOMESERVER": "https://matrix.example.org", "MATRIX_USER": "@gifbot:example.org"]

    /// Each secret's `_FILE` variable, the other settings its section needs, and how to read the
    /// value back from the loaded configuration.
    static let secrets: [(variable: String, needs: [String: String], read: @Sendable (AppConfiguration) -> String?)] = [
        ("GIPHY_API_KEY_FILE", [:], { $0.gifSources.giphy?.apiKey }),
        ("KLIPY_APP_KEY_FILE", ["GIFS_SOURCES": "klipy"], { $0.gifSources.klipy?.appKey }),
        (
            "KLIPY_CUSTOMER_ID_SECRET_FILE", ["GIPHY_API_KEY": "g"],
            { $0.gifSources.customerIDSecret.map { String(decoding: $0, as: UTF8.self) } }
        ),
        ("IRC_PASSWORD_FILE", irc.merging(["GIPHY_API_KEY": "g"]) { $1 }, { $0.ircNetworks.first?.password }),
        ("IRC_SASL_PASSWORD_FILE", irc.merging(["GIPHY_API_KEY": "g"]) { $1 }, { $0.ircNetworks.first?.saslPassword }),
        ("MATRIX_PASSWORD_FILE", matrix.merging(["GIPHY_API_KEY": "g"]) { $1 }, { $0.matrixAccounts.first?.password }),
        (
            "MATRIX_ACCESS_TOKEN_FILE", matrix.merging(["GIPHY_API_KEY": "g"]) { $1 },
            { $0.matrixAccounts.first?.accessToken }
        ),
    ]

    @Test(arguments: 0..<SecretFileTests.secrets.count)
    func eachSecretReadsFromItsFile(_ index: Int) async throws {
        let (variable, needs, read) = Self.secrets[index]
        let folder = try SecretFolder()
        let secret = "s3cret-\(UUID().uuidString)"
        // Written as `echo` writes it: the line break is not part of the secret.
        let path = try folder.file("secret", secret + "\n")
        let configuration = try await load(needs.merging([variable: path]) { $1 })
        #expect(read(configuration) == secret, "\(variable)")
    }

    @Test func aPostgresURLWithItsPasswordReadsFromAFile() async throws {
        let folder = try SecretFolder()
        let path = try folder.file("database-url", "postgres://gifbot:pa%3Ass@db.example.org/gifbot\r\n")
        let configuration = try await load(["GIPHY_API_KEY": "g", "DATABASE_URL_FILE": path])
        guard case .postgres(let location) = configuration.database else {
            Issue.record("not PostgreSQL: \(configuration.database)")
            return
        }
        #expect(location.password == "pa:ss" && location.host == "db.example.org" && location.database == "gifbot")
    }

    @Test func aNamedNetworksAndAccountsSecretsReadFromFiles() async throws {
        let folder = try SecretFolder()
        let config = try folder.file(
            "gifbot.yaml",
            """
            irc:
              networks: [libera]
              libera: {host: irc.libera.chat, channels: "#gifs", sasl_username: bot}
            matrix:
              accounts: [work]
              work: {homeserver: "https://matrix.example.org", user: "@bot:example.org"}
            giphy:
              api_key_file: \(try folder.file("giphy", "giphy-from-file"))
            """)
        let configuration = try await load(
            [
                "IRC_LIBERA_SASL_PASSWORD_FILE": try folder.file("sasl", "sasl-from-file\n"),
                "MATRIX_WORK_PASSWORD_FILE": try folder.file("matrix", "matrix-from-file\n"),
            ], configFile: config)
        #expect(
            configuration.gifSources.giphy?.apiKey == "giphy-from-file",
            "a config file names the file with the key plus _file")
        #expect(configuration.ircNetworks.map(\.saslPassword) == ["sasl-from-file"])
        #expect(configuration.matrixAccounts.map(\.password) == ["matrix-from-file"])
    }

    @Test func commandLineOptionsNameSecretFiles() async throws {
        let folder = try SecretFolder()
        let giphy = try folder.file("giphy", "giphy-key-from-file\n")
        let klipy = try folder.file("klipy", "klipy-key-from-file\n")
        let database = try folder.file("database", folder.url.appendingPathComponent("bot.sqlite").path)
        let options = try ConfigurationOptions.parse([
            "--giphy-api-key-file", giphy, "--gifs-sources", "giphy,klipy", "--klipy-app-key-file", klipy,
            "--database-url-file", database,
        ])
        let configuration = try await load([:], options: options.values)
        #expect(configuration.gifSources.giphy?.apiKey == "giphy-key-from-file")
        #expect(configuration.gifSources.klipy?.appKey == "klipy-key-from-file")
        #expect(configuration.database == .sqlite(path: folder.url.appendingPathComponent("bot.sqlite").path))
    }

    @Test func secretsGivenAsOptionsAreCounted() throws {
        let options = try ConfigurationOptions.parse([
            "--giphy-api-key", "k", "--giphy-rating", "pg", "--database-url", "postgres://u:p@h/db",
        ])
        #expect(ProcessRunner.secrets(in: options.values) == [.databaseURL, .giphyAPIKey])
        let harmless = try ConfigurationOptions.parse([
            "--giphy-api-key-file", "/run/secrets/giphy", "--database-url", "bot.sqlite",
        ])
        #expect(ProcessRunner.secrets(in: harmless.values).isEmpty, "a file's path and a SQLite path are no secrets")
    }

    @Test func aMissingFileIsNamedWithItsReason() async throws {
        let folder = try SecretFolder()
        let path = folder.url.appendingPathComponent("absent").path
        do {
            _ = try await load(["GIPHY_API_KEY_FILE": path])
            Issue.record("accepted a missing file")
        } catch let error as ConfigurationError {
            #expect(
                error.description
                    == "giphy.api_key_file (GIPHY_API_KEY_FILE): cannot use '\(path)': No such file or directory")
        }
    }

    @Test func fileProblemsNeverShowTheContent() async throws {
        let folder = try SecretFolder()
        let secret = "leaky-\(UUID().uuidString)"
        let cases: [(environment: [String: String], message: String)] = [
            (["GIPHY_API_KEY_FILE": folder.url.path], "Is a directory"),
            (["GIPHY_API_KEY_FILE": try folder.file("empty", "\n")], "it is empty"),
            (
                ["GIPHY_API_KEY_FILE": try folder.file("binary", Data([0xFF, 0xFE] + Array(secret.utf8)))],
                "it is not UTF-8 text"
            ),
            (
                ["GIPHY_API_KEY_FILE": try folder.file("huge", secret + String(repeating: "x", count: 70_000))],
                "it is larger than 64 KiB"
            ),
            (
                ["GIPHY_API_KEY_FILE": try folder.file("key", secret), "GIPHY_API_KEY": "also-set"],
                "set giphy.api_key (GIPHY_API_KEY) or giphy.api_key_file (GIPHY_API_KEY_FILE), not both"
            ),
            (
                [
                    "GIPHY_API_KEY": "g",
                    "KLIPY_CUSTOMER_ID_SECRET_FILE": try folder.file("short", String(secret.prefix(10)) + "\n"),
                ],
                "klipy.customer_id_secret (KLIPY_CUSTOMER_ID_SECRET) must be at least 16 characters; got (hidden)"
            ),
            (
                ["GIPHY_API_KEY": "g", "DATABASE_URL_FILE": try folder.file("url", "postgres://u:\(secret)@/db")],
                "database.url (DATABASE_URL): invalid PostgreSQL URL 'postgres://u:***@/db'"
            ),
        ]
        for (environment, message) in cases {
            do {
                _ = try await load(environment)
                Issue.record("accepted \(environment.keys.sorted())")
            } catch let error as ConfigurationError {
                #expect(error.description.contains(message), "\(error.description)")
                #expect(!error.description.contains(secret.prefix(10)), "\(error.description)")
            }
        }
    }

    @Test func aSecretOnTheCommandLineIsWarnedAboutWithoutItsValue() async throws {
        let folder = try SecretFolder()
        let secret = "cli-secret-\(UUID().uuidString)"
        let result = try await GifbotProcess.run(
            ["console", "--giphy-api-key", secret],
            environment: [
                "DATABASE_URL": folder.url.appendingPathComponent("bot.sqlite").path
            ], input: "!about\n")
        #expect(result.status == 0)
        #expect(result.stderr.contains("A secret was given on the command line"), "\(result.stderr)")
        #expect(result.stderr.contains("giphy.api_key") && result.stderr.contains("GIPHY_API_KEY_FILE"))
        #expect(!result.stderr.contains(secret))
    }

    @Test func theExecutableReportsAnUnusableFileInOneLine() async throws {
        let folder = try SecretFolder()
        let path = folder.url.appendingPathComponent("missing-key").path
        let result = try await GifbotProcess.run(
            ["console"],
            environment: [
                "GIPHY_API_KEY_FILE": path, "DATABASE_URL": folder.url.appendingPathComponent("bot.sqlite").path,
            ], input: "!about\n")
        #expect(result.status == 78)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "gifbot: configuration error: giphy.api_key_file (GIPHY_API_KEY_FILE): cannot use '\(path)': No such file or directory\n"
        )
    }
}
