import Foundation
import Matrix
import Testing

@testable import GifBotApp

/// `matrix.recovery_key` and `matrix.recovery_key_file`, and `gifbot matrix recovery-key`.
@Suite struct RecoveryKeySettingsTests {
    let account = [
        "MATRIX_HOMESERVER": "https://m.example.org", "MATRIX_USER": "@gifbot:example.org", "MATRIX_PASSWORD": "p",
    ]

    func accounts(_ environment: [String: String]) async throws -> [MatrixConfiguration] {
        let sources = try await ConfigurationSources.load(
            options: [:], environment: ["GIPHY_API_KEY": "k"].merging(environment) { $1 }, configFile: nil)
        return try AppConfiguration.load(from: sources).matrixAccounts
    }

    @Test func theFileLiesBesideTheSQLiteDatabaseByDefault() async throws {
        let accounts = try await accounts(
            account.merging([
                "DATABASE_URL": "/var/lib/gifbot/gifbot.sqlite", "MATRIX_ACCOUNTS": "work",
                "MATRIX_WORK_HOMESERVER": "https://w.example.org", "MATRIX_WORK_USER": "@bot:w.example.org",
                "MATRIX_WORK_PASSWORD": "p",
            ]) { $1 })
        #expect(
            accounts.map(\.recoveryKeyFile) == [
                "/var/lib/gifbot/matrix-recovery-key", "/var/lib/gifbot/matrix-recovery-key-work",
            ])
        #expect(accounts.allSatisfy { $0.recoveryKey == nil })
        #expect(
            FilesBesideDatabase.matrixStoreKey(database: "/var/lib/gifbot/gifbot.sqlite")
                == "/var/lib/gifbot/gifbot.sqlite.matrix-store-key")
    }

    @Test func theKeyOrItsFileIsConfigured() async throws {
        let key = "EsTc 5rr1 4eKz aYeS TQUx GCoH ZHiF spYd J2bA yGw3 6fJU 3gr2"
        let direct = try await accounts(account.merging(["MATRIX_RECOVERY_KEY": key]) { $1 })[0]
        #expect(direct.recoveryKey == key && direct.recoveryKeyFile == nil)
        let file = try await accounts(account.merging(["MATRIX_RECOVERY_KEY_FILE": "/run/secrets/rk"]) { $1 })[0]
        #expect(file.recoveryKey == nil && file.recoveryKeyFile == "/run/secrets/rk")
        await #expect(throws: ConfigurationError.self) {
            try await accounts(account.merging(["MATRIX_RECOVERY_KEY": key, "MATRIX_RECOVERY_KEY_FILE": "/x"]) { $1 })
        }
    }

    @Test func theCommandPrintsTheKeyFromItsFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("gifbot.sqlite").path
        let environment = account.merging(["DATABASE_URL": database]) { $1 }

        let missing = try await GifbotProcess.run(["matrix", "recovery-key"], environment: environment)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no recovery key at \(directory.path)/matrix-recovery-key"))

        let key = "EsTc 5rr1 4eKz aYeS TQUx GCoH ZHiF spYd J2bA yGw3 6fJU 3gr2"
        try RecoveryKeyFile(path: directory.appendingPathComponent("matrix-recovery-key").path).write(key)
        let printed = try await GifbotProcess.run(["matrix", "recovery-key"], environment: environment)
        #expect(printed.status == 0)
        #expect(printed.stdout == key + "\n")
    }
}
