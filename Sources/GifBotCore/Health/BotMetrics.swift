import CoreMetrics
import GifSources

/// The command metrics: how many of each command, how each ended, and how long it took.
/// Handles are made once per label set and kept: asking the factory for one on every command
/// cost a registry lookup and its allocations per command.
public struct BotMetrics: Sendable {
    private let handles: MetricHandles

    public init(factory: any MetricsFactory = MetricsSystem.factory) {
        handles = MetricHandles(factory: factory)
    }

    func commandHandled(_ command: Command, outcome: CommandOutcome, duration: Duration) {
        let name = command.metricName
        handles.counter(MetricName.commands, [("command", name), ("outcome", outcome.rawValue)]).increment()
        handles.timer(MetricName.commandDuration, [("command", name)]).recordNanoseconds(duration.nanoseconds)
    }

    /// A pick from the gallery's picker: posted, or refused (cool-down, rating, not connected).
    func pickerPosted(_ outcome: PickOutcome) {
        let label = outcome == .posted ? "posted" : "refused"
        handles.counter(MetricName.pickerPosts, [("outcome", label)]).increment()
    }

    /// `reason`: "failed" or "dropped" (see `MetricName.postedReportFailures`).
    func postedReportFailed(source: GifSourceID, reason: String) {
        handles.counter(MetricName.postedReportFailures, [("source", source.rawValue), ("reason", reason)]).increment()
    }
}

enum CommandOutcome: String {
    case ok
    /// The sender was over the per-user command limit.
    case cooldown
    /// A channel's command from someone not in the channel (`ChannelMembershipRule`).
    case notMember = "not_member"
    case giphyError = "giphy_error"
    case error
}

extension Command {
    /// The command's metric label: one of a fixed set, never anything the user typed.
    var metricName: String {
        switch self {
        case .gif: "gif"
        case .more: "more"
        case .gifs: "gifs"
        case .random: "random"
        case .translate: "translate"
        case .trending: "trending"
        case .trends: "trends"
        case .suggest: "suggest"
        case .related: "related"
        case .info: "info"
        case .fav: "fav"
        case .unfav: "unfav"
        case .favs: "favs"
        case .recent, .clearRecent: "recent"
        case .help: "help"
        case .about: "about"
        case .undo: "undo"
        case .rating: "rating"
        case .cooldown, .showCooldown: "cooldown"
        case .web: "web"
        case .usage, .invalidTag, .tooManyTags: "usage"
        case .gifTag: "gif_tag"
        case .save: "save"
        case .tag: "tag"
        case .untag: "untag"
        case .forget: "forget"
        case .collection, .collectionSavers, .collectionPublic: "collection"
        case .previewGif: "preview"
        case .previewMode: "preview_mode"
        case .send: "send"
        case .shuffle: "shuffle"
        case .cancel: "cancel"
        case .pick: "pick"
        case .roomFeature(let feature, _): feature.rawValue
        }
    }
}
