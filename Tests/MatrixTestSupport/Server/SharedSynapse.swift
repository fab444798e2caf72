/// The per-process instance behind `SynapseServer.shared()`. Callers arriving while it starts
/// await the same start; a failed start is forgotten so that a later call retries.
actor SharedSynapse {
    static let registry = SharedSynapse()

    private var start: Task<SynapseServer, any Error>?

    func server() async throws -> SynapseServer {
        let task: Task<SynapseServer, any Error>
        if let start {
            task = start
        } else {
            task = Task { try await SynapseServer.start() }
            start = task
        }
        do {
            return try await task.value
        } catch {
            if start == task { start = nil }
            throw error
        }
    }
}
