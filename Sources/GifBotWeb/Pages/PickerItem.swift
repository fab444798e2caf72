import GifBotCore
import GifSources

/// One GIF in the picker's grid, whichever list it came from: its id, title, and the small
/// rendition the grid shows with its size (nothing jumps as it loads).
struct PickerItem: Sendable, Equatable {
    /// Renditions narrower than this look blurred in a tile.
    static let smallestTileWidth = 150

    let gifID: String
    let title: String
    let imageURL: String
    let width: Int
    let height: Int
    /// The first frame, shown instead where the person asks for reduced motion (nil: none known).
    var stillURL: String? = nil

    /// The smallest animated rendition wide enough for a tile, else the one chat links to.
    init(_ card: GifCard) {
        let small = card.renditions.first { ($0.width ?? 0) >= Self.smallestTileWidth && $0.height != nil }
        gifID = card.id
        title = card.title
        imageURL = small?.url ?? card.url
        width = small?.width ?? card.width ?? FavoritesPage.tileSize
        height = small?.height ?? card.height ?? FavoritesPage.tileSize
        stillURL = card.still?.url
    }

    /// The rendition chat links to, for a GIF's own page.
    init(large card: GifCard) {
        gifID = card.id
        title = card.title
        imageURL = card.url
        width = card.width ?? GifPage.previewSize
        height = card.height ?? GifPage.previewSize
    }

    init(_ favorite: Favorite) {
        gifID = favorite.gifID
        title = favorite.title
        imageURL = favorite.url
        width = FavoritesPage.tileSize
        height = FavoritesPage.tileSize
    }

    init(_ entry: CollectionEntry) {
        gifID = entry.gifID
        title = entry.title
        imageURL = entry.preview?.url ?? entry.url
        width = entry.preview?.width ?? FavoritesPage.tileSize
        height = entry.preview?.height ?? FavoritesPage.tileSize
    }
}
