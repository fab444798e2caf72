import GifBotCore
import GifSources

/// The small picture clients show before, or instead of, downloading the GIF (`thumbnail_url`
/// or, encrypted, `thumbnail_file`, with `thumbnail_info`), uploaded once as an image of its own,
/// so a client that shows thumbnails does not fetch several MB first.
///
/// It is the source's still of the first frame when it has one (GIPHY's `fixed_width_small_still`,
/// KLIPY's small JPEG): a thumbnail is a still, as the ones clients make of their own uploads
/// are, and is what a client that does not play the GIF (Element with "autoplay GIFs" off)
/// shows until it does. It is 2-10 kB against the 20-500 kB of the smallest animated rendition
/// of the same size, for the bot to download, encrypt and upload, for the homeserver to store
/// and make its own thumbnails of, and for every client to fetch. Without a still, the smallest
/// animated rendition below the posted one serves.
enum GIFThumbnail {
    /// The id the thumbnail's upload is remembered under, whichever image it is. (Uploads made
    /// before stills were used keep their animated thumbnail: nothing is uploaded again.)
    static func id(of card: GifCard) -> String { "\(card.id).thumbnail" }

    /// The thumbnail as a card of its own (its id marked, so its upload is remembered apart from
    /// the GIF's); nil when the source has no still and no smaller rendition than `postedBytes`.
    static func card(of card: GifCard, postedBytes: Int) -> GifCard? {
        let still = card.still.flatMap { isSmaller($0.byteSize ?? 0, than: postedBytes) ? $0 : nil }
        let smallest = card.renditions.filter { isSmaller($0.byteSize ?? Int.max, than: postedBytes) }
            .min { ($0.byteSize ?? 0) < ($1.byteSize ?? 0) }
        guard let chosen = still ?? smallest else { return nil }
        return GifCard(
            id: id(of: card), title: card.title, url: chosen.url, width: chosen.width,
            height: chosen.height, byteSize: chosen.byteSize, rating: card.rating, pageURL: card.pageURL,
            renditions: [chosen])
    }

    /// Whether an image of `thumbnailBytes` may be the thumbnail of a GIF of `postedBytes`: only
    /// one smaller than the GIF spares a client anything. Checked when the thumbnail is chosen
    /// and again once the GIF posted is known (`GIFUploader.thumbnailCard`).
    static func isSmaller(_ thumbnailBytes: Int, than postedBytes: Int) -> Bool {
        thumbnailBytes < postedBytes
    }
}
