import GifSources
import Logging

/// Tells the sources that want to know (KLIPY's share trigger) which of their GIFs were posted,
/// behind the reply: the answer never waits for it, and a report that fails is counted and
/// logged at debug, nothing more; the user never hears of it. Reports wait in a bounded queue
/// drained one at a time by a task this actor owns (as `RecentSearchWriter` owns its writes);
/// shutdown drops what waits and cancels the one under way, so a slow source cannot hold it up.
actor PostedGifReporter {
    struct Report: Sendable {
        let ref: GifRef
        let query: String?
        let user: SourceUser
    }

    /// Reports waiting beyond this are dropped (and counted): a source that hangs must not
    /// cost the bot memory.
    static let capacity = 256

    /// Only the sources with `.postedReports`, by id.
    private let sources: [GifSourceID: any GifSource]
    private let metrics: BotMetrics
    private let logger: Logger
    private var pending: [Report] = []
    private var drain: Task<Void, Never>?
    /// Where the drain runs (as `RecentSearchWriter`'s writes): the app's event loop, or Swift's
    /// pool when nil.
    private let executor: (any TaskExecutor)?

    init(sources: [any GifSource], metrics: BotMetrics, logger: Logger, executor: (any TaskExecutor)? = nil) {
        var wanting: [GifSourceID: any GifSource] = [:]
        for source in sources where source.capabilities.contains(.postedReports) { wanting[source.id] = source }
        self.sources = wanting
        self.metrics = metrics
        self.logger = logger
        self.executor = executor
    }

    /// Whether any source wants reports: lets the bot skip the work for those that do not.
    nonisolated var isNeeded: Bool { !sources.isEmpty }

    nonisolated func wants(_ ref: GifRef) -> Bool { sources[ref.source] != nil }

    func record(_ report: Report) {
        guard wants(report.ref) else { return }
        guard pending.count < Self.capacity else {
            metrics.postedReportFailed(source: report.ref.source, reason: "dropped")
            return
        }
        pending.append(report)
        if drain == nil { drain = Task(executorPreference: executor) { await self.drainPending() } }
    }

    /// Returns once every report recorded so far was sent (or failed).
    func flush() async {
        await drain?.value
    }

    /// Drops what waits and ends the report under way (reports are worth less than a prompt
    /// shutdown).
    func stop() async {
        pending = []
        drain?.cancel()
        await drain?.value
    }

    private func drainPending() async {
        while !pending.isEmpty, !Task.isCancelled {
            let report = pending.removeFirst()
            guard let source = sources[report.ref.source] else { continue }
            do {
                try await source.posted(report.ref.key, query: report.query, user: report.user)
            } catch {
                metrics.postedReportFailed(source: report.ref.source, reason: "failed")
                logger.debug(
                    "Could not report a posted GIF to its source",
                    metadata: ["source": "\(report.ref.source.rawValue)", "error": "\(error)"])
            }
        }
        drain = nil
    }
}
