import Foundation
import Logging
import PostgresTestSupport
import Testing

@testable import Storage

/// The engines every store test runs on.
enum Engine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }
}

/// A fresh, empty database for one test: a file in a temporary folder, or a new database on
/// the throwaway PostgreSQL cluster. Open it as often as the test needs (a restart, or two
/// instances side by side), then `remove()` it.
struct TestDatabase {
    let engine: Engine
    let location: DatabaseLocation
    private let directory: TemporaryDirectory

    init(_ engine: Engine) async throws {
        self.engine = engine
        directory = try TemporaryDirectory()
        switch engine {
        case .sqlite:
            location = .sqlite(path: directory.path("bot.sqlite"))
        case .postgres:
            location = try DatabaseLocation(url: try await TestPostgres.shared().makeDatabase())
        }
    }

    func open() async throws -> BotStore {
        try await location.open(logger: Logger(label: "test"))
    }

    func remove() {
        directory.remove()
    }
}
