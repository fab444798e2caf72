/// Every command the bot knows, with what `!help` says about it.
public enum CommandName: String, CaseIterable, Sendable {
    case gif, more, gifs, random, translate, trending, trends, suggest, related, info
    case fav, unfav, favs, recent, help, about, undo
    case rating, cooldown
    case web
    case save, tag, untag, forget, collection
    case pack, picker
    case previewGif = "gif?"
    case preview, send, shuffle, cancel, pick

    /// Commands only admins may use to change something; listed apart in `!help`.
    var isAdminCommand: Bool { [.rating, .cooldown, .pack, .picker].contains(self) }

    /// Other words that mean the same command.
    var aliases: [String] {
        switch self {
        case .more: ["next"]
        default: []
        }
    }

    /// Arguments as shown after the command word.
    var arguments: String {
        switch self {
        case .gif: "<query> [| caption]"
        case .gifs: "<query>"
        case .more, .trends, .about, .undo, .web: ""
        case .random: "[tag]"
        case .translate: "<phrase>"
        case .trending: "[n]"
        case .suggest: "<prefix>"
        case .related: "<term>"
        case .info, .fav: "[id]"
        case .unfav: "<id or list number>"
        case .favs: "[user] [page]"
        case .recent: "[clear]"
        case .help: "[command]"
        case .rating: "[g|pg|pg-13|r]"
        case .cooldown: "[commands seconds]"
        case .save: "[id] [#tags]"
        case .tag: "<id> <#tags>"
        case .untag: "<id> <#tag>"
        case .forget: "<id>"
        case .collection: "[#tag] [page] | open | admins | public on|off"
        case .previewGif: "<query>"
        case .preview: "<query> | off|optional|required"
        case .send, .shuffle, .cancel: ""
        case .pick: "<n>"
        case .pack, .picker: "on|off"
        }
    }

    var summary: String {
        switch self {
        case .gif: "a GIF for your search; again for the next one you have not seen"
        case .more: "the next result of your last search"
        case .gifs: "the top three results as a list"
        case .random: "a random GIF, optionally for a tag"
        case .translate: "the single best GIF for a phrase"
        case .trending: "the top trending GIF, or the top n (at most 5)"
        case .trends: "today's popular searches"
        case .suggest: "search terms that start with a prefix"
        case .related: "search terms related to a term"
        case .info: "details of a GIF (default: the last one you were shown)"
        case .fav: "save a GIF to your favorites (default: the last one you were shown)"
        case .unfav: "remove a favorite"
        case .favs: "list favorites, yours or someone else's"
        case .recent: "your last searches; 'clear' forgets them"
        case .help: "this help, or help for one command"
        case .about: "version, source and credits"
        case .undo: "delete the last GIF I posted for you here (where the network allows it)"
        case .rating: "this channel's content rating; admins can lower it"
        case .cooldown: "this channel's command limit per user; admins can change it (0 turns it off)"
        case .web: "a private link to your favorites and this channel's GIFs in a browser"
        case .save: "save a GIF to this channel's collection with up to 10 tags (default: the last GIF shown here)"
        case .tag: "add tags to a GIF of this channel's collection (whoever saved it, or an admin)"
        case .untag: "remove a tag from a GIF of this channel's collection (whoever saved it, or an admin)"
        case .forget: "remove a GIF from this channel's collection (whoever saved it, or an admin)"
        case .collection:
            "list this channel's collection, or one tag ('gif #tag' posts one); admins choose who may save (open, admins) and make it public"
        case .previewGif: "show a GIF to you alone first; then send, shuffle or cancel it"
        case .preview:
            "like gif?; alone, this channel's preview mode; admins can set it (required: every GIF is previewed)"
        case .send: "post the GIF of your open preview"
        case .shuffle: "show another GIF in your open preview, never one it showed before"
        case .cancel: "close your open preview without posting anything"
        case .pick: "post GIF number n of your last list"
        case .pack: "Matrix: this room's collection as an image pack, stickers in Cinny, FluffyChat and Nheko (admins)"
        case .picker: "Matrix: the picker as a room widget, which Element Web and Desktop show (admins)"
        }
    }

    /// Looks a command word up, case-insensitively, aliases included.
    static func named(_ word: String) -> CommandName? {
        let word = word.lowercased()
        return allCases.first { $0.rawValue == word || $0.aliases.contains(word) }
    }

    func usage(prefix: String) -> String {
        arguments.isEmpty ? "\(prefix)\(rawValue)" : "\(prefix)\(rawValue) \(arguments)"
    }
}
