import Giphy
import Logging
import Storage

/// Turns a name typed in chat (`!favs alice`) into the user id the adapter would use.
public protocol UserNameResolving: Sendable {
    func userID(forName name: String, network: String) -> String
}

/// The default: ids are lower-cased names (the console; adapters provide their own).
public struct LowercasedUserNames: UserNameResolving {
    public init() {}
    public func userID(forName name: String, network: String) -> String { name.lowercased() }
}

/// What every handler works with.
struct BotContext: Sendable {
    let giphy: any GiphyAPI
    let store: BotStore
    let settings: BotSettings
    let memory: ConversationMemory
    let names: any UserNameResolving
    let logger: Logger

    var prefix: String { settings.prefix }

    /// The rating limit where a message was said. Per-channel limits (stored in channel
    /// settings) arrive with the admin commands; until then the configured maximum applies.
    func rating(for message: ChatMessage) -> ContentRating {
        settings.maximumRating
    }

    func memoryKey(_ message: ChatMessage) -> ConversationMemory.Key {
        ConversationMemory.Key(user: message.user.storeKey, conversation: message.conversation)
    }
}

/// One family of commands.
protocol CommandHandler: Sendable {
    /// Nil when the command belongs to another family.
    func handle(_ command: Command, from message: ChatMessage) async throws -> [Reply]?
}
