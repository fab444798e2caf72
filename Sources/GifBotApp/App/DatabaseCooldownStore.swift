import Crypto
import GifSources
import Logging
import Storage

/// A source's cool-down after a 429, kept in the shared database so every instance using the
/// same key stays away together. The key itself is never stored: the row is named by the source
/// and a hash of the key (`giphy:<hash>`, `klipy:<hash>`).
package struct DatabaseCooldownStore: RateLimitCooldownStore {
    package let store: BotStore
    package let source: GifSourceID
    package let name: String
    package let logger: Logger

    package init(store: BotStore, source: GifSourceID, apiKey: String, logger: Logger) {
        self.store = store
        self.source = source
        self.name =
            "\(source.rawValue):"
            + SHA256.hash(data: Array(apiKey.utf8)).prefix(12).map { byte in
                let hex = String(byte, radix: 16)
                return byte < 16 ? "0" + hex : hex
            }.joined()
        self.logger = logger
    }

    package func remainingCooldownSeconds() async -> Int? {
        do {
            return try await store.sharedCooldownRemaining(name)
        } catch {
            logger.warning("Could not read the shared \(source.displayName) cool-down", metadata: ["error": "\(error)"])
            return nil
        }
    }

    package func startCooldown(seconds: Int) async {
        do {
            try await store.startSharedCooldown(name, seconds: seconds)
        } catch {
            logger.warning("Could not share the \(source.displayName) cool-down", metadata: ["error": "\(error)"])
        }
    }
}
