import Foundation
import GifBotCore
import ServiceLifecycle
import Storage

/// Which adapters need a lease: on PostgreSQL, shared by instances, every one of them; a
/// SQLite file serves one instance, which needs none (and so never waits out the lease of
/// its own previous run after a crash).
package enum InstanceLeases {
    /// This process among the instances: host, process id and a random part, so a restarted
    /// process never mistakes its predecessor's lease for its own.
    package static let owner =
        "\(ProcessInfo.processInfo.hostName)/\(ProcessInfo.processInfo.processIdentifier)/"
        + UUID().uuidString.prefix(8).lowercased()

    /// The services to run, and what `/readyz` asks about them.
    package static func guarding(
        _ adapters: [ChatAdapterService],
        runtime: BotRuntime
    ) -> (services: [any Service], readiness: [any ReadinessReporting]) {
        guard runtime.store.dialect == .postgres else { return (adapters.map(\.service), adapters.map(\.status)) }
        let leased = adapters.map { adapter in
            LeasedService(
                lease: adapter.lease, owner: owner, store: runtime.store, adapter: adapter.service,
                status: adapter.status, logger: runtime.logger)
        }
        return (leased, leased)
    }
}
