import Foundation

/// A GIF a user saved. Title and link are stored as shown, so a list needs no GIPHY call.
public struct Favorite: Sendable, Equatable {
    public let gifID: String
    public let title: String
    public let url: String
    public let rating: String?
    public let addedAt: Date

    public init(gifID: String, title: String, url: String, rating: String?, addedAt: Date = Date()) {
        self.gifID = gifID
        self.title = title
        self.url = url
        self.rating = rating
        self.addedAt = addedAt
    }
}

/// What happened to a request to save a favorite.
public enum AddFavoriteResult: Sendable, Equatable {
    /// Saved; the user now has `count` favorites.
    case added(count: Int)
    /// It was already a favorite; nothing changed.
    case alreadyFavorite
    /// The user is at the limit; nothing was stored.
    case limitReached(limit: Int)
}
