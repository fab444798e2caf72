import GifBotCore
import Logging
import Prometheus
import Storage

/// `/metrics`: the registry in Prometheus text format, after refreshing what is read from the
/// store at scrape time rather than counted (the favorites held).
package struct MetricsExposition: Sendable {
    package let registry: PrometheusCollectorRegistry
    package let store: BotStore
    package let logger: Logger
    private let favorites: Gauge

    package init(registry: PrometheusCollectorRegistry, store: BotStore, logger: Logger) {
        self.registry = registry
        self.store = store
        self.logger = logger
        // The whole name as the descriptor's metric name: the unit is already part of it.
        favorites = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                metricName: MetricName.favoritesStored, unitName: "",
                helpText: "Favorites held in the store, all users together"))
    }

    package func render() async -> [UInt8] {
        do {
            favorites.set(to: Double(try await store.totalFavoriteCount()))
        } catch {
            logger.warning("Could not count favorites for the metrics", metadata: ["error": "\(error)"])
        }
        return registry.emitToBuffer()
    }
}
