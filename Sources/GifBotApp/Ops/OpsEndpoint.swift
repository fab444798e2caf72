import GifBotCore
import Ops

/// Builds the ops endpoint of a running bot: readiness asks the store, then every adapter.
package enum OpsEndpoint {
    package static func server(
        _ settings: OpsSettings, runtime: BotRuntime, adapters: [any ReadinessReporting]
    ) -> OpsServer {
        let exposition = MetricsExposition(
            registry: runtime.metrics.registry, store: runtime.store, logger: runtime.logger)
        let routes = OpsRoutes(
            readiness: [StoreReadiness(store: runtime.store)] + adapters, metrics: { await exposition.render() })
        return OpsServer(
            host: settings.host, port: settings.port, routes: routes, limits: settings.limits, logger: runtime.logger)
    }
}
