import BotTestSupport
import Foundation
import GifBotApp
import GifBotCore
import GifSources
import Giphy
import GiphyStandIn
import HTTPTransport
import KlipyStandIn
import Logging
import MatrixTestSupport
import ServiceLifecycle
import Storage
import Synchronization
import TestServerSupport
import Testing

@testable import Matrix

/// A real bot (GIPHY client to the stand-in, SQLite store, Matrix adapter over HTTP) on a real
/// Synapse, a bot account and a human account registered for the test.
final class MatrixBotHarness: Sendable {
    let server: SynapseServer
    let testBot: TestBot
    let botUser: String
    let botPassword = "bot-password-4711"
    let alice: MatrixTestClient

    var standIn: GiphyStandIn { testBot.standIn }
    var store: BotStore { testBot.store }
    var logs: LogCapture { testBot.logs }

    /// What `withMatrixBot` ends after the test, however the test ended.
    private let bots = Mutex<[RunningMatrixBot]>([])
    /// A server of the test's own (to stop and start), stopped after it; nil for the shared one.
    private let ownServer: SynapseServer?

    fileprivate init(
        server: SynapseServer, owned: Bool, source: TestBot.Source,
        settings: BotSettings = BotSettings(cooldownCommands: 0), webBaseURL: String? = nil
    ) async throws {
        ownServer = owned ? server : nil
        self.server = server
        testBot = try await TestBot(settings: settings, source: source, webBaseURL: webBaseURL)
        let botLocalpart = SynapseServer.uniqueLocalpart("gifbot")
        botUser = try await server.registerUser(botLocalpart, password: botPassword).userID
        let human = try await server.registerUser(SynapseServer.uniqueLocalpart("alice"), password: "alice-password")
        alice = MatrixTestClient(server: server, user: human)
        testBot.standIn.override("/v1/gifs/search", with: Self.catSearch(testBot.standIn))
        if let klipy = testBot.klipyStandIn {
            klipy.override("gifs/search", with: klipy.pageServedHere([("catgif1", 30_000), ("catgif2", 20_000)]))
        }
    }

    /// A search answer whose GIFs live on the stand-in, so the bot can download them: the
    /// first has a 30 kB `downsized`, a 2 kB small one and a 9 MB original above the cap.
    /// A search answer of cats with three animated renditions each, and `still` (a path on the
    /// stand-in) as every cat's `fixed_width_small_still` when given.
    static func catSearch(
        _ standIn: GiphyStandIn, ids: [String] = ["catgif1", "catgif2"], still: String? = nil
    ) -> StandInResponse {
        func rendition(_ id: String, _ size: Int, _ width: Int) -> [String: String] {
            [
                "url": "\(standIn.baseURL)/media/\(id)/\(size).gif", "width": String(width),
                "height": String(width / 2), "size": String(size),
            ]
        }
        let gifs: [[String: Any]] = ids.map { id in
            var images = [
                "downsized": rendition(id, 30_000, 400), "fixed_width_small": rendition(id, 2_000, 100),
                "original": rendition(id, 9_000_000, 800),
            ]
            if let still { images["fixed_width_small_still"] = ["url": "\(standIn.baseURL)\(still)", "width": "100"] }
            return [
                "type": "gif", "id": id, "title": "Cat \(id)", "rating": "g", "url": "https://giphy.com/gifs/\(id)",
                "images": images,
            ]
        }
        let body: [String: Any] = [
            "data": gifs, "pagination": ["total_count": gifs.count, "count": gifs.count, "offset": 0],
            "meta": ["status": 200, "msg": "OK", "response_id": "cats"],
        ]
        return StandInResponse(body: Array(try! JSONSerialization.data(withJSONObject: body)))
    }

    /// The bot account's configuration (`user`: another bot account registered with
    /// `botPassword`, for a second account in the same process).
    func configuration(
        uploadGIFs: Bool = true, admins: [String] = [], inviteAllow: [String]? = nil, user: String? = nil
    ) async -> MatrixConfiguration {
        var timing = MatrixTiming()
        timing.syncTimeout = .seconds(10)
        timing.retryInitial = .milliseconds(300)
        timing.retryMaximum = .seconds(2)
        var configuration = MatrixConfiguration(
            homeserver: server.baseURL, user: user ?? botUser, password: botPassword,
            inviteAllow: inviteAllow ?? [alice.user.userID], uploadGIFs: uploadGIFs, admins: admins, timing: timing)
        // Encryption only where a test turns it on (`gifbot run` turns it on, with a store key it
        // makes beside the SQLite database): the suites about plain rooms, the notice to rooms
        // the bot cannot read and the plain test client's direct room run without it.
        configuration.encryption.isEnabled = false
        return configuration
    }

    /// The stand-ins' media, on 127.0.0.1 over http, as an operator would allow a local mirror.
    var standInMedia: MediaHostPolicy {
        let origins = [standIn.port] + (testBot.klipyStandIn.map { [$0.port] } ?? [])
        return MediaHostPolicy(
            extraHosts: origins.compactMap { MediaHost("http://127.0.0.1:\($0)") }, allowsPrivateAddresses: true)
    }

