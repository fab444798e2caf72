import GifBotCore
import GifSources

/// What the picker asks of the bot: pages of GIFs as a channel may see them, search terms, and
/// the actions a person could take with a command in that channel (favorite, post). Through the
/// bot, so chat and the picker share one cache, one cool-down and one favorites list.
public protocol WebPicking: Sendable {
    func pickerResults(
        _ listing: PickerListing, offset: Int, for user: ChatUser, in channel: String
    ) async throws -> PickerResults
    func pickerRating(for user: ChatUser, in channel: String) async -> ContentRating
    /// What the pages call the channel (a Matrix room's name rather than its id).
    func conversationName(_ channel: CollectionChannel) async -> String
    func pickerGif(_ gifID: String, for user: ChatUser, in channel: String) async -> Result<GifCard, PickerFailure>
    func searchSuggestions(for prefix: String) async -> [String]
    func trendingSearches() async -> [String]
    func recentSearches(of user: UserKey) async throws -> [String]
    func pickerFavorite(_ gifID: String, on: Bool, by user: ChatUser, in channel: String) async -> String
    func pick(
        _ gifID: String, caption: String?, by user: ChatUser, in channel: String, now: ContinuousClock.Instant
    ) async -> PickOutcome
}

extension GifBot: WebPicking {}

/// The picker's tabs, as its addresses name them.
enum PickerTab: String, CaseIterable, Sendable {
    case search, trending, favorites, collection

    var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
