import GifBotCore
import Storage

/// The store is ready when it answers a trivial query.
package struct StoreReadiness: ReadinessReporting {
    package let store: BotStore

    package func readinessProblem() async -> String? {
        do {
            try await store.ping()
            return nil
        } catch {
            return "store: not answering"
        }
    }
}
