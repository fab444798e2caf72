import Foundation
import Testing

/// The executable's new SQLite database, which holds the Matrix token and KLIPY's customer_id
/// secret, is its user's alone: the file and SQLite's -wal and -shm files 0600, the folder the
/// bot made 0700, under the usual umask the test process hands down.
@Suite(.timeLimit(.minutes(2))) struct DatabaseFileModeProcessTests {
    func mode(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o777
    }

    @Test func aNewDatabaseIsPrivateWhileTheBotWritesIt() async throws {
        try await withConsole(engine: "sqlite") { harness in
            let folder = harness.directory.appendingPathComponent("data").path
            let path = folder + "/bot.sqlite"
            let bot = try harness.launch(
                ["console", "--user", "alice"], environment: harness.environment(["DATABASE_URL": path]))
            bot.write("!fav l0NwGpoOVLTAyUJSo\n")
            #expect(await bot.waitForOutput { $0.contains("Saved ") })
            // The connection is open and has written: SQLite holds both of its side files now.
            #expect(mode(folder) == 0o700)
            #expect(mode(path) == 0o600)
            #expect(mode(path + "-wal") == 0o600)
            #expect(mode(path + "-shm") == 0o600)
            bot.closeInput()
            let result = await bot.finish()
            #expect(result.status == 0)
            #expect(!result.stderr.contains("can be read by other users"), "\(result.stderr)")
        }
    }
}
