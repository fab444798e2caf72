/// The metrics of the bot core and its adapters: these names are what dashboards and alerts
/// depend on. GIF sources' metrics are named in `SourceMetrics` (the GifSources module sits below the
/// core). Label values are always from a small fixed set (command names, outcomes,
/// adapter kinds, GIPHY endpoints), never user ids, queries or channel names.
public enum MetricName {
    /// Commands by `command` and `outcome` (ok, cooldown, giphy_error, error).
    public static let commands = "gifbot_commands_total"
    /// From a command reaching the bot to its replies being handed to the adapter, by `command`.
    public static let commandDuration = "gifbot_command_duration_seconds"
    /// Replies by `adapter` kind.
    public static let replies = "gifbot_replies_total"
    /// Adapters connected now, by `kind`.
    public static let adaptersConnected = "gifbot_adapters_connected"
    /// Reconnection attempts, by `kind`.
    public static let adapterReconnects = "gifbot_adapter_reconnects_total"
    /// IRC lines waiting to be written, over all networks.
    public static let ircOutgoingQueueDepth = "gifbot_irc_outgoing_queue_depth"
    /// Favorites held in the store, read when metrics are scraped.
    public static let favoritesStored = "gifbot_favorites_stored"
    /// Reports of a posted GIF to its source (KLIPY's share trigger) that did not arrive, by
    /// `source` and `reason` (failed: the call failed; dropped: too many were waiting).
    public static let postedReportFailures = "gifbot_posted_report_failures_total"
    /// GIFs people picked in the gallery to post, by `outcome` (posted, refused).
    public static let pickerPosts = "gifbot_picker_posts_total"
}
