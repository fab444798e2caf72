import ArgumentParser
import Foundation
import GifBotApp
import Matrix

/// `gifbot matrix recovery-key`: prints the recovery key the bot wrote when it created a Matrix
/// account's cross-signing keys, so the operator can keep it somewhere safe. It reads the file
/// (`matrix.recovery_key_file`, by default beside the SQLite database); the bot itself never
/// logs the key.
struct RecoveryKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recovery-key",
        abstract: "Print the recovery key the bot created for a Matrix account's cross-signing keys.",
        discussion: """
            The bot writes the key, mode 0600, to matrix.recovery_key_file (MATRIX_RECOVERY_KEY_FILE; \
            default: matrix-recovery-key beside the SQLite database) when it creates the account's \
            cross-signing keys. Keep a copy in a password manager: after the bot's store is lost, \
            give it back as matrix.recovery_key (MATRIX_RECOVERY_KEY), or in the file \
            MATRIX_RECOVERY_KEY_FILE names, and the new device is trusted again. Needs no GIPHY key.
            """
    )

    @Option(name: .long, help: ArgumentHelp("A JSON or YAML config file.", valueName: "file"))
    var config: String?

    @Option(
        name: .customLong("database-url"),
        help: "The bot's database (DATABASE_URL); the key file lies beside a SQLite one. Default: gifbot.sqlite.")
    var databaseURL: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The Matrix user (as in matrix.user) when several accounts are configured.", valueName: "user"))
    var account: String?

    func run() async throws {
        var options: [SettingKey: String] = [:]
        options[.databaseURL] = databaseURL
        let accounts: [MatrixConfiguration]
        do {
            let sources = try await ConfigurationSources.load(
                options: options, environment: ProcessInfo.processInfo.environment, configFile: config)
            accounts = try MatrixSettings(sources: sources, admins: []).accounts()
        } catch {
            Self.fail("configuration error: \(error)")
        }
        let configuration = MatrixAccountChoice.choose(accounts, named: account)
        guard let path = configuration.recoveryKeyFile else {
            Self.fail("matrix.recovery_key is set: the account's recovery key is the one configured there")
        }
        let text: String?
        do {
            text = try RecoveryKeyFile(path: path).read()
        } catch {
            Self.fail("\(error)")
        }
        guard let text, !text.isEmpty else {
            Self.fail(
                "no recovery key at \(path): the bot writes it there when it creates the account's cross-signing keys")
        }
        print(text)
    }

    static func fail(_ reason: String) -> Never {
        StandardStream.write("gifbot: \(reason)\n", to: StandardStream.error)
        Foundation.exit(1)
    }
}
