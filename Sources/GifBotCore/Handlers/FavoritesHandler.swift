import Foundation
import GifSources

/// `!fav`, `!unfav`, `!favs`: favorites kept per user across restarts.
struct FavoritesHandler {
    let context: BotContext

    func fav(id: String?, for message: ChatMessage) async throws -> [Reply] {
        let gif: SourcedGif, card: GifCard
        switch try await GifReference(context: context).resolve(id: id, command: .fav, for: message) {
        case .refusal(let text): return [.text(text)]
        case .gif(let resolved, let resolvedCard): (gif, card) = (resolved, resolvedCard)
        }
        let favorite = Favorite(gifID: card.id, title: card.title, url: card.url, rating: gif.rating)
        let limit = context.settings.favoritesLimit
        switch try await context.favorites.add(favorite, for: message.user.storeKey, limit: limit) {
        case .added(let count):
            return [.text("Saved \"\(card.title)\" (\(card.id)) to your favorites (\(count)/\(limit)).")]
        case .alreadyFavorite:
            return [.text("\"\(card.title)\" (\(card.id)) is already one of your favorites.")]
        case .limitReached:
            return [
                .text(
                    "Your favorites are full (\(limit)/\(limit)); remove one with \(context.prefix)unfav <id or number> first."
                )
            ]
        }
    }

    func unfav(_ target: String, for message: ChatMessage) async throws -> [Reply] {
        let user = message.user.storeKey
        let favorites = try await context.favorites.favorites(for: user)
        let favorite: Favorite
        switch ChatNumber.read(target) {
        case .number(let number) where favorites.indices.contains(number - 1):
            favorite = favorites[number - 1]
        case .number, .outOfRange:
            return [
                .text(
                    favorites.isEmpty
                        ? "You have no favorites to remove."
                        : "There is no favorite number \(TextSanitizer.truncate(target, to: 20)); you have \(favorites.count)."
                )
            ]
        case .notANumber:
            guard let match = favorites.first(where: { $0.gifID == target }) else {
                return [.text("\"\(TextSanitizer.truncate(target, to: 20))\" is not one of your favorites.")]
            }
            favorite = match
        }
        _ = try await context.favorites.remove(favorite.gifID, for: user)
        guard ContentPolicy.allows(rated: favorite.rating, maximum: await context.rating(for: message)) else {
            return [
                .text(
                    "Removed \(favorite.gifID) (\(Self.ratingWords(favorite.rating)), title hidden here) from your favorites."
                )
            ]
        }
        return [.text("Removed \"\(favorite.title)\" (\(favorite.gifID)) from your favorites.")]
    }

    func favs(ofName name: String?, page: Int, for message: ChatMessage) async throws -> [Reply] {
        let network = message.user.network
        let owner =
            name.map { UserKey(network: network, userID: context.names.userID(forName: $0, network: network)) }
            ?? message.user.storeKey
        let isOwn = owner == message.user.storeKey
        let whose = isOwn ? "Your" : "\(TextSanitizer.truncate(name ?? "", to: 30))'s"
        let favorites = try await context.favorites.favorites(for: owner)
        guard !favorites.isEmpty else {
            return [
                .text(
                    isOwn
                        ? "You have no favorites yet: after a GIF, say \(context.prefix)fav to keep it (or \(context.prefix)fav <id>)."
                        : "\(TextSanitizer.truncate(name ?? "", to: 30)) has no favorites yet.")
            ]
        }
        let pageSize = max(1, context.settings.favoritesPageSize)
        let pageCount = (favorites.count + pageSize - 1) / pageSize
        guard page <= pageCount else {
            return [
                .text(
                    "There is no page \(page): \(whose.lowercasedFirst) favorites fill \(pageCount) page\(pageCount == 1 ? "" : "s")."
                )
            ]
        }
        let rating = await context.rating(for: message)
        let first = (page - 1) * pageSize
        var replies: [Reply] = [
            .text("\(whose) favorites (\(favorites.count), page \(page)/\(pageCount), newest first):")
        ]
        for (offset, favorite) in favorites[first..<min(favorites.count, first + pageSize)].enumerated() {
            let number = first + offset + 1
            if !ContentPolicy.allows(rated: favorite.rating, maximum: rating) {
                replies.append(
                    .text("\(number). (\(favorite.gifID), \(Self.ratingWords(favorite.rating)), hidden here)"))
            } else {
                replies.append(.text("\(number). \(favorite.title) (\(favorite.gifID)) \(favorite.url)"))
            }
        }
        if page < pageCount {
            let more = isOwn ? "\(context.prefix)favs \(page + 1)" : "\(context.prefix)favs \(name ?? "") \(page + 1)"
            replies.append(.text("More: \(more)"))
        }
        return replies
    }
}

extension FavoritesHandler {
    /// How a hidden favorite's rating is named: "rated r", or "unrated".
    fileprivate static func ratingWords(_ rating: String?) -> String {
        ContentRating.ofGif(rating).map { "rated \($0)" } ?? "unrated"
    }
}

extension String {
    fileprivate var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
