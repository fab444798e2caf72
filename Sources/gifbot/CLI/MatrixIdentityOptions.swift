import ArgumentParser
import GifBotApp
import Matrix
import Storage

/// What `gifbot matrix identities` and `gifbot matrix accept-identity` share: the database, the
/// account, and the key that seals its encryption state (`matrix.store_key`, or the file the bot
/// made beside an SQLite database; never created here).
struct MatrixIdentityOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The Matrix user (as in matrix.user) when several accounts are configured.", valueName: "user"))
    var account: String?

    func withReview<Result>(_ body: (IdentityReview) async throws -> Result) async throws -> Result {
        try await database.withStore { store, values in
            let accounts: [MatrixConfiguration]
            let location: DatabaseLocation
            do {
                accounts = try MatrixSettings(sources: values.sources, admins: []).accounts()
                location = try DatabaseSettings.location(from: values.sources)
            } catch {
                ProcessRunner.fail("configuration error: \(error)", exitCode: .failure)
            }
            let configuration = MatrixAccountChoice.choose(accounts, named: account)
            let review: IdentityReview
            do {
                review = try await IdentityReview.open(
                    configuration: configuration, storeKey: try storeKey(configuration, location), store: store)
            } catch {
                ProcessRunner.fail("\(error)", exitCode: .failure)
            }
            return try await body(review)
        }
    }

    private func storeKey(_ configuration: MatrixConfiguration, _ location: DatabaseLocation) throws -> MatrixStoreKey {
        if let key = configuration.encryption.storeKey { return key }
        guard case .sqlite(let path) = location else {
            ProcessRunner.fail("set matrix.store_key: it seals the encryption state in PostgreSQL", exitCode: .failure)
        }
        let keyPath = FilesBesideDatabase.matrixStoreKey(database: path)
        guard let key = try MatrixStoreKey.existing(at: keyPath) else {
            ProcessRunner.fail(
                "no Matrix store key at \(keyPath): the bot has not started end-to-end encryption with this database",
                exitCode: .failure)
        }
        return key
    }
}
