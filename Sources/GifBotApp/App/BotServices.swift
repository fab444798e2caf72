import Foundation
import GifBotCore
import GifBotWeb
import HTTPListening
import Logging
import Matrix
import Ops
import ServiceLifecycle

/// Runs a subcommand's services in one service group with the ops endpoint, if configured.
/// SIGTERM and SIGINT start a graceful shutdown (adapters say goodbye, the store closes after
/// the group ends); past the grace period the group cancels what is left, and a second signal
/// ends the process at once.
package enum BotServices {
    /// Below the 10 seconds orchestrators usually wait before SIGKILL.
    package static let gracePeriod = Duration.seconds(8)

    package static func run(
        _ runtime: BotRuntime, services: [ServiceGroupConfiguration.ServiceConfiguration],
        readiness: [any ReadinessReporting]
    ) async throws {
        var all = services
        all.append(.init(service: StartupPagesRelease(readiness: readiness, logger: runtime.logger)))
        let (ops, web) = listenersFitted(runtime)
        if let ops {
            // First in the group, so last to stop: probes see the whole shutdown.
            all.insert(.init(service: OpsEndpoint.server(ops, runtime: runtime, adapters: readiness)), at: 0)
        }
        if let web, let access = runtime.webAccess {
            // After the ops endpoint, before the adapters: it stops after them.
            let gallery = WebGallery(
                settings: web, access: access, favorites: runtime.bot, collections: runtime.store, picker: runtime.bot,
                widgetIdentity: widgetIdentity(runtime),
                commandPrefix: runtime.bot.commandPrefix,
                metricsFactory: runtime.metrics.factory, logger: runtime.logger)
            all.insert(.init(service: gallery.service()), at: runtime.configuration.ops == nil ? 0 : 1)
        }
        // The signals are ShutdownSignals' alone, not also the group's (see there).
        var configuration = ServiceGroupConfiguration(
            services: all, gracefulShutdownSignals: [], logger: runtime.logger)
        configuration.maximumGracefulShutdownDuration = gracePeriod
        configuration.maximumCancellationDuration = .seconds(1)
        let group = ServiceGroup(configuration: configuration)
        let signals = await ShutdownSignals.listen()
        // Claimed only now, so a start that fails on its configuration is not taken for a crash.
        let marker = RunMarker.path(
            for: runtime.configuration.database, environment: ProcessInfo.processInfo.environment
        )
        .flatMap { RunMarker.claim(path: $0, logger: runtime.logger) }
        defer { marker?.release() }
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { await signals.handle(group, logger: runtime.logger) }
            try await group.run()
            tasks.cancelAll()
        }
    }

    /// The widget's people are checked with the first Matrix account's homeserver, the one whose
    /// users a widget there would have.
    private static func widgetIdentity(_ runtime: BotRuntime) -> (any WidgetIdentityChecking)? {
        guard let account = runtime.configuration.matrixAccounts.first else { return nil }
        return MatrixWidgetGallery(
            identity: MatrixWidgetIdentity(configuration: account, httpClient: runtime.httpClient, bot: runtime.bot))
    }

    /// The listeners' caps are checked together (each may be fine alone and both too many) and
    /// cut to leave half of the open-file limit to the rest of the process (`DescriptorReserve`).
    private static func listenersFitted(_ runtime: BotRuntime) -> (OpsSettings?, WebSettings?) {
        var ops = runtime.configuration.ops
        var web = runtime.configuration.web
        var caps: [String: Int] = [:]
        if let ops { caps["ops.max_connections"] = ops.limits.maxConnections }
        if let web { caps["web.max_connections"] = web.listener.maxConnections }
        guard let warning = DescriptorReserve.warning(listenerCaps: caps) else { return (ops, web) }
        runtime.logger.warning("\(warning)")
        let fitted = DescriptorReserve.fitted(listenerCaps: caps)
        if let cap = fitted["ops.max_connections"] { ops?.limits.maxConnections = cap }
        if let current = web, let cap = fitted["web.max_connections"] {
            var listener = current.listener
            listener.maxConnections = cap
            web = current.withListener(listener)
        }
        return (ops, web)
    }
}
