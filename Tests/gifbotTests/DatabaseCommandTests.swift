import Foundation
import GiphyStandIn
import Logging
import PostgresTestSupport
import SQLKit
import Testing

@testable import Storage

/// `gifbot migrate`, `gifbot export` and `gifbot import` as an operator runs them.
@Suite(.timeLimit(.minutes(3))) struct DatabaseCommandTests {
    @Test func aCommunityMovesFromSQLiteToPostgreSQLAndBack() async throws {
        try await withConsole(engine: "sqlite") { harness in
            let chat = try await harness.run(
                ["console", "--user", "alice"], environment: harness.environment(["BOT_ADMINS": "alice"]),
                input: "!fav C7RCCFdaixA3u\n!gif batman\n!fav\n!rating g\n")
            #expect(chat.stdoutLines.count == 4)
            let postgres = try await TestPostgres.shared().makeDatabase()
            let backToSQLite = harness.directory.appendingPathComponent("again.sqlite").path

            let migrated = try await harness.run(["migrate"], environment: ["DATABASE_URL": postgres])
            #expect(migrated.status == 0, "\(migrated.stderr)")
            #expect(migrated.stdoutLines == ["database schema at version \(BotStore.latestSchemaVersion)"])

            let exported = try await harness.run(["export"], environment: ["DATABASE_URL": harness.databaseURL])
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(
                exported.stdoutLines.count == 4, "two favorites, one search, one channel setting: \(exported.stdout)")
            let file = harness.directory.appendingPathComponent("bot.jsonl")
            try Data(exported.stdout.utf8).write(to: file)

            let imported = try await harness.run(["import", file.path], environment: ["DATABASE_URL": postgres])
            #expect(imported.stdoutLines == ["imported 4 records, skipped 0 already there"], "\(imported.stderr)")
            let again = try await harness.run(["import", file.path], environment: ["DATABASE_URL": postgres])
            #expect(again.stdoutLines == ["imported 0 records, skipped 4 already there"])
            let fromPostgres = try await harness.run(["export"], environment: ["DATABASE_URL": postgres])
            #expect(fromPostgres.stdout == exported.stdout)

            let piped = try await harness.run(
                ["import", "-"], environment: ["DATABASE_URL": backToSQLite], input: fromPostgres.stdout)
            #expect(piped.stdoutLines == ["imported 4 records, skipped 0 already there"])
            let final = try await harness.run(["export"], environment: ["DATABASE_URL": backToSQLite])
            #expect(final.stdout == exported.stdout, "SQLite → PostgreSQL → SQLite gives identical data")

            let alice = try await harness.run(["export", "--user", "alice"], environment: ["DATABASE_URL": postgres])
            #expect(alice.stdoutLines.count == 3)
            #expect(alice.stdoutLines.allSatisfy { $0.contains(#""user":"alice""#) })
        }
    }

    @Test func aBadLineStopsTheImportWithItsNumber() async throws {
        try await withConsole(engine: "sqlite") { harness in
            let input =
                #"{"type":"recent_search","network":"console","user":"bob","query":"cat","searched_at":1}"#
                + "\n{oops\n"
            let result = try await harness.run(
                ["import", "-"], environment: ["DATABASE_URL": harness.databaseURL], input: input)
            #expect(result.status == 1)
            #expect(
                result.stderr.hasSuffix("gifbot: -:2: not a gifbot export record; nothing imported\n"),
                "\(result.stderr)")
            let exported = try await harness.run(["export"], environment: ["DATABASE_URL": harness.databaseURL])
            #expect(
                exported.stdout.isEmpty, "the good line before the bad one is not imported either: \(exported.stdout)")
        }
    }

    @Test func aWrongPasswordEndsWithOneLineWithoutThePassword() async throws {
        let cluster = try await TestPostgres.shared()
        let url = cluster.url(database: "postgres", password: "Wrong-Pass-314")
        for arguments in [["migrate"], ["console"]] {
            let result = try await GifbotProcess.run(
                arguments, environment: ["DATABASE_URL": url, "GIPHY_API_KEY": "k"])
            #expect(result.status == 78)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("password authentication failed"), "\(result.stderr)")
            #expect(!result.stderr.contains("Wrong-Pass-314") && !result.stdout.contains("Wrong-Pass-314"))
        }
        // Every log line, down to the database driver's own, keeps the password out too.
        let traced = try await GifbotProcess.run(
            ["console"], environment: ["DATABASE_URL": url, "GIPHY_API_KEY": "k", "LOG_LEVEL": "trace"])
        #expect(traced.status == 78)
        #expect(!traced.stderr.contains("Wrong-Pass-314"))
    }

    @Test func anInstanceRefusesASchemaNewerThanItKnows() async throws {
        try await withConsole(engine: "postgres") { harness in
            let store = try await DatabaseLocation(url: harness.databaseURL).open(logger: Logger(label: "test"))
            try await store.database.raw(
                "INSERT INTO gifbot_migrations (version, name, applied_at) VALUES (99, 'future', 0)"
            ).run()
            try await store.close()
            let result = try await harness.run(["console"], environment: harness.environment(), input: "!about\n")
            #expect(result.status == 78)
            // "knows (N)": the newest migration's number, which grows with each feature's range.
            #expect(
                result.stderr
                    == "gifbot: configuration error: database.url (DATABASE_URL): the database schema is at version 99, "
                    + "newer than this gifbot knows (\(BotStore.latestSchemaVersion)); run a newer gifbot\n")
        }
    }
}
