import Foundation

/// What one user asked of the homeserver, read from Synapse's access log (`homeserver.log` at
/// INFO: one "Processed request" line per request, naming the user, the request line and the
/// server's own time for it). Counts from a starting point of the log to now, so a scenario can
/// take the requests of its measured commands only, with no proxy in the way to slow them.
struct HomeserverRequests {
    /// The requests by kind: `sync`, `send`, `upload`, `keys`, `other`.
    var counts: [String: Int] = [:]
    /// Of the `keys` requests, the one-time key claims (`/keys/claim`).
    var keyClaims = 0
    /// The homeserver's own time on the requests other than `/sync` (whose long poll waits).
    var serverSeconds = 0.0
    /// The homeserver's time on the first `/sync` read: after a start, where that sync returns
    /// at once (there is news, or it is an initial sync), what the server took to compute it.
    var firstSyncSeconds: Double?
    /// The homeserver's CPU (its `ru=` user and system seconds) on the `/sync` requests: a long
    /// poll's waiting costs none, so this is what computing the answers cost, wake-ups included.
    var syncCPUSeconds = 0.0
    /// The homeserver's database time (its `db=` transaction seconds) on the `/sync` requests:
    /// queries run on its database threads, outside the CPU counted above.
    var syncDatabaseSeconds = 0.0

    var total: Int { counts.values.reduce(0, +) }

    /// The log's length now: where the next reading starts.
    static func mark(_ log: URL) -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: log.path)[.size]) as? NSNumber)?.uint64Value ?? 0
    }

    /// `user`'s requests in `log` after `offset`.
    static func read(_ log: URL, after offset: UInt64, user: String) -> HomeserverRequests {
        read(log, after: offset, users: [user])[user] ?? HomeserverRequests()
    }

    /// Each of `users`' requests in `log` after `offset`, the log read once.
    static func read(_ log: URL, after offset: UInt64, users: [String]) -> [String: HomeserverRequests] {
        var results = Dictionary(uniqueKeysWithValues: users.map { ($0, HomeserverRequests()) })
        guard let handle = try? FileHandle(forReadingFrom: log) else { return results }
        defer { try? handle.close() }
        try? handle.seek(toOffset: offset)
        let text = String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
        let tags = users.map { (user: $0, tag: "{\($0)}") }
        for line in text.split(separator: "\n") {
            guard let user = tags.first(where: { line.contains($0.tag) })?.user else { continue }
            results[user]?.add(line)
        }
        return results
    }

    /// Counts one "Processed request" line of the log.
    private mutating func add(_ line: Substring) {
        guard let processed = line.range(of: "Processed request: "),
            let quote = line.range(of: " \"", range: processed.upperBound..<line.endIndex)
        else { return }
        // A status ending in "!" is a request whose client went away before the answer: a
        // stopped bot's long poll, logged once the server notices, after the next one began.
        if line[..<quote.lowerBound].split(separator: " ").last?.hasSuffix("!") == true { return }
        let request = line[quote.upperBound...].split(separator: " ", maxSplits: 2)
        guard request.count >= 2 else { return }
        let path = request[1]
        let kind =
            path.contains("/sync")
            ? "sync"
            : path.contains("/send/")
                ? "send"
                : path.contains("/upload")
                    ? "upload"
                    : path.contains("/keys/") ? "keys" : "other"
        counts[kind, default: 0] += 1
        if path.contains("/keys/claim") { keyClaims += 1 }
        guard let seconds = Double(line[processed.upperBound...].prefix { $0 != "s" }) else { return }
        if kind == "sync" {
            syncCPUSeconds += Self.cpuSeconds(line[processed.upperBound...]) ?? 0
            syncDatabaseSeconds += Self.databaseSeconds(line[processed.upperBound...]) ?? 0
            firstSyncSeconds = firstSyncSeconds ?? seconds
        } else {
            serverSeconds += seconds
        }
    }

    /// The transaction seconds of a "Processed request" line's `db=(scheduling/transactions/count)`.
    private static func databaseSeconds(_ figures: Substring) -> Double? {
        guard let parts = group("db", in: figures)?.split(separator: "/"), parts.count == 3 else { return nil }
        return seconds(parts[1])
    }

    /// The `ru=(user, system)` CPU seconds of a "Processed request" line's figures.
    private static func cpuSeconds(_ figures: Substring) -> Double? {
        guard let pair = group("ru", in: figures)?.split(separator: ","), pair.count == 2 else { return nil }
        guard let user = seconds(pair[0]), let system = seconds(pair[1]) else { return nil }
        return user + system
    }

    /// What the figures hold between `name=(` and `)`.
    private static func group(_ name: String, in figures: Substring) -> Substring? {
        guard let start = figures.range(of: name + "=(") else { return nil }
        return figures[start.upperBound...].prefix { $0 != ")" }
    }

    /// `0.012sec` as seconds.
    private static func seconds(_ text: Substring) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.hasSuffix("sec") ? Double(trimmed.dropLast(3)) : nil
    }
}
