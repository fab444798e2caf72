import Foundation
import GifSources
import Giphy
import HTTPTransport
import Klipy
import Logging
import Storage

/// Builds the configured GIF sources in `gifs.sources` order, each client with its own cache,
/// 429 gate and metrics over the process's one HTTP transport.
package struct GifSourceFactory {
    package let configuration: AppConfiguration
    package let transport: any HTTPGetTransport
    package let store: BotStore
    package let metrics: RuntimeMetrics
    package let logger: Logger

    /// Where the generated `customer_id` secret is kept, so ids survive restarts.
    package static let customerIDSecretKey = "klipy.customer_id_secret"

    package func giphyClient() -> GiphyClient {
        GiphyClient(
            configuration: configuration.giphy, transport: transport,
            metrics: SourceMetrics(source: .giphy, factory: metrics.factory),
            sharedCooldown: sharedCooldown(.giphy, key: configuration.giphy.apiKey), logger: logger)
    }

    package func klipyClient() -> KlipyClient? {
        configuration.gifSources.klipy.map {
            KlipyClient(
                configuration: $0, transport: transport,
                metrics: SourceMetrics(source: .klipy, factory: metrics.factory),
                sharedCooldown: sharedCooldown(.klipy, key: $0.appKey), logger: logger)
        }
    }

    /// Instances share a PostgreSQL database, and with it each source's cool-down after a 429; a
    /// SQLite file has one instance, which keeps its cool-downs in memory.
    private func sharedCooldown(_ source: GifSourceID, key: String) -> DatabaseCooldownStore? {
        store.dialect == .postgres
            ? DatabaseCooldownStore(store: store, source: source, apiKey: key, logger: logger) : nil
    }

    package func sources(giphy: GiphyClient, klipy: KlipyClient?) async -> [any GifSource] {
        var sources: [any GifSource] = []
        for name in configuration.gifSources.sources {
            switch name {
            case .giphy:
                sources.append(GiphySource(client: giphy))
            case .klipy:
                guard let klipy else { continue }
                sources.append(KlipySource(client: klipy, customerIDs: await customerIDs()))
            }
        }
        return sources
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
