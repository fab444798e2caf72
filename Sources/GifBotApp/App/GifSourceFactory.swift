import Foundation
import GifSources
import Giphy
import HTTPTransport
import Klipy
import Logging
import MatrixState
import Storage

/// Builds the configured GIF sources over the process's one HTTP transport.
package struct GifSourceFactory {
    package let configuration: AppConfiguration
    package let transport: any HTTPRequestTransport
    package let store: BotStore
    package let metrics: RuntimeMetrics
    package let logger: Logger

    /// Where the generated `customer_id` secret is kept, so ids survive restarts.
    package static let customerIDSecretKey = "klipy.customer_id_secret"

    /// The sources in `gifs.sources` order, each client with its own cache, 429 gate and metrics.
    package func sources() async -> [any GifSource] {
        var sources: [any GifSource] = []
        for settings in configuration.gifSources.sources {
            switch settings {
            case .giphy(let giphy):
                sources.append(
                    GiphySource(
                        client: GiphyClient(
                            configuration: giphy, transport: transport,
                            metrics: SourceMetrics(source: .giphy, factory: metrics.factory),
                            sharedCooldown: sharedCooldown(.giphy, key: giphy.apiKey), logger: logger)))
            case .klipy(let klipy):
                let client = KlipyClient(
                    configuration: klipy, transport: transport,
                    metrics: SourceMetrics(source: .klipy, factory: metrics.factory),
                    sharedCooldown: sharedCooldown(.klipy, key: klipy.appKey), logger: logger)
                sources.append(KlipySource(client: client, customerIDs: await customerIDs()))
            }
        }
        return sources
    }

    /// Instances share a PostgreSQL database, and with it each source's cool-down after a 429; a
    /// SQLite file has one instance, which keeps its cool-downs in memory.
    private func sharedCooldown(_ source: GifSourceID, key: String) -> DatabaseCooldownStore? {
        store.dialect == .postgres
            ? DatabaseCooldownStore(store: store, source: source, apiKey: key, logger: logger) : nil
    }

    /// The configured secret, else one made on first start and kept in the store. It is never
    /// derived from the app key: KLIPY knows that key and could hash guessed nicks with it.
    private func customerIDs() async -> KlipyCustomerIDDeriver? {
        if let configured = configuration.gifSources.customerIDSecret {
            return KlipyCustomerIDDeriver(secret: configured)
        }
        do {
            if let stored = try await store.adapterState(Self.customerIDSecretKey),
                let bytes = Data(base64Encoded: stored),
                let deriver = KlipyCustomerIDDeriver(secret: bytes)
            {
                return deriver
            }
            let fresh = KlipyCustomerIDDeriver.generateSecret()
            try await store.setAdapterState(Self.customerIDSecretKey, to: Data(fresh).base64EncodedString())
            return KlipyCustomerIDDeriver(secret: fresh)
        } catch {
            // Ids then change on restart: KLIPY's recents reset, nothing else is lost.
            logger.warning(
                "Could not keep KLIPY's customer_id secret; using one for this run", metadata: ["error": "\(error)"])
            return KlipyCustomerIDDeriver(secret: KlipyCustomerIDDeriver.generateSecret())
        }
    }
}
