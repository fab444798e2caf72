import GifBotCore
import Storage

/// The store is ready when it answers a trivial query.
struct StoreReadiness: ReadinessReporting {
    let store: BotStore

    func readinessProblem() async -> String? {
        do {
            try await store.ping()
            return nil
        } catch {
            return "store: not answering"
        }
    }
}
