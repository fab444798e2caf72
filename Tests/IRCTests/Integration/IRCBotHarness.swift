import BotTestSupport
import Foundation
import GifBotCore
import Giphy
import GiphyStandIn
import IRCTestSupport
import Logging
import ServiceLifecycle
import Storage
@testable import IRC

/// A real bot (GIPHY client over HTTP to the stand-in, SQLite store, IRC adapter over TCP/TLS)
/// pointed at a real IRC server, with test clients talking to it.
final class IRCBotHarness: Sendable {
    let testBot: TestBot
    let channel: String
    let botNick: String

    var standIn: GiphyStandIn { testBot.standIn }
    var logs: LogCapture { testBot.logs }

    init(settings: BotSettings = BotSettings(cooldownCommands: 0), source: TestBot.Source = .giphy) async throws {
        testBot = try await TestBot(settings: settings, source: source)
        let suffix = String(UUID().uuidString.prefix(6)).lowercased()
        channel = "#gifs-\(suffix)"
        botNick = "gb\(suffix)"
    }

    /// A configuration for the bot on `port`, joining the harness's channel, with short waits.
    func network(port: Int, tls: Bool = false, caFile: String? = nil, sasl: (String, String)? = nil,
                 admins: [String] = [], name: String = "testnet") -> IRCNetworkConfiguration {
        var timing = IRCTiming()
        timing.reconnectInitial = .milliseconds(300)
        timing.reconnectMaximum = .seconds(2)
        timing.saslStepTimeout = .seconds(5)
        timing.rejoinAfterKick = .seconds(1)
        return IRCNetworkConfiguration(name: name, host: "127.0.0.1", port: port, useTLS: tls, tlsCAFile: caFile, nick: botNick,
                                       saslUsername: sasl?.0, saslPassword: sasl?.1, channels: [.init(name: channel)],
                                       admins: admins, timing: timing)
    }

    /// Runs the adapter in a service group until `stop`.
    func startBot(_ configuration: IRCNetworkConfiguration) -> RunningBot {
        let adapter = IRCAdapter(configuration: configuration, bot: testBot.bot, names: testBot.names, version: "test",
                                 logger: logs.logger(level: .debug))
        let group = ServiceGroup(services: [adapter], logger: Logger(label: "test-services"))
        let task = Task { try await group.run() }
        return RunningBot(adapter: adapter, group: group, task: task)
    }

    /// A client in the harness's channel that has seen the bot join it.
    func client(port: Int, nick: String, sasl: (account: String, password: String)? = nil,
                capabilities: [String] = ["message-tags", "account-tag", "server-time"]) async throws -> TestIRCClient {
        let client = try await TestIRCClient.connect(port: port, nick: nick, sasl: sasl, capabilities: capabilities)
        try await client.join(channel)
        return client
    }

    func finish() async {
        await testBot.finish()
    }
}

struct RunningBot: Sendable {
    let adapter: IRCAdapter
    let group: ServiceGroup
    let task: Task<Void, any Error>

    /// Graceful shutdown, as on SIGTERM.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}

extension TestIRCClient {
    /// Waits until `nick` is in `channel`: its JOIN seen from inside, or its name in the names
    /// list the client got when it joined after the bot.
    func waitForJoin(of nick: String, in channel: String, timeout: Duration = .seconds(20)) async throws {
        let wanted = nick.lowercased(), room = channel.lowercased()
        let isInChannel: @Sendable (TestIRCLine) -> Bool = { line in
            if line.command == "JOIN" {
                return line.sourceNick?.lowercased() == wanted && line.parameters.first?.lowercased() == room
            }
            guard line.command == "353", line.parameters.count >= 4, line.parameters[2].lowercased() == room else { return false }
            return line.parameters[3].split(separator: " ").contains { $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "~&@%+")) == wanted }
        }
        // The names list may already have arrived while `join` waited for its end.
        if lines().contains(where: isInChannel) { return }
        _ = try await waitFor(timeout: timeout, isInChannel)
    }

    /// The next PRIVMSG from `nick` to `target`.
    func nextMessage(from nick: String, to target: String, timeout: Duration = .seconds(20)) async throws -> TestIRCLine {
        let wanted = nick.lowercased(), room = target.lowercased()
        return try await waitFor(timeout: timeout) { line in
            line.command == "PRIVMSG" && line.sourceNick?.lowercased() == wanted && line.parameters.first?.lowercased() == room
        }
    }
}
