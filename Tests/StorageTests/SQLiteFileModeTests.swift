import Foundation
import Logging
import MatrixState
import Testing

@testable import Storage

/// A new SQLite database holds the Matrix access token and KLIPY's customer_id secret: it and
/// the files SQLite makes beside it are the owner's alone, whatever the umask.
@Suite struct SQLiteFileModeTests {
    func mode(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o777
    }

    @Test func aNewDatabaseAndItsWriteAheadFilesAre0600InA0700Folder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("data/bot.sqlite")
        let store = try await SQLiteStore.open(path: path, logger: Logger(label: "test"))
        // A write while the connection is open: SQLite then holds both -wal and -shm.
        try await store.setAdapterState("matrix:test:access_token", to: "syt_token")
        #expect(mode(directory.path("data")) == 0o700, "the folder the bot created")
        #expect(mode(path) == 0o600)
        #expect(mode(path + "-wal") == 0o600)
        #expect(mode(path + "-shm") == 0o600)
        try await store.close()
        #expect(mode(path) == 0o600)
    }

    @Test func anExistingFolderAndFileKeepTheirModes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        chmod(directory.url.path, 0o750)
        let path = directory.path("bot.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o640]))
        let store = try await SQLiteStore.open(path: path, logger: Logger(label: "test"))
        try await store.close()
        #expect(mode(directory.url.path) == 0o750, "an operator's folder is theirs to set")
        #expect(mode(path) == 0o640, "an existing file is warned about, not changed")
    }

    @Test func onlyTheDatabasesOwnFolderIsCreated() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            _ = try await SQLiteStore.open(path: directory.path("typo/data/bot.sqlite"), logger: Logger(label: "test"))
            Issue.record("created a whole missing path")
        } catch let error as StoreError {
            #expect(error.description.contains("cannot create its folder: No such file or directory"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("typo")))
    }
}
