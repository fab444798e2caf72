import GifSources

/// The GIF a command refers to: the id given, or the last GIF shown to the user in this
/// conversation; and whether it may be shown here. `!info` and `!fav` share these rules.
struct GifReference {
    let context: BotContext

    enum Resolution {
        case gif(SourcedGif, GifCard)
        /// A reply explaining why there is no GIF to use.
        case refusal(String)
    }

    /// Whose last GIF a command without an id means: the asker's own here (`!fav`, `!info`), or
    /// the last one shown to anyone in the channel (`!save`).
    enum LastShownScope {
        case asker, channel
    }

    /// - Parameter command: the command word, for hints such as "use !fav <id>".
    func resolve(
        id: String?, command: CommandName, for message: ChatMessage, lastShownIn scope: LastShownScope = .asker
    ) async throws -> Resolution {
        let prefix = context.prefix
        let gif: SourcedGif
        if let id {
            guard let ref = GifIDFormat.ref(id) else {
                let kind = context.sources.ids.count == 1 ? context.sources.first.displayName : "GIF"
                return .refusal("\"\(TextSanitizer.truncate(id, to: 20))\" is not a \(kind) id.")
            }
            let found = try await context.sources.gif(ref)
            if found.rating == nil {
                gif = found.rated(asStored: try await favoriteRating(of: ref, for: message))
            } else {
                gif = found
            }
        } else {
            let lastShown =
                switch scope {
                case .asker: await context.memory.lastShown(context.memoryKey(message))
                case .channel:
                    await context.memory.lastShownInChannel(network: message.user.network, message.conversation)
                }
            switch lastShown {
            case .gif(let shown):
                gif = shown
            case .list:
                return .refusal("Which one? Use \(prefix)\(command.rawValue) <id> with an id from the list.")
            case nil:
                return .refusal(
                    command == .save
                        ? "No GIF shown here yet: search with \(prefix)gif first, or use \(prefix)save <id>."
                        : command == .fav
                            ? "No GIF shown to you here yet: search with \(prefix)gif first, or use \(prefix)fav <id>."
                            : "No GIF shown to you here yet: use \(prefix)\(command.rawValue) <id>, or search first.")
            }
        }
        let rating = await context.rating(for: message)
        guard ContentPolicy.allows(gif, maximum: rating) else {
            return .refusal("That GIF is rated above what this channel allows (\(rating)).")
        }
        guard let card = context.card(for: gif) else {
            return .refusal("\(gif.ref.source.displayName)'s answer for that GIF cannot be shown in chat.")
        }
        return .gif(gif, card)
    }

    /// The rating the asker's favorite of `ref` was found under, if it is one: a KLIPY GIF looked
    /// up by id is unrated, yet the asker's own favorite was found under a known rating.
    private func favoriteRating(of ref: GifRef, for message: ChatMessage) async throws -> String? {
        let favorites = try await context.favorites.favorites(for: message.user.storeKey)
        return favorites.first { $0.gifID == ref.text }?.rating
    }
}
