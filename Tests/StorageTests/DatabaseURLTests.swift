import Testing

@testable import Storage

/// `database.url` in all its accepted forms, and the ones refused.
@Suite struct DatabaseURLTests {
    @Test(arguments: [
        ("gifbot.sqlite", "gifbot.sqlite"),
        ("sqlite:///var/lib/gifbot/bot.db", "/var/lib/gifbot/bot.db"),
        ("sqlite://data/bot.db", "data/bot.db"),
        ("/tmp/x.sqlite", "/tmp/x.sqlite"),
    ])
    func sqliteURLs(_ url: String, _ path: String) throws {
        #expect(try DatabaseLocation(url: url) == .sqlite(path: path))
    }

    @Test func postgresURLs() throws {
        #expect(
            try DatabaseLocation(
                url: "postgres://bot:s3cret@db.example.org:6543/gifbot?sslmode=verify-full&sslrootcert=/etc/ca.pem")
                == .postgres(
                    PostgresLocation(
                        host: "db.example.org", port: 6543, user: "bot", password: "s3cret", database: "gifbot",
                        tlsMode: .verifyFull, caFile: "/etc/ca.pem")))
        #expect(
            try DatabaseLocation(url: "postgresql://bot@db/gifbot")
                == .postgres(
                    PostgresLocation(host: "db", user: "bot", password: nil, database: "gifbot", tlsMode: .prefer)))
        #expect(
            try DatabaseLocation(url: "postgres://bot:p%40ss%2Fw@db/gifbot?sslmode=disable")
                == .postgres(
                    PostgresLocation(host: "db", user: "bot", password: "p@ss/w", database: "gifbot", tlsMode: .disable)
                ))
        for mode in PostgresTLSMode.allCases {
            #expect(
                try DatabaseLocation(url: "postgres://u:p@h/d?sslmode=\(mode.rawValue)")
                    == .postgres(
                        PostgresLocation(host: "h", user: "u", password: "p", database: "d", tlsMode: mode)))
        }
    }

    @Test(arguments: [
        "postgres://bot:hunter2@db/gifbot?sslmode=sometimes",
        "postgres://bot:hunter2@db/",
        "postgres://bot:hunter2@/gifbot",
        "postgres://db/gifbot?password=hunter2",
        "postgres://bot:hunter2@db/gifbot?sslrootcert=",
        "postgres://bot:hunter2@db/gif/bot",
    ])
    func invalidPostgresURLsAreRefusedWithoutThePassword(_ url: String) {
        do {
            _ = try DatabaseLocation(url: url)
            Issue.record("accepted \(url)")
        } catch {
            #expect(!error.description.contains("hunter2"), "\(error)")
            guard case .invalidPostgresURL = error else {
                Issue.record("not a PostgreSQL URL error: \(error)")
                return
            }
        }
    }

    @Test func descriptionsNeverShowThePassword() throws {
        let location = try DatabaseLocation(url: "postgres://bot:hunter2@db:5433/gifbot?sslmode=require")
        #expect(location.description == "postgres://bot@db:5433/gifbot?sslmode=require")
        #expect(!String(reflecting: location).contains("hunter2"))
        #expect(!"\(location)".contains("hunter2"))
        #expect(StoreError.unsupportedURL("mysql://bot:hunter2@db/x").description.contains("mysql://bot:***@db/x"))
    }

    @Test func unsupportedDatabaseURL() {
        #expect(throws: StoreError.self) { try DatabaseLocation(url: "mysql://localhost/db") }
        #expect(throws: StoreError.self) { try DatabaseLocation(url: "  ") }
    }
}
