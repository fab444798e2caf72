import BotTestSupport
import CoreMetrics
import GifBotCore
import Logging
import Testing

@testable import IRC

/// Answers are computed concurrently and finish in any order; the session loop alone releases
/// and queues them, so a channel always sees replies in the order its commands arrived.
@Suite struct SessionLoopOrderTests {
    @Test func answersFinishingInReverseOrderAreQueuedInArrivalOrder() async throws {
        let testBot = try await TestBot()
        let configuration = IRCNetworkConfiguration(
            name: "test", host: "irc.test", useTLS: false, nick: "gifbot",
            channels: [.init(name: "#gifs")])
        let session = IRCSession(
            configuration: configuration, channels: configuration.channels, bot: testBot.bot,
            directory: IRCUserDirectory(), control: IRCSessionControl(), version: "test",
            logger: Logger(label: "test"), onRegistered: {},
            health: IRCSessionHealth(
                status: AdapterStatus(kind: "irc", name: "test"), factory: NOOPMetricsHandler.instance))
        let queue = IRCOutgoingQueue()
        let (events, sink) = AsyncStream.makeStream(of: IRCSessionEvent.self)
        for line in [
            ":irc.test CAP * LS :", ":irc.test 001 gifbot :Welcome", ":irc.test 376 gifbot :End of MOTD",
            ":gifbot!bot@host JOIN #gifs",
            ":alice!a@host PRIVMSG #gifs :!gif cat", ":bob!b@host PRIVMSG #gifs :!gif dog",
            ":carol!c@host PRIVMSG #gifs :!gif owl",
        ] {
            sink.yield(.line(.line(line)))
        }
        var loop = SessionLoop(session: session, queue: queue, now: .now)
        var tickets: [(String, ReplyOrder.Ticket)] = []
        _ = await loop.run(events) { chat, _, ticket in
            tickets.append((chat.nick, ticket))
            guard tickets.count == 3 else { return }
            // The last command's answer is ready first, the first command's last.
            for (nick, ticket) in tickets.reversed() {
                sink.yield(.answered(ticket, [IRCMessage(command: "PRIVMSG", parameters: ["#gifs", "for \(nick)"])]))
            }
            sink.yield(.inboundClosed("test over"))
        }
        #expect(tickets.map(\.0) == ["alice", "bob", "carol"])
        var queued: [String] = []
        while let message = queue.peekNormal() {
            queue.removeFirstNormal()
            if message.command == "PRIVMSG" { queued.append(message.parameters.last ?? "") }
        }
        #expect(queued == ["for alice", "for bob", "for carol"])
        await testBot.finish()
    }

    @Test func aTicketIsReleasedOnceAndOnlyAfterEveryEarlierOne() {
        var order = ReplyOrder()
        let first = order.ticket(for: "#a"), second = order.ticket(for: "#a"), other = order.ticket(for: "#b")
        let line = { (text: String) in IRCMessage(command: "PRIVMSG", parameters: ["#a", text]) }
        #expect(order.release([line("2")], for: second).isEmpty, "waits for the first")
        #expect(
            order.release([line("other")], for: other).map(\.parameters) == [["#a", "other"]],
            "targets do not wait for each other")
        #expect(order.release([line("1")], for: first).map { $0.parameters[1] } == ["1", "2"])
        #expect(order.release([line("again")], for: first).isEmpty, "a ticket is released once")
        #expect(order.outstanding == 0)
    }
}
