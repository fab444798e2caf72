/// The per-process instances behind `IRCTestServer.shared`. Callers arriving while an
/// instance starts await the same start; a failed start is forgotten so a later call retries.
actor SharedServers {
    static let registry = SharedServers()

    private var starts: [IRCTestServer.Kind: Task<IRCTestServer, any Error>] = [:]

    func server(_ kind: IRCTestServer.Kind) async throws -> IRCTestServer {
        let start: Task<IRCTestServer, any Error>
        if let running = starts[kind] {
            start = running
        } else {
            start = Task { try await IRCTestServer.start(kind) }
            starts[kind] = start
        }
        do {
            return try await start.value
        } catch {
            if starts[kind] == start {
                starts[kind] = nil
            }
            throw error
        }
    }
}
