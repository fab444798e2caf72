import SQLKit

extension BotStore {
    /// Takes the lease `name` for `owner` for `seconds`, or renews it when `owner` holds it
    /// already. True when `owner` holds it afterwards. One statement: of two instances asking at
    /// once, exactly one gets it. Expiry is by the database's clock, so instances on machines
    /// whose clocks differ still agree on who holds a lease.
    public func acquireLease(_ name: String, owner: String, seconds: Int) async throws -> Bool {
        try await database.raw(
            """
            INSERT INTO \(ident: Schema.leases) (name, owner, expires_at)
            VALUES (\(bind: name), \(bind: owner), \(dialect.unixNow) + \(bind: seconds))
            ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
            WHERE \(ident: Schema.leases).owner = excluded.owner OR \(ident: Schema.leases).expires_at < \(dialect.unixNow)
            """
        ).run()
        return try await leaseHolder(name) == owner
    }

    /// Who holds the lease now; nil when nobody does or the lease has expired.
    public func leaseHolder(_ name: String) async throws -> String? {
        try await database.raw(
            """
            SELECT owner FROM \(ident: Schema.leases) WHERE name = \(bind: name) AND expires_at >= \(dialect.unixNow)
            """
        ).first(decodingColumn: "owner", as: String.self)
    }

    /// Gives the lease up, if `owner` still holds it, so a standby need not wait for it to expire.
    public func releaseLease(_ name: String, owner: String) async throws {
        try await database.delete(from: Schema.leases).where("name", .equal, name).where("owner", .equal, owner).run()
    }
}