    /// Runs the adapter `gifbot run` would make for `configuration` (`MatrixAccounts.adapter`) in
    /// a service group until `stop` (or the end of the test), on the test's wiring or on `runtime`
    /// (another on the same store: `TestBot.restartedRuntime`); `media` replaces the process's
    /// media rules (the stand-ins on loopback), `database` where the process says its database
    /// is (the store stays the test's).
    @discardableResult
    func startBot(
        _ configuration: MatrixConfiguration, runtime: BotRuntime? = nil, media: MediaHostPolicy? = nil,
        database: DatabaseLocation? = nil
    ) -> RunningMatrixBot {
        var process = testBot.configuration
        if let media { process.media = MediaSettings(policy: media, timeout: process.media.timeout) }
        if let database { process.database = database }
        let adapter = MatrixAccounts.adapter(configuration, in: process, runtime: runtime ?? testBot.runtime)
        let group = ServiceGroup(services: [adapter], logger: Logger(label: "test-services"))
        let bot = RunningMatrixBot(adapter: adapter, group: group, task: Task { try await group.run() })
        bots.withLock { $0.append(bot) }
        return bot
    }

    /// A room alice made and the bot joined on her invitation.
    func roomWithBot() async throws -> String {
        let room = try await alice.createRoom(name: "gifs", invite: [botUser])
        let botUser = botUser
        _ = try await alice.waitForEvent(in: room, timeout: .seconds(30)) {
            $0.type == "m.room.member" && $0.stateKey == botUser && $0.membership == "join"
        }
        return room
    }

    /// The bot's next event in `room` that answers `eventID`.
    func answer(to eventID: String, in room: String, timeout: Duration = .seconds(30)) async throws -> MatrixTestEvent {
        let botUser = botUser
        return try await alice.waitForEvent(in: room, timeout: timeout) {
            $0.sender == botUser && $0.inReplyTo == eventID
        }
    }

    /// Waits until the bot has answered every one of `commands`, then checks that it answered
    /// each exactly once (a marker answered after them shows no late duplicate is on its way).
    func expectEachAnsweredOnce(_ commands: [String], in room: String, timeout: Duration = .seconds(60)) async throws {
        let botUser = botUser
        for command in commands {
            if await !alice.events(in: room).contains(where: { $0.sender == botUser && $0.inReplyTo == command }) {
                _ = try await alice.waitForEvent(in: room, timeout: timeout) {
                    $0.sender == botUser && $0.inReplyTo == command
                }
            }
        }
        let marker = try await alice.sendText("!about", to: room)
        _ = try await alice.waitForEvent(in: room, timeout: timeout) { $0.sender == botUser && $0.inReplyTo == marker }
        let answers = await alice.events(in: room).filter { $0.sender == botUser && $0.type == "m.room.message" }
            .compactMap(\.inReplyTo)
        for command in commands {
            #expect(
                answers.filter { $0 == command }.count == 1,
                "command \(command) answered \(answers.filter { $0 == command }.count) times")
        }
    }

    /// Stops the bots, then the test's own homeserver, then the GIPHY stand-in, HTTP client and store.
    fileprivate func cleanUp() async {
        for bot in bots.withLock({ $0 }) { await bot.stop() }
        try? await ownServer?.stop()
        await testBot.finish()
    }
}

/// Which homeserver a test runs on.
enum HomeserverChoice {
    /// The process's shared Synapse: never stop it.
    case shared
    /// A fresh Synapse of the test's own, to stop and start; stopped after the test.
    case own
}

/// Runs `body` with a bot harness on a real Synapse and cleans up after it, whether it returns
/// or throws: every bot it started is stopped, the HTTP client shut down, an own server stopped.
func withMatrixBot<Result>(
    _ homeserver: HomeserverChoice = .shared, source: TestBot.Source = .giphy,
    settings: BotSettings = BotSettings(cooldownCommands: 0), webBaseURL: String? = nil,
    _ body: (MatrixBotHarness) async throws -> Result
) async throws -> Result {
    let server =
        switch homeserver {
        case .shared: try await SynapseServer.shared()
        case .own: try await SynapseServer.start()
        }
    let harness: MatrixBotHarness
    do {
        harness = try await MatrixBotHarness(
            server: server, owned: homeserver == .own, source: source, settings: settings, webBaseURL: webBaseURL)
    } catch {
        if homeserver == .own { try? await server.stop() }
        throw error
    }
    return try await withCleanUp(harness, cleanUp: { await $0.cleanUp() }) { harness in
        do {
            return try await body(harness)
        } catch {
            // What the bot logged is what explains a failure that happens once in many runs.
            let lines = harness.logs.text.split(separator: "\n").suffix(80)
            print("[MatrixBotHarness] the bot's last log lines:\n" + lines.joined(separator: "\n"))
            throw error
        }
    }
}

struct RunningMatrixBot: Sendable {
    let adapter: MatrixAdapter
    let group: ServiceGroup
    let task: Task<Void, any Error>

    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}
