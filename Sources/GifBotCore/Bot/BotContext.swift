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

    /// The rating limit where a message was said: the configured maximum (per-channel limits,
    /// never above it, are stored in the channel settings by admins).
    func rating(for message: ChatMessage) async -> ContentRating {
        settings.maximumRating
    }

    func memoryKey(_ message: ChatMessage) -> ConversationMemory.Key {
        ConversationMemory.Key(user: message.user.storeKey, conversation: message.conversation)
    }

    /// Remembers a search for `!recent`. A store failure costs the user only this entry, so it
    /// is logged and the search goes on.
    func recordSearch(_ query: String, for message: ChatMessage) async {
        do {
            try await store.recordSearch(query, for: message.user.storeKey, limit: settings.recentLimit)
        } catch {
            logger.error("Could not record a recent search", metadata: ["error": "\(error)", "user": "\(message.user.storeKey)"])
        }
    }
}
