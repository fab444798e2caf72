import SQLKit

extension BotStore {
    /// Seconds left of the cool-down `name` that some instance started; nil when none runs.
    public func sharedCooldownRemaining(_ name: String) async throws -> Int? {
        let left = try await database.raw(
            """
            SELECT until_at - \(dialect.unixNow) AS remaining FROM \(ident: Schema.rateLimitCooldowns) WHERE name = \(bind: name)
            """
        ).first(decodingColumn: "remaining", as: Int.self)
        guard let left, left > 0 else { return nil }
        return left
    }

    /// Starts (or lengthens, never shortens) the cool-down `name` for every instance.
    public func startSharedCooldown(_ name: String, seconds: Int) async throws {
        try await database.raw(
            """
            INSERT INTO \(ident: Schema.rateLimitCooldowns) (name, until_at)
            VALUES (\(bind: name), \(dialect.unixNow) + \(bind: seconds))
            ON CONFLICT (name) DO UPDATE SET until_at = excluded.until_at
            WHERE \(ident: Schema.rateLimitCooldowns).until_at < excluded.until_at
            """
        ).run()
    }
}
