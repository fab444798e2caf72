import ArgumentParser
import GifBotApp
import Storage

struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Bring the database schema up to date, then exit.",
        discussion: """
            Every instance also migrates when it starts; run this first to upgrade the schema once, \
            before a fleet of instances restarts. Safe to run from several places at once (it takes \
            an advisory lock on PostgreSQL). Refuses a schema newer than this gifbot knows.
            """
    )

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await database.withStore { store, _ in
            print("database schema at version \(try await store.schemaVersion())")
        }
    }
}
