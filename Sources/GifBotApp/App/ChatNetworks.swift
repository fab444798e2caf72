import GifBotCore
import ServiceLifecycle

/// One adapter the process runs: the service, its readiness, and the lease that lets one
/// instance of several serve it.
package struct ChatAdapterService {
    package let lease: String
    package let service: any Service
    package let status: AdapterStatus
    /// How the start's log line names it.
    package let name: String
}

/// A kind of chat network the bot serves: whether the configuration names any, and its adapters.
package protocol ChatNetworkKind: Sendable {
    static func isConfigured(_ configuration: AppConfiguration) -> Bool
    static func adapters(_ configuration: AppConfiguration, runtime: BotRuntime) -> [ChatAdapterService]
}

/// Every kind of network `gifbot run` can serve, in the order their adapters start: a new
/// network is its module and one line here.
package enum ChatNetworks {
    package static let kinds: [any ChatNetworkKind.Type] = [IRCNetworks.self, MatrixAccounts.self]

    package static func isAnyConfigured(_ configuration: AppConfiguration) -> Bool {
        kinds.contains { $0.isConfigured(configuration) }
    }

    package static func adapters(_ configuration: AppConfiguration, runtime: BotRuntime) -> [ChatAdapterService] {
        kinds.flatMap { $0.adapters(configuration, runtime: runtime) }
    }
}
