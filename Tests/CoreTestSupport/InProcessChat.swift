import GifBotCore
import GifSources
import Logging
import Synchronization

/// The bot wired to an in-memory store and fake sources, with a chat adapter that is a function
/// call: a test says "alice says `!gif cat`, then `!fav`" and checks the replies and what was
/// stored, in milliseconds, without a socket (as Hummingbird tests an application in process).
public struct InProcessChat: Sendable {
    public let bot: GifBot
    public let store: InMemoryCoreStore
    public let sources: [FakeGifSource]
    /// The gallery's side of `!web`: which channels each person's sessions may see (unless the
    /// chat is made with a real gallery's).
    public let webLinks = GrantRecordingWebLinks()
    public static let network = "chat"

    public init(
        sources: [FakeGifSource] = [FakeGifSource(gifs: (1...6).map { FakeGifSource.gif("gif\($0)") })],
        settings: BotSettings = BotSettings(cooldownCommands: 0),
        webLinks gallery: (any WebLinkIssuing)? = nil
    ) {
        store = InMemoryCoreStore()
        self.sources = sources
        bot = GifBot(
            sources: sources, store: store, settings: settings, webLinks: gallery ?? webLinks,
            logger: Logger(label: "chat") { _ in SwiftLogNoOpLogHandler() })
    }

    /// The lines a chat would show for `text` said by `user` in `conversation` (a channel unless
    /// it is the user's own name, a private conversation); `member: false` says it from outside
    /// the channel (IRC without +n).
    @discardableResult
    public func say(
        _ text: String, as user: String = "alice", in conversation: String = "#gifs", admin: Bool = false,
        member: Bool = true
    ) async -> [String] {
        await replies(to: text, as: user, in: conversation, admin: admin, member: member).map(\.line).filter {
            !$0.isEmpty
        }
    }

    /// `user` left `conversation` (a PART, kick or quit; a Matrix leave or ban).
    public func leave(_ user: String, from conversation: String = "#gifs") async {
        await bot.memberLeft(ChatUser(network: Self.network, id: user, displayName: user), from: conversation)
    }

    /// The replies themselves, for tests of what a network renders; `at` is when the line
    /// arrived (a test moves time on by passing a later instant, never by sleeping).
    public func replies(
        to text: String, as user: String = "alice", in conversation: String = "#gifs", admin: Bool = false,
        member: Bool = true, at receivedAt: ContinuousClock.Instant = .now, messageID: String? = nil
    ) async -> [Reply] {
        let message = ChatMessage(
            user: ChatUser(network: Self.network, id: user, displayName: user), conversation: conversation,
            isPrivate: conversation == user, text: text, senderIsAdmin: admin, receivedAt: receivedAt,
            messageID: messageID, senderIsMember: member)
        return await bot.handle(message)
    }

    /// Waits for what is written behind (recent searches), then gives what the store holds.
    public func stored() async -> InMemoryCoreStore.Contents {
        await bot.finishPendingWrites()
        return store.contents.withLock { $0 }
    }

    public static func user(_ name: String) -> UserKey { UserKey(network: network, userID: name) }
}
