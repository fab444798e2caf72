import SQLKit
import Testing

@testable import Storage

/// Leases decide which instance serves a chat connection.
@Suite struct LeaseTests {
    @Test(arguments: Engine.allCases)
    func oneHolderAtATimeUntilReleasedOrExpired(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let store = try await database.open()
        #expect(try await store.leaseHolder("irc:libera") == nil)
        #expect(try await store.acquireLease("irc:libera", owner: "one", seconds: 60))
        #expect(try await !store.acquireLease("irc:libera", owner: "two", seconds: 60), "held by one")
        #expect(try await store.acquireLease("irc:libera", owner: "one", seconds: 60), "one renews")
        #expect(try await store.acquireLease("irc:oftc", owner: "two", seconds: 60), "another lease is free")
        #expect(try await store.leaseHolder("irc:libera") == "one")

        try await store.releaseLease("irc:libera", owner: "two")  // not the holder: nothing happens
        #expect(try await store.leaseHolder("irc:libera") == "one")
        try await store.releaseLease("irc:libera", owner: "one")
        #expect(try await store.acquireLease("irc:libera", owner: "two", seconds: 60), "released: two takes it")

        // A holder that stopped renewing: its lease ran out (moved an hour back here).
        #expect(try await store.acquireLease("matrix:hs:@bot", owner: "one", seconds: 60))
        try await store.database.raw("UPDATE leases SET expires_at = expires_at - 3600").run()
        #expect(try await store.leaseHolder("matrix:hs:@bot") == nil)
        #expect(try await store.acquireLease("matrix:hs:@bot", owner: "two", seconds: 60), "expired: two takes it")
        #expect(
            try await !store.acquireLease("matrix:hs:@bot", owner: "one", seconds: 60), "one cannot renew what it lost")
        try await store.close()
    }

    /// Many instances asking at the same moment: exactly one gets the lease.
    @Test(arguments: Engine.allCases)
    func exactlyOneOfManyGetsIt(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let stores =
            engine == .postgres ? [try await database.open(), try await database.open()] : [try await database.open()]
        let winners = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<10 {
                let store = stores[index % stores.count]
                group.addTask { try await store.acquireLease("irc:net", owner: "owner-\(index)", seconds: 60) }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(winners == 1)
        for store in stores { try await store.close() }
    }
}
