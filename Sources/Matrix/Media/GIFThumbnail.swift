import GifBotCore
import GifSources

/// The small picture clients show before, or instead of, downloading the GIF (`thumbnail_url`
/// or, encrypted, `thumbnail_file`, with `thumbnail_info`): the source's smallest rendition,
/// uploaded once as a GIF of its own, so a client that shows thumbnails does not fetch several
/// MB first.
enum GIFThumbnail {
    /// The smallest sized rendition smaller than what was posted, as a card of its own (its id
    /// marked, so its upload is remembered apart from the GIF's); nil when nothing is smaller.
    /// The id the thumbnail's upload is remembered under, whichever rendition it is.
    static func id(of card: GifCard) -> String { "\(card.id).thumbnail" }

    static func card(of card: GifCard, postedBytes: Int) -> GifCard? {
        let smallest = card.renditions.filter { ($0.byteSize ?? Int.max) < postedBytes }
            .min { ($0.byteSize ?? 0) < ($1.byteSize ?? 0) }
        guard let smallest else { return nil }
        return GifCard(
            id: id(of: card), title: card.title, url: smallest.url, width: smallest.width,
            height: smallest.height, byteSize: smallest.byteSize, rating: card.rating, pageURL: card.pageURL,
            renditions: [smallest])
    }
}
