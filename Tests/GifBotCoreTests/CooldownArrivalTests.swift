import BotTestSupport
import Testing

@testable import GifBotCore

/// The cooldown counts a command when it arrived, not when a busy process got round to it:
/// an IRC burst answered by concurrent tasks, some of them seconds late, cannot slip a sixth
/// command past a limit of five because the window slid while it waited.
@Suite struct CooldownArrivalTests {
    private static let ann = ChatUser(network: "test", id: "ann", displayName: "ann")

    private static func command(at instant: ContinuousClock.Instant) -> ChatMessage {
        ChatMessage(user: ann, conversation: "#gifs", text: "!about", receivedAt: instant)
    }

    private static func wasLimited(_ replies: [Reply]) -> Bool {
        replies.contains {
            if case .notice(let text) = $0 { text.hasPrefix("You're sending commands too fast") } else { false }
        }
    }

    @Test func commandsAnsweredLateAreCountedByTheirArrival() async throws {
        let testBot = try await TestBot(settings: BotSettings(cooldownCommands: 2, cooldownWindow: .seconds(30)))
        let arrived = ContinuousClock.now
        // Three commands within two seconds, answered in the reverse order of their arrival.
        let answers = [
            await testBot.bot.handle(Self.command(at: arrived + .seconds(2))),
            await testBot.bot.handle(Self.command(at: arrived + .seconds(1))),
            await testBot.bot.handle(Self.command(at: arrived)),
        ]
        #expect(answers.map(Self.wasLimited) == [false, false, true])
        // Two commands that arrived a minute ago and are only now answered left the window
        // long before this one arrived.
        let later = try await TestBot(settings: BotSettings(cooldownCommands: 2, cooldownWindow: .seconds(30)))
        _ = await later.bot.handle(Self.command(at: arrived - .seconds(61)))
        _ = await later.bot.handle(Self.command(at: arrived - .seconds(60)))
        #expect(!Self.wasLimited(await later.bot.handle(Self.command(at: arrived))))
        await later.finish()
        await testBot.finish()
    }
}
