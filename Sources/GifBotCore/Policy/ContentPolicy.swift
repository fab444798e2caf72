import GifSources

/// Client-side rating enforcement. GIPHY has returned R-rated GIFs to `rating=g` requests, so
/// the bot checks every GIF's own rating before posting it, whatever its source.
public enum ContentPolicy {
    /// A GIF may be posted when its own rating is at most `maximum`. A GIF without a rating is
    /// posted only where the limit is above `g`: where only `g` is allowed, unknown is too risky.
    public static func allows(_ gif: SourcedGif, maximum: ContentRating) -> Bool {
        allows(rated: gif.rating, maximum: maximum)
    }

    /// The same rule for a GIF known only by its stored rating (a favorite): every reply that
    /// shows a GIF, its title or its link goes through here, so no command shows what another
    /// refuses.
    public static func allows(rated rating: String?, maximum: ContentRating) -> Bool {
        guard let rating = ContentRating.ofGif(rating) else { return maximum > .g }
        return rating <= maximum
    }
}
