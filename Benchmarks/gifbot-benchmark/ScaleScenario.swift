import BenchmarkSupport
import Foundation
import GiphyStandIn
import IRCTestSupport
import MatrixTestSupport
import PostgresTestSupport
import TestServerSupport

/// Scenario 11 (issue 34, part 2): a thousand rooms. The shipped `gifbot run` in many Matrix
/// rooms (a third encrypted, members drawn from a pool, each member with several devices) and
/// many IRC channels on one InspIRCd, all made by the benchmark on its own Synapse and InspIRCd
/// (their test limits are relaxed already: Synapse's `rc_*` at 1000/s, InspIRCd's relaxed port).
///
/// Synapse runs on PostgreSQL, as a homeserver of a thousand rooms is run (Synapse's
/// documentation calls SQLite fit for testing only). On SQLite its database work for each of the
/// bot's syncs grew with the rooms, and so did the reply time (`Docs/performance.md`).
///
/// Four runs of the bot on one database: in one room and one channel, for the reference reply
/// time; then, with the rooms made, a first run that joins them all; then the measured restart
/// (start to ready, its CPU and memory, idle CPU, reply time in the reference room), and the
/// same build in one room started beside it, the two asked in turn (`sideBySide`: the reply
/// time target is held there); then a start on an empty database, whose first sync is the full
/// initial sync of every room.
enum ScaleScenario {
    struct Plan: Sendable {
        /// Matrix rooms the bot ends up in, the reference room included.
        var rooms: Int
        var channels: Int
        /// Members of each room from the pool, besides its owner and the bot.
        var membersPerRoom: ClosedRange<Int>
        var memberPool: Int
        var devicesPerMember: Int
        var commands: Int
        var idleSeconds: Int
        /// Synapse's database: PostgreSQL unless `--synapse-database sqlite` asks for the
        /// tests' SQLite.
        var synapseOnPostgres = true
    }

    static let section = "11 scale"
    static let botNick = "scalebot"

    static func run(_ report: Report, plan: Plan) async throws {
        progress(
            "scenario 11: \(plan.rooms) Matrix rooms and \(plan.channels) IRC channels, Synapse on "
                + (plan.synapseOnPostgres ? "PostgreSQL" : "SQLite"))
        guard let binary = ShippedBinary.gifbot() else { return }
        let synapse = try await SynapseServer.start(database: try await synapseDatabase(plan))
        var irc: IRCTestServer?
        var standIn: GiphyStandIn?
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gifbot-scale-\(UUID())")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let server = try await IRCTestServer.start(.inspircdAtheme)
            irc = server
            let giphy = try await GiphyStandIn.start()
            standIn = giphy
            try await measure(
                report, plan: plan, binary: binary, servers: Servers(synapse: synapse, irc: server, standIn: giphy),
                directory: directory)
        } catch {
            try? await stop(synapse: synapse, irc: irc, standIn: standIn, directory: directory)
            throw error
        }
        try await stop(synapse: synapse, irc: irc, standIn: standIn, directory: directory)
    }

    /// An empty database of the tests' PostgreSQL cluster, or SQLite, as `plan` asks.
    private static func synapseDatabase(_ plan: Plan) async throws -> SynapseDatabase {
        guard plan.synapseOnPostgres else { return .sqlite }
        let postgres = try await TestPostgres.shared()
        let database = URL(string: try await postgres.makeDatabase())?.lastPathComponent ?? ""
        return .postgres(
            port: postgres.port, user: TestPostgres.user, password: TestPostgres.password, database: database)
    }

    private struct Servers {
        let synapse: SynapseServer
        let irc: IRCTestServer
        let standIn: GiphyStandIn
    }

    private static func stop(
        synapse: SynapseServer, irc: IRCTestServer?, standIn: GiphyStandIn?, directory: URL
    ) async throws {
        try? await standIn?.stop()
        try? await irc?.stop()
        try? FileManager.default.removeItem(at: directory)
        try await synapse.stop()
    }

    private static func measure(
        _ report: Report, plan: Plan, binary: URL, servers: Servers, directory: URL
    ) async throws {
        let synapse = servers.synapse
        let botPassword = "scale-bot-password"
        let botUser = try await synapse.registerUser("scalebot", password: botPassword)
        // The bot's account seen from another device of it, to count the rooms it is in.
        let botAccount = MatrixTestClient(server: synapse, user: botUser)
        let owner = MatrixTestClient(
            server: synapse, user: try await synapse.registerUser("scaleowner", password: "scale-owner-password"))
        let alice = MatrixTestClient(
            server: synapse, user: try await synapse.registerUser("scalealice", password: "scale-alice-password"))
        let soloPassword = "scale-solo-password"
        let soloUser = try await synapse.registerUser("scalesolo", password: soloPassword)
        let channels = (0..<plan.channels).map { "#scale-\($0)" }
        let observer = try await TestIRCClient.connect(port: servers.irc.ports.relaxed, nick: "scaleobserver")
        do {
            try await observer.join(channels[0])
            let bot = ScaleBot(
                binary: binary,
                environment: MatrixBotEnvironment.make(
                    server: synapse, user: botUser.userID, password: botPassword,
                    inviteAllow: [owner.user.userID, alice.user.userID], encrypted: true, standIn: servers.standIn
                ).merging([
                    "IRC_HOST": "127.0.0.1", "IRC_PORT": String(servers.irc.ports.relaxed), "IRC_TLS": "false",
                    "IRC_NICK": botNick,
                    // The bot's own pacing (4 lines, then one a second) would make its 50 JOIN
                    // lines take 46 s. The relaxed port allows this much.
                    "IRC_FLOOD_BURST": "50", "IRC_FLOOD_INTERVAL": "0.001",
                ]) { $1 },
                opsPort: try await FreePorts.allocate(1)[0])
            // The same configuration on Matrix alone, in one room.
            let solo = SoloBot(
                bot: ScaleBot(
                    binary: binary,
                    environment: MatrixBotEnvironment.make(
                        server: synapse, user: soloUser.userID, password: soloPassword,
                        inviteAllow: [alice.user.userID], encrypted: true, standIn: servers.standIn),
                    opsPort: try await FreePorts.allocate(1)[0]),
                user: soloUser.userID, account: MatrixTestClient(server: synapse, user: soloUser),
                database: directory.appendingPathComponent("solo.sqlite"))
            let session = Session(
                plan: plan, bot: bot, botUser: botUser.userID, botAccount: botAccount, owner: owner, alice: alice,
                observer: observer, channels: channels, synapse: synapse,
                database: directory.appendingPathComponent("gifbot.sqlite"), solo: solo)
            try await session.run(report, emptyDatabase: directory.appendingPathComponent("empty.sqlite"))
        } catch {
            await observer.quit()
            throw error
        }
        await observer.quit()
    }
}
