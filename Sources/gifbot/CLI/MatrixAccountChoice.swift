import ArgumentParser
import GifBotApp
import Matrix

/// The one configured Matrix account a `gifbot matrix` subcommand works on: the only one, or
/// the one `--account` names.
enum MatrixAccountChoice {
    static func choose(_ accounts: [MatrixConfiguration], named account: String?) -> MatrixConfiguration {
        let chosen = accounts.filter { account == nil || $0.user == account }
        guard chosen.count == 1, let configuration = chosen.first else {
            ProcessRunner.fail(
                chosen.isEmpty
                    ? "no Matrix account \(account.map { "'\($0)' " } ?? "")is configured"
                    : "several Matrix accounts are configured: choose one with --account",
                exitCode: .failure)
        }
        return configuration
    }
}
