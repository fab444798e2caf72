import GifSources

/// A parsed command with its arguments. Free text arguments are already cleaned of control
/// characters and formatting, trimmed, and their inner whitespace collapsed.
public enum Command: Sendable, Equatable {
    /// `!gif cat | when the build passes`: a caption goes with the GIF.
    case gif(query: String, caption: String? = nil)
    case more
    case gifs(query: String)
    case random(tag: String?)
    case translate(phrase: String)
    case trending(count: Int)
    case trends
    case suggest(prefix: String)
    case related(term: String)
    case info(id: String?)
    case fav(id: String?)
    case unfav(target: String)
    case favs(user: String?, page: Int)
    case recent
    case clearRecent
    case help(topic: String?)
    case about
    case undo
    /// `!rating` shows the channel's rating; with a value, an admin sets it.
    case rating(ContentRating?)
    /// `!cooldown` shows the channel's cooldown; with values, an admin sets it (0 commands: off).
    case cooldown(commands: Int, seconds: Int)
    case showCooldown
    /// `!gif? <query>` (and `!preview <query>`): a candidate for the asker alone.
    case previewGif(query: String, caption: String? = nil)
    /// `!preview` shows the channel's preview mode; with a mode, an admin sets it.
    case previewMode(PreviewMode?)
    /// Answers to an open preview: post it, show another, drop it, or post a list's n-th.
    case send
    case shuffle
    case cancel
    case pick(Int)
    /// `!web`: a private, single-use login link to the web gallery.
    case web
    /// A known command with missing or malformed arguments: answered with its usage line.
    case usage(CommandName)
    /// `!gif #party`: the next GIF with that tag from this channel's collection.
    case gifTag(String)
    /// `!save [#tags…]` (the last GIF shown in this channel) or `!save <id> [#tags…]`.
    case save(id: String?, tags: [String])
    case tag(id: String, tags: [String])
    case untag(id: String, tag: String)
    case forget(id: String)
    /// `!collection [#tag] [page]`: the channel's collection, a page at a time.
    case collection(tag: String?, page: Int)
    /// `!collection open|admins` (admins): who may save here.
    case collectionSavers(CollectionPolicy.Savers)
    /// `!collection public on|off` (admins): whether the gallery shows the collection to anyone.
    case collectionPublic(Bool)
    /// `!pack on|off` (admins): the room's collection as an image pack, where the network has them.
    case roomFeature(RoomFeature, on: Bool)
    /// A word given as a tag that is not one (the word, as typed).
    case invalidTag(String)
    /// More tags than an entry may have.
    case tooManyTags
}
