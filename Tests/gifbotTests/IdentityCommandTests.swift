import Foundation
import Logging
import MatrixState
import Storage
import Testing

@testable import GifBotApp
@testable import Matrix

/// `gifbot matrix identities` and `gifbot matrix accept-identity`, run as an operator runs them
/// against a database where the bot pinned a user's identity and then saw another one.
@Suite struct IdentityCommandTests {
    static let homeserver = "https://m.example.org"
    static let bot = "@gifbot:example.org"
    static let alice = "@alice:example.org"

    /// The database and key file the bot leaves beside it, with alice's identity changed under
    /// `block` (as the bot records it: `IdentityPins`) and the bot's full user id recorded.
    func seed(_ database: String) async throws -> (first: String, second: String) {
        let store = try await SQLiteStore.open(path: database, logger: Logger(label: "test"))
        let (key, _) = try MatrixStoreKey.loadOrCreate(at: FilesBesideDatabase.matrixStoreKey(database: database))
        var configuration = MatrixConfiguration(homeserver: Self.homeserver, user: "gifbot", password: "p")
        configuration.encryption.storeKey = key
        let state = CryptoStateStore(
            store: store, vault: CryptoVault(key: key), account: configuration.storeAccount(userID: Self.bot))
        let pins = try await IdentityPins(state: state, policy: .block, logger: Logger(label: "test"), now: { Date() })
        await pins.observe([(Self.alice, "masterKeyOne")])
        await pins.observe([(Self.alice, "masterKeyTwo")])
        try await store.setAdapterState(configuration.userIDStateKey, to: Self.bot)
        try await store.close()
        return ("masterKeyOne", "masterKeyTwo")
    }

    @Test func anOperatorListsAndAcceptsAChangedIdentity() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ids-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("gifbot.sqlite").path
        // matrix.user as a bare localpart: the commands find the full id the bot recorded.
        let environment = [
            "MATRIX_HOMESERVER": Self.homeserver, "MATRIX_USER": "gifbot", "MATRIX_PASSWORD": "p",
            "DATABASE_URL": database,
        ]
        let before = try await GifbotProcess.run(["matrix", "identities"], environment: environment)
        #expect(before.status == 1)
        #expect(before.stderr.contains("no Matrix store key at \(database).matrix-store-key"))

        let (first, second) = try await seed(database)
        let listed = try await GifbotProcess.run(["matrix", "identities"], environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("\(Self.alice): changed "))
        #expect(listed.stdout.contains("room keys withheld. Trusted master key \(first), new \(second)"))
        #expect(listed.stdout.contains("gifbot matrix accept-identity \(Self.alice)"))

        let unknown = try await GifbotProcess.run(
            ["matrix", "accept-identity", "@nobody:example.org"], environment: environment)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("the bot has pinned no identity for @nobody:example.org"))

        let accepted = try await GifbotProcess.run(["matrix", "accept-identity", Self.alice], environment: environment)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("Accepted \(Self.alice)'s new identity (master key \(second))"))
        let after = try await GifbotProcess.run(["matrix", "identities"], environment: environment)
        #expect(after.stdout == "No changed identities.\n")
        let again = try await GifbotProcess.run(["matrix", "accept-identity", Self.alice], environment: environment)
        #expect(again.status == 0 && again.stdout.contains("nothing to do"))

        // Another account's user: its state is not this one's.
        let other = try await GifbotProcess.run(
            ["matrix", "identities"], environment: environment.merging(["MATRIX_USER": "other"]) { $1 })
        #expect(other.status == 1)
        #expect(other.stderr.contains("has not started end-to-end encryption as other"))
    }
}
