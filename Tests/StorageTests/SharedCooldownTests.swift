import Testing

@testable import Storage

/// The GIPHY cool-down instances share through the database.
@Suite struct SharedCooldownTests {
    @Test(arguments: Engine.allCases)
    func aCooldownIsSeenByEveryInstanceAndNeverShortened(_ engine: Engine) async throws {
        let database = try await TestDatabase(engine)
        defer { database.remove() }
        let first = try await database.open()
        let second = engine == .postgres ? try await database.open() : first
        #expect(try await second.sharedCooldownRemaining("giphy:abc") == nil)
        try await first.startSharedCooldown("giphy:abc", seconds: 60)
        let left = try #require(try await second.sharedCooldownRemaining("giphy:abc"))
        #expect((30...60).contains(left), "about a minute, however slow the machine")
        try await second.startSharedCooldown("giphy:abc", seconds: 5)
        #expect(
            try #require(try await first.sharedCooldownRemaining("giphy:abc")) > 5,
            "a shorter one does not cut it short")
        #expect(try await first.sharedCooldownRemaining("giphy:other-key") == nil)
        try await first.startSharedCooldown("giphy:past", seconds: -1)
        #expect(try await first.sharedCooldownRemaining("giphy:past") == nil, "an expired cool-down is over")
        try await first.close()
        if engine == .postgres { try await second.close() }
    }
}
