import GifBotCore
import IRC

/// The IRC networks of the configuration, one adapter (and one lease) each.
package enum IRCNetworks: ChatNetworkKind {
    package static func isConfigured(_ configuration: AppConfiguration) -> Bool {
        !configuration.ircNetworks.isEmpty
    }

    package static func adapters(_ configuration: AppConfiguration, runtime: BotRuntime) -> [ChatAdapterService] {
        configuration.ircNetworks.map { network in
            let adapter = adapter(network, runtime: runtime)
            return ChatAdapterService(
                lease: "irc:\(network.name)", service: adapter, status: adapter.status, name: "irc:\(network.name)")
        }
    }

    /// One network's adapter, as `gifbot run` makes it; the tests' harnesses make theirs here too.
    package static func adapter(_ network: IRCNetworkConfiguration, runtime: BotRuntime) -> IRCAdapter {
        IRCAdapter(
            configuration: network, bot: runtime.bot, names: runtime.names, version: GifBotInfo.version,
            logger: runtime.logger, metrics: runtime.metrics.factory)
    }
}
