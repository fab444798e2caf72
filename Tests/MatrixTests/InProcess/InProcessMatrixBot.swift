import BotTestSupport
import CoreMetrics
import Foundation
import GifBotCore
import GiphyStandIn
import HTTPTransport
import Logging
import ServiceLifecycle
import Synchronization
import TestServerSupport
import Testing

@testable import Matrix

/// A real bot (the core, a GIPHY client to the stand-in, the Matrix adapter) on an in-process
/// homeserver (`FakeHomeserver`) with its state in memory: the adapter's behaviour in
/// milliseconds, no Synapse. Alice is a registered person who invited nobody yet.
final class InProcessMatrixBot: Sendable {
    let homeserver = FakeHomeserver()
    let state = InMemoryMatrixState()
    let testBot: TestBot
    let botUser: String
    let alice: String
    static let botPassword = "bot-password"

    var standIn: GiphyStandIn { testBot.standIn }
    var logs: LogCapture { testBot.logs }

    private let bots = Mutex<[RunningMatrixBot]>([])

    fileprivate init(settings: BotSettings) async throws {
        testBot = try await TestBot(settings: settings)
        botUser = await homeserver.register("gifbot", password: Self.botPassword)
        alice = await homeserver.register("alice")
        testBot.standIn.override("/v1/gifs/search", with: MatrixBotHarness.catSearch(testBot.standIn))
    }

    /// A GIF whose answer the stand-in holds back (`holdingTheGIF`), and its thumbnail's path.
    struct HeldGIF {
        let gif: String
        let thumbnail: String
        let held: Duration
    }

    /// Searches find one GIF (`catgif1`), whose 30 kB rendition is answered only after `held`;
    /// its thumbnail, the 2 kB rendition, at once.
    func holdingTheGIF(for held: Duration) -> HeldGIF {
        let gif = "/media/catgif1/30000.gif"
        standIn.override(
            gif, with: StandInResponse(body: TestGIF.bytes(forMediaPath: gif), contentType: "image/gif", delay: held))
        standIn.override("/v1/gifs/search", with: MatrixBotHarness.catSearch(standIn, ids: ["catgif1"]))
        return HeldGIF(gif: gif, thumbnail: "/media/catgif1/2000.gif", held: held)
    }

    /// Whether the thumbnail was asked for while the GIF was held.
    func thumbnailWasAskedFor(whileHolding held: HeldGIF) -> Bool {
        guard let gif = standIn.requests(to: held.gif).first,
            let thumbnail = standIn.requests(to: held.thumbnail).first
        else { return false }
        return thumbnail.receivedAt < gif.receivedAt + held.held
    }

    /// The bot account's configuration, with short waits.
    func configuration(
        uploadGIFs: Bool = true, admins: [String] = [], inviteAllow: [String]? = nil
    ) -> MatrixConfiguration {
        var timing = MatrixTiming()
        timing.syncTimeout = .seconds(5)
        timing.retryInitial = .milliseconds(50)
        timing.retryMaximum = .milliseconds(500)
        let media = MediaHostPolicy(
            extraHosts: [MediaHost("http://127.0.0.1:\(standIn.port)")].compactMap { $0 }, allowsPrivateAddresses: true)
        return MatrixConfiguration(
            homeserver: "https://\(FakeHomeserver.serverName)", user: botUser, password: Self.botPassword,
            inviteAllow: inviteAllow ?? [alice], uploadGIFs: uploadGIFs, admins: admins, timing: timing, media: media)
    }

    /// Runs an adapter until the test ends (or `stop`); on the harness's core, or on `core` (a
    /// restarted one).
    @discardableResult
    func start(
        _ configuration: MatrixConfiguration? = nil, core: (bot: GifBot, names: NetworkUserNames)? = nil,
        metrics: any MetricsFactory = MetricsSystem.factory
    ) -> RunningMatrixBot {
        let adapter = MatrixAdapter(
            configuration: configuration ?? self.configuration(), bot: core?.bot ?? testBot.bot, store: state,
            names: core?.names ?? testBot.names, httpClient: testBot.httpClient, homeserver: homeserver,
            logger: logs.logger(level: .debug), metrics: metrics)
        let group = ServiceGroup(services: [adapter], logger: Logger(label: "test-services"))
        let bot = RunningMatrixBot(adapter: adapter, group: group, task: Task { try await group.run() })
        bots.withLock { $0.append(bot) }
        return bot
    }

    /// A room alice made, with the bot joined on her invitation.
    func roomWithBot(encrypted: Bool = false) async throws -> String {
        let room = await homeserver.createRoom(by: alice, invite: [botUser], encrypted: encrypted)
        let botUser = botUser
        _ = try await homeserver.waitForEvent(in: room) { $0.stateKey == botUser && $0.membership == "join" }
        return room
    }

    /// Alice says `text` in `room`; returns the bot's answer to it.
    func ask(_ text: String, in room: String, timeout: Duration = .seconds(10)) async throws -> FakeEvent {
        let command = await homeserver.say(text, from: alice, in: room)
        return try await answer(to: command.eventID, in: room, timeout: timeout)
    }

    /// The bot's first event in `room` that answers `eventID`.
    func answer(to eventID: String, in room: String, timeout: Duration = .seconds(10)) async throws -> FakeEvent {
        let botUser = botUser
        return try await homeserver.waitForEvent(in: room, timeout: timeout) {
            $0.sender == botUser && $0.inReplyTo == eventID
        }
    }

    /// The bot's events in `room` that answer `eventID`.
    func answers(to eventID: String, in room: String) async -> [FakeEvent] {
        await homeserver.events(in: room).filter { $0.sender == botUser && $0.inReplyTo == eventID }
    }

    fileprivate func cleanUp() async {
        for bot in bots.withLock({ $0 }) { await bot.stop() }
        await testBot.finish()
    }
}

/// Runs `body` with an in-process bot and homeserver, cleaned up however it ends.
func withInProcessMatrixBot<Result>(
    settings: BotSettings = BotSettings(cooldownCommands: 0), _ body: (InProcessMatrixBot) async throws -> Result
) async throws -> Result {
    let harness = try await InProcessMatrixBot(settings: settings)
    return try await withCleanUp(harness, cleanUp: { await $0.cleanUp() }) { harness in
        do {
            return try await body(harness)
        } catch {
            // What the bot logged is what explains a wait that ran out.
            let requests = await harness.homeserver.requests.suffix(20).map { "\($0.method) \($0.path)" }
            print("--- the bot's log (\(error)):\n\(harness.logs.text.suffix(6000))")
            print("--- its last requests:\n\(requests.joined(separator: "\n"))")
            throw error
        }
    }
}
