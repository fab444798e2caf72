import BotTestSupport
import GiphyStandIn
import Synchronization
import Testing

@testable import GifBotCore

/// One person's commands in one conversation act in the order they were sent, each on the state
/// the previous one left, however their answers' tasks are scheduled (issue 21's defect).
@Suite(.timeLimit(.minutes(1))) struct CommandTurnTests {
    private static let ann = ChatUser(network: "test", id: "ann", displayName: "ann")
    private static let bob = ChatUser(network: "test", id: "bob", displayName: "bob")

    @Test func turnsOfOneLaneRunInTheOrderReservedWhateverOrderTheyStart() async {
        let turns = CommandTurns()
        let key = CommandTurns.Key(user: Self.ann.storeKey, conversation: "#gifs")
        let reserved = (0..<5).map { _ in turns.reserve(key) }
        let ran = Recorded<[Int]>([])
        await withTaskGroup(of: Void.self) { group in
            for turn in reserved.reversed() {
                group.addTask {
                    await turns.wait(for: turn)
                    ran.change { $0.append(turn.number) }
                    turns.finish(turn)
                }
            }
        }
        #expect(ran.value == [0, 1, 2, 3, 4])
        #expect(turns.activeLanes == 0, "an idle lane is forgotten")
    }

    @Test func otherPeopleAndOtherConversationsDoNotWait() async {
        let turns = CommandTurns()
        let blocking = turns.reserve(CommandTurns.Key(user: Self.ann.storeKey, conversation: "#gifs"))
        await turns.wait(for: blocking)
        // Ann's first command has not finished; Bob here and Ann elsewhere go ahead.
        let bob = turns.reserve(CommandTurns.Key(user: Self.bob.storeKey, conversation: "#gifs"))
        let annElsewhere = turns.reserve(CommandTurns.Key(user: Self.ann.storeKey, conversation: "#other"))
        await turns.wait(for: bob)
        await turns.wait(for: annElsewhere)
        #expect(turns.activeLanes == 3)
        for turn in [bob, annElsewhere, blocking] { turns.finish(turn) }
        #expect(turns.activeLanes == 0)
    }

    /// `!gif` and three `!more` pasted together while GIPHY takes 0.6 s, the later lines' tasks
    /// started first: each `!more` continues from the GIF before it, and a `!fav` sent with a new
    /// search saves that search's GIF, not the one shown before.
    @Test func aBurstFromOnePersonActsInOrderOnASlowSource() async throws {
        let testBot = try await TestBot()
        testBot.standIn.override(
            "/v1/gifs/search",
            with: StandInResponse(
                body: Fixtures.bytes("react_api_search_2023.json"),
                delay: .milliseconds(600)))
        let bot = testBot.bot
        func burst(_ lines: [String]) async -> [[Reply]] {
            let messages = lines.map { ChatMessage(user: Self.ann, conversation: "#gifs", text: $0) }
            let turns = messages.map { bot.reserveTurn(for: $0) }
            let answers = Recorded<[Int: [Reply]]>([:])
            await withTaskGroup(of: Void.self) { group in
                for index in messages.indices.reversed() {
                    group.addTask {
                        let replies = await bot.handle(messages[index], in: turns[index])
                        answers.change { $0[index] = replies }
                    }
                }
            }
            return messages.indices.map { index in answers.value[index] ?? [] }
        }
        func gifID(_ replies: [Reply]) -> String? {
            if case .gif(let card)? = replies.first { card.id } else { nil }
        }

        let shown = await burst(["!gif cats", "!more", "!more", "!more"]).map(gifID)
        #expect(shown.allSatisfy { $0 != nil }, "\(shown)")
        #expect(Set(shown.compactMap { $0 }).count == 4, "four different GIFs: \(shown)")
        #expect(shown.first == "l0NwGpoOVLTAyUJSo")
        #expect(shown.dropFirst().first == "l396BoOTIFem9xqQU")

        let saved = await burst(["!gif dogs", "!fav"])
        #expect(gifID(saved[0]) == "l0NwGpoOVLTAyUJSo")
        let savedLine = saved[1].first?.line ?? ""
        #expect(savedLine.contains("(l0NwGpoOVLTAyUJSo)") && savedLine.hasPrefix("Saved"), "\(savedLine)")
        await testBot.finish()
    }
}

/// What concurrent tasks of a test write down.
private final class Recorded<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    func change(_ body: (inout Value) -> Void) { storage.withLock { body(&$0) } }
    var value: Value { storage.withLock { $0 } }
}
