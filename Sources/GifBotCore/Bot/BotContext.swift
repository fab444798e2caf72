import GifSources
import Logging

/// Turns a name typed in chat (`!favs alice`) into the user id the adapter would use.
public protocol UserNameResolving: Sendable {
    func userID(forName name: String, network: String) -> String
    /// How chat would call the person with this id, for a post that names them (a pick from the
    /// gallery, which knows only the id).
    func displayName(forUserID id: String, network: String) -> String
}

extension UserNameResolving {
    /// Networks whose ids are names people read (Matrix ids) call them by their id.
    public func displayName(forUserID id: String, network: String) -> String { id }
}

/// What every handler works with.
struct BotContext: Sendable {
    let sources: FallbackSources
    let store: any CoreStore
    let settings: BotSettings
    let memory: ConversationMemory
    let names: any UserNameResolving
    let channelSettings: ChannelSettingsCache
    let favorites: FavoritesCache
    let recentSearches: RecentSearchWriter
    let previews: PreviewBoard
    /// Issues `!web` links; nil when the web gallery is off.
    let webLinks: (any WebLinkIssuing)?
    let logger: Logger

    var prefix: String { settings.prefix }

    /// The rating limit where a message was said: the channel's own rating when an admin set
    /// one, never above the configured maximum.
    func rating(for message: ChatMessage) async -> ContentRating {
        guard !message.isPrivate else { return settings.maximumRating }
        let stored = await channelSettings.settings(network: message.user.network, channel: message.conversation).rating
        guard let rating = stored.flatMap(ContentRating.init(parameter:)) else { return settings.maximumRating }
        return min(rating, settings.maximumRating)
    }

    /// The rating limit of `conversation`, which may not be where `message` was said (a
    /// preview answered in a private message is posted in its channel).
    func rating(in conversation: String, of message: ChatMessage) async -> ContentRating {
        guard conversation != message.conversation else { return await rating(for: message) }
        let stored = await channelSettings.settings(network: message.user.network, channel: conversation).rating
        guard let rating = stored.flatMap(ContentRating.init(parameter:)) else { return settings.maximumRating }
        return min(rating, settings.maximumRating)
    }

    /// The per-user command limit where a message was said.
    func cooldownLimits(for message: ChatMessage) async -> (commands: Int, window: Duration) {
        let defaults = (settings.cooldownCommands, settings.cooldownWindow)
        guard !message.isPrivate else { return defaults }
        let stored = await channelSettings.settings(network: message.user.network, channel: message.conversation)
        guard let commands = stored.cooldownCommands, let seconds = stored.cooldownSeconds else { return defaults }
        return (commands, .seconds(seconds))
    }

    /// Who asks, for sources that personalise (they derive their own opaque id from it).
    func sourceUser(_ message: ChatMessage) -> SourceUser {
        SourceUser(network: message.user.storeKey.network, userID: message.user.storeKey.userID)
    }

    /// The card for a GIF, naming its source when it is not the first one.
    func card(for gif: SourcedGif) -> GifCard? {
        GifCardBuilder.card(for: gif, via: sources.via(gif), links: settings.links)
    }

    /// The first `count` GIFs the rating allows and chat can show, with their cards. A plain
    /// loop: `Array` of a lazy filter-and-map chain counts it first, building a card for every
    /// GIF of the page twice.
    func showable(_ gifs: [SourcedGif], rating: ContentRating, count: Int) -> [(SourcedGif, GifCard)] {
        var shown: [(SourcedGif, GifCard)] = []
        for gif in gifs where shown.count < count && ContentPolicy.allows(gif, maximum: rating) {
            if let card = card(for: gif) { shown.append((gif, card)) }
        }
        return shown
    }

    func memoryKey(_ message: ChatMessage) -> ConversationMemory.Key {
        ConversationMemory.Key(user: message.user.storeKey, conversation: message.conversation)
    }

    /// Remembers a search for `!recent`, written behind (see `RecentSearchWriter`).
    func recordSearch(_ query: String, for message: ChatMessage) async {
        await recentSearches.record(RecentSearch(query: query, user: message.user.storeKey))
    }
}
