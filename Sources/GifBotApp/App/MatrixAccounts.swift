import Logging
import Matrix
import Storage

/// The Matrix accounts of the configuration, one adapter (and one lease) each, downloading media
/// under the process's media rules.
package enum MatrixAccounts: ChatNetworkKind {
    package static func isConfigured(_ configuration: AppConfiguration) -> Bool {
        !configuration.matrixAccounts.isEmpty
    }

    package static func adapters(_ configuration: AppConfiguration, runtime: BotRuntime) -> [ChatAdapterService] {
        configuration.matrixAccounts.map { account in
            let adapter = adapter(account, in: configuration, runtime: runtime)
            return ChatAdapterService(
                lease: "matrix:\(account.homeserver):\(account.user)", service: adapter, status: adapter.status,
                name: "matrix:\(account.user)")
        }
    }

    /// One account's adapter, as `gifbot run` makes it: media under the process's media rules,
    /// and a store key beside an SQLite database when encryption is on and none is set. The
    /// harnesses of the tests make theirs here too.
    package static func adapter(
        _ account: MatrixConfiguration, in configuration: AppConfiguration, runtime: BotRuntime
    ) -> MatrixAdapter {
        var account = account
        account.media = configuration.media.policy
        account.timing.downloadTimeout = configuration.media.timeout
        if account.encryption.isEnabled, account.encryption.storeKey == nil {
            account.encryption.storeKey = generatedStoreKey(configuration.database, runtime: runtime)
        }
        return MatrixAdapter(
            configuration: account, bot: runtime.bot, store: runtime.store, names: runtime.names,
            httpClient: runtime.httpClient, logger: runtime.logger, metrics: runtime.metrics.factory)
    }

    /// The store key kept beside an SQLite database, made on first start. PostgreSQL has no
    /// "beside": a key in the database it protects would protect nothing, and a key on one
    /// instance's disk would strand the others, so there the operator must set matrix.store_key
    /// (without it the adapter keeps the notice and says so in its log).
    private static func generatedStoreKey(_ database: DatabaseLocation, runtime: BotRuntime) -> MatrixStoreKey? {
        guard case .sqlite(let path) = database else { return nil }
        let keyPath = FilesBesideDatabase.matrixStoreKey(database: path)
        do {
            let (key, created) = try MatrixStoreKey.loadOrCreate(at: keyPath)
            if created {
                runtime.logger.notice(
                    "Created the key that seals the Matrix encryption state; back it up with the database",
                    metadata: ["path": "\(keyPath)"])
            }
            return key
        } catch {
            runtime.logger.error("\(error)")
            return nil
        }
    }
}
