import Matrix

/// The Matrix accounts of the configuration, one adapter (and one lease) each, downloading media
/// under the process's media rules.
package enum MatrixAccounts: ChatNetworkKind {
    package static func isConfigured(_ configuration: AppConfiguration) -> Bool {
        !configuration.matrixAccounts.isEmpty
    }

    package static func adapters(_ configuration: AppConfiguration, runtime: BotRuntime) -> [ChatAdapterService] {
        configuration.matrixAccounts.map { account in
            var account = account
            account.media = configuration.media.policy
            account.timing.downloadTimeout = configuration.media.timeout
            let adapter = MatrixAdapter(
                configuration: account, bot: runtime.bot, store: runtime.store, names: runtime.names,
                httpClient: runtime.httpClient, logger: runtime.logger, metrics: runtime.metrics.factory)
            return ChatAdapterService(
                lease: "matrix:\(account.homeserver):\(account.user)", service: adapter, status: adapter.status,
                name: "matrix:\(account.user)")
        }
    }
}
