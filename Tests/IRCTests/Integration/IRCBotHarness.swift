import BotTestSupport
import Foundation
import GifBotApp
import GifBotCore
import Giphy
import GiphyStandIn
import IRCTestSupport
import Logging
import ServiceLifecycle
import Storage
import Synchronization
import TestServerSupport

@testable import IRC

/// A real bot (GIPHY client over HTTP to the stand-in, SQLite store, IRC adapter over TCP/TLS)
/// pointed at a real IRC server, with test clients talking to it.
final class IRCBotHarness: Sendable {
    let testBot: TestBot
    let channel: String
    let botNick: String

    var standIn: GiphyStandIn { testBot.standIn }
    var logs: LogCapture { testBot.logs }
    var database: InterceptingDatabase { testBot.database }

    /// What `withIRCBot` ends after the test, however the test ended.
    private let bots = Mutex<[RunningBot]>([])
    private let clients = Mutex<[TestIRCClient]>([])
    private let servers = Mutex<[IRCTestServer]>([])

    fileprivate init(settings: BotSettings, source: TestBot.Source, webBaseURL: String?) async throws {
        testBot = try await TestBot(settings: settings, source: source, webBaseURL: webBaseURL)
        let suffix = String(UUID().uuidString.prefix(6)).lowercased()
        channel = "#gifs-\(suffix)"
        botNick = "gb\(suffix)"
    }

    /// A configuration for the bot on `port`, joining the harness's channel, with short waits.
    func network(
        port: Int, tls: Bool = false, caFile: String? = nil, sasl: (String, String)? = nil,
        admins: [String] = [], name: String = "testnet"
    ) -> IRCNetworkConfiguration {
        var timing = IRCTiming()
        timing.reconnectInitial = .milliseconds(300)
        timing.reconnectMaximum = .seconds(2)
        timing.saslStepTimeout = .seconds(5)
        timing.rejoinAfterKick = .seconds(1)
        timing.joinRetryInitial = .milliseconds(500)
        timing.joinRetryMaximum = .seconds(2)
        return IRCNetworkConfiguration(
            name: name, host: "127.0.0.1", port: port, useTLS: tls, tlsCAFile: caFile, nick: botNick,
            saslUsername: sasl?.0, saslPassword: sasl?.1, channels: [.init(name: channel)],
            admins: admins, timing: timing)
    }

    /// Runs the adapter `gifbot run` would make for `configuration` (`IRCNetworks.adapter`) in a
    /// service group until `stop` (or the end of the test).
    @discardableResult
    func startBot(_ configuration: IRCNetworkConfiguration) -> RunningBot {
        let adapter = IRCNetworks.adapter(configuration, runtime: testBot.runtime)
        let group = ServiceGroup(services: [adapter], logger: Logger(label: "test-services"))
        let task = Task { try await group.run() }
        let bot = RunningBot(adapter: adapter, group: group, task: task)
        bots.withLock { $0.append(bot) }
        return bot
    }

    /// A fresh server of this test's own (to stop or restart), stopped after the test.
    func startServer(_ kind: IRCTestServer.Kind, maxNickLength: Int? = nil) async throws -> IRCTestServer {
        let server = try await IRCTestServer.start(kind, maxNickLength: maxNickLength)
        servers.withLock { $0.append(server) }
        return server
    }

    /// A client in the harness's channel that has seen the bot join it.
    func client(
        port: Int, nick: String, sasl: (account: String, password: String)? = nil,
        capabilities: [String] = ["message-tags", "account-tag", "server-time"]
    ) async throws -> TestIRCClient {
        let client = try await connect(port: port, nick: nick, sasl: sasl, capabilities: capabilities)
        try await client.join(channel)
        return client
    }

    /// A registered client that has joined nothing yet; it quits after the test.
    func connect(
        port: Int, nick: String, sasl: (account: String, password: String)? = nil,
        capabilities: [String] = ["message-tags", "account-tag", "server-time"]
    ) async throws -> TestIRCClient {
        let client = try await TestIRCClient.connect(port: port, nick: nick, sasl: sasl, capabilities: capabilities)
        clients.withLock { $0.append(client) }
        return client
    }

    /// Stops the bots first (so none reconnects to a server going away), then the clients,
    /// the servers, and the GIPHY stand-in, HTTP client and store.
    fileprivate func cleanUp() async {
        for bot in bots.withLock({ $0 }) { await bot.stop() }
        for client in clients.withLock({ $0 }) { await client.quit() }
        for server in servers.withLock({ $0 }) { try? await server.stop() }
        await testBot.finish()
    }
}

/// Runs `body` with a bot harness and cleans up after it, whether it returns or throws: every
/// bot it started is stopped, every client quits, its own servers stop, the HTTP client shuts down.
/// `webBaseURL` turns the gallery's `!web` links on.
func withIRCBot<Result>(
    settings: BotSettings = BotSettings(cooldownCommands: 0), source: TestBot.Source = .giphy,
    webBaseURL: String? = nil, _ body: (IRCBotHarness) async throws -> Result
) async throws -> Result {
    try await withCleanUp(
        try await IRCBotHarness(settings: settings, source: source, webBaseURL: webBaseURL),
        cleanUp: { await $0.cleanUp() }, body)
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
    /// Waits until `nick` is in `channel` (see `waitForPresence`: a bot started again after a
    /// stop is waited for anew, not taken as there by its first join).
    func waitForJoin(of nick: String, in channel: String, timeout: Duration = .seconds(20)) async throws {
        try await waitForPresence(of: nick, in: channel, timeout: timeout)
    }

    /// The next PRIVMSG from `nick` to `target`.
    func nextMessage(from nick: String, to target: String, timeout: Duration = .seconds(20)) async throws -> TestIRCLine
    {
        let wanted = nick.lowercased(), room = target.lowercased()
        return try await waitFor(timeout: timeout) { line in
            line.command == "PRIVMSG" && line.sourceNick?.lowercased() == wanted
                && line.parameters.first?.lowercased() == room
        }
    }
}
