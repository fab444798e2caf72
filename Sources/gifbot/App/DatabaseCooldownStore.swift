import Crypto
import Giphy
import Logging
import Storage

/// The GIPHY cool-down after a 429, kept in the shared database so every instance using the
/// same API key stays away together. The key itself is never stored: the row is named by a
/// hash of it.
struct DatabaseCooldownStore: RateLimitCooldownStore {
    let store: BotStore
    let name: String
    let logger: Logger

    init(store: BotStore, apiKey: String, logger: Logger) {
        self.store = store
        self.name = "giphy:" + SHA256.hash(data: Array(apiKey.utf8)).prefix(12).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
        self.logger = logger
    }

    func remainingCooldownSeconds() async -> Int? {
        do {
            return try await store.sharedCooldownRemaining(name)
        } catch {
            logger.warning("Could not read the shared GIPHY cool-down", metadata: ["error": "\(error)"])
            return nil
        }
    }

    func startCooldown(seconds: Int) async {
        do {
            try await store.startSharedCooldown(name, seconds: seconds)
        } catch {
            logger.warning("Could not share the GIPHY cool-down", metadata: ["error": "\(error)"])
        }
    }
}
