import Metrics
import Prometheus

/// The metrics of one bot: a Prometheus registry and the swift-metrics factory writing to it.
/// Tests make their own and read it; the process bootstraps one as the global backend.
package struct RuntimeMetrics: Sendable {
    package let registry: PrometheusCollectorRegistry

    package init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
    }

    package var factory: any MetricsFactory { PrometheusMetricsFactory(registry: registry) }

    /// Done once per process, by the executable, before any metric exists: libraries that use
    /// the global factory then report into the same registry.
    package static func bootstrapProcess() -> RuntimeMetrics {
        let metrics = RuntimeMetrics()
        MetricsSystem.bootstrap(metrics.factory)
        return metrics
    }
}
