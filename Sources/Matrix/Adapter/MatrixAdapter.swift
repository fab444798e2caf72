import AsyncHTTPClient
import CoreMetrics
import Foundation
import GifBotCore
import GifSources
import HTTPTransport
import Logging
import MatrixState
import ProcessTuning
import ServiceLifecycle
import Synchronization

/// The bot on one Matrix account: logs in (reusing its token), long-polls `/sync`, joins rooms
/// it is invited to by allowed users, answers commands with notices and inline GIFs, and
/// stores its sync position as it goes (`MatrixAdapter+Sync`), so a restart neither answers old
/// history nor posts anything twice.
public final class MatrixAdapter: Service {
    /// Matrix user ids are global, so one network name serves every homeserver.
    public static let network = "matrix"

    let configuration: MatrixConfiguration
    let bot: GifBot
    let store: any MatrixStateStore
    /// For media downloads (the GIFs' own hosts).
    let httpClient: HTTPClient
    private let homeserver: any Homeserver
    let logger: Logger
    private let metricsFactory: any MetricsFactory
    let seen = SeenEvents()
    let pendingJoins = PendingJoins()
    let roomJoins = RoomJoins()
    /// Whether the homeserver annotates events with the bot's membership: learned once per
    /// process, kept across logins.
    let annotations = Mutex(MembershipAnnotations())
    let posted = PostedGIFLog()
    let previewButtons = PreviewButtons()
    /// This run's name for the preview messages it shows (`ShownPreviews`): the same across
    /// logins again, so only an earlier process's messages are ever taken back.
    let runID = UUID().uuidString
    let batches = Atomic<Int>(0)
    /// Posts the gallery's picks into this account's rooms, through the running session's sender.
    private let picks = MatrixPickPoster()
    /// Logged in and synced, or why not: for `/readyz`.
    public let status: AdapterStatus

    public convenience init(
        configuration: MatrixConfiguration, bot: GifBot, store: any MatrixStateStore, names: NetworkUserNames,
        httpClient: HTTPClient, logger: Logger, metrics: any MetricsFactory = MetricsSystem.factory
    ) {
        self.init(
            configuration: configuration, bot: bot, store: store, names: names, httpClient: httpClient,
            homeserver: HTTPHomeserver(client: httpClient, baseURL: configuration.homeserver), logger: logger,
            metrics: metrics)
    }

    /// The adapter on `homeserver` instead of the one `configuration` names over HTTP: the seam
    /// the in-process tests use.
    init(
        configuration: MatrixConfiguration, bot: GifBot, store: any MatrixStateStore, names: NetworkUserNames,
        httpClient: HTTPClient, homeserver: any Homeserver, logger: Logger,
        metrics: any MetricsFactory = MetricsSystem.factory
    ) {
        self.homeserver = homeserver
        self.configuration = configuration
        self.status = AdapterStatus(kind: "matrix", name: configuration.statusName, factory: metrics)
        self.bot = bot
        self.metricsFactory = metrics
        self.store = store
        self.httpClient = httpClient
        var logger = logger
        logger[metadataKey: "matrix_user"] = "\(configuration.user)"
        self.logger = logger
        names.register(MatrixUserNames(serverName: Self.serverName(configuration)), for: Self.network)
        bot.posters.register(picks, for: Self.network)
    }

    /// How many sync batches have been handled (for tests and metrics).
    public var handledBatches: Int { batches.load(ordering: .relaxed) }

    public func run() async throws {
        let reason = await runUntilStopped()
        // `/readyz` says why an adapter that stopped by itself did, so the operator need not
        // search the log.
        status.disconnected(reason.map { "stopped: \($0)" } ?? "stopped")
    }

    /// A graceful shutdown cancels only the long poll or pause under way (through
    /// `cancellingOnGracefulShutdown`), never a batch being answered, so the stored position
    /// always matches what was answered.
    var isStopping: Bool { Task.isShuttingDownGracefully || Task.isCancelled }

    func makeBackoff() -> ReconnectBackoff {
        ReconnectBackoff(initial: configuration.timing.retryInitial, maximum: configuration.timing.retryMaximum)
    }

    private var http: MatrixHTTP { MatrixHTTP(homeserver: homeserver) }
    var syncKey: String { "matrix:\(configuration.homeserver):\(configuration.user):next_batch" }

    /// Returns why the adapter stopped by itself (a refused login), nil when it was asked to.
    private func runUntilStopped() async -> String? {
        var backoff = makeBackoff()
        var refusal: TokenRefusal?
        while !isStopping {
            let login: MatrixSession.Authenticated
            status.connecting()
            do {
                login = try await MatrixSession(
                    configuration: configuration, http: http, store: store, logger: logger
                )
                .authenticate(after: refusal)
            } catch {
                switch error {
                case .refused(let reason):
                    logger.error("Matrix adapter stopped: \(reason)")
                    return reason
                case .unavailable(let cause):
                    logger.warning("Matrix login failed; retrying", metadata: ["error": "\(cause)"])
                    status.disconnected("not logged in: homeserver unavailable")
                    guard await pause(backoff.nextDelay()) else { return nil }
                    continue
                case .storeUnreadable(let reason):
                    logger.error("Could not read the stored Matrix login; retrying", metadata: ["error": "\(reason)"])
                    status.disconnected("not logged in: the store cannot be read")
                    guard await pause(backoff.nextDelay()) else { return nil }
                    continue
                }
            }
            backoff.reset()
            refusal = nil
            switch await serve(login) {
            case .stopped:
                return nil
            case .retry:
                guard await pause(backoff.nextDelay()) else { return nil }
            case .tokenRefused(let refused):
                refusal = refused
                logger.warning(
                    "The homeserver refused the access token; logging in again",
                    metadata: ["soft_logout": "\(refused?.softLogout ?? false)"])
            }
        }
        return nil
    }

    enum ServeEnd { case stopped, retry, tokenRefused(TokenRefusal?) }

    /// Sync until shutdown or until the token stops working.
    private func serve(_ login: MatrixSession.Authenticated) async -> ServeEnd {
        let client = login.client, userID = login.userID
        let filters: SyncFilters
        do {
            filters = try await SyncFilters(
                client: client, userID: userID, leavingOutOwnEvents: annotations.withLock(\.leavesOutOwnEvents))
        } catch {
            logger.warning("Could not create a sync filter; retrying", metadata: ["error": "\(error)"])
            return error.isUnknownToken ? .tokenRefused(client.accessToken.refusal) : .retry
        }
        let encryption = await MatrixEncryption.start(
            configuration: configuration, client: client, userID: userID, deviceID: login.deviceID, store: store,
            status: status, logger: logger, metrics: metricsFactory)
        // Previews expire by the clock, not by a command: beside the sync loop, for as long as it
        // runs, a sweep sleeps until the next expiry, and a preview shown wakes it. Those an
        // earlier run left open are taken back once, beside it too.
        let previewShown = WakeSignal()
        let handler = await makeHandler(
            client: client, userID: userID, endToEnd: encryption, previewShown: { previewShown.signal() })
        // Before the first sync, so that every command finds them learned: 100,000 recorded GIFs
        // took 0.19 s on SQLite, in the debug build.
        await handler.sender.learnRecordedUploads()
        picks.use(handler.sender)
        defer { picks.use(nil) }
        return await withTaskGroup(of: ServeEnd?.self) { group in
            group.addTask {
                await handler.sender.takeBackAbandonedPreviews()
                return nil
            }
            group.addTask { await self.takeBackExpiredPreviews(sender: handler.sender, shown: previewShown) }
            group.addTask { await self.keepTokenFresh(login) }
            group.addTask {
                await self.makeJoins(client)
                return nil
            }
            group.addTask { await self.keepImagePacksCurrent(handler.sender.roomFeatures) }
            group.addTask {
                await self.sync(client: client, filters: filters, handler: handler, encryption: encryption)
            }
            var end = ServeEnd.stopped
            while let result = await group.next() {
                if let result {
                    end = result
                    break
                }
            }
            group.cancelAll()
            return end
        }
    }

    /// Compares published image packs with their rooms' collections on a timer, beside the sync
    /// loop. Always returns nil: the sync loop alone ends a session.
    private func keepImagePacksCurrent(_ features: MatrixRoomFeatures?) async -> ServeEnd? {
        guard let features else { return nil }
        while await pause(configuration.timing.imagePackRefresh) { await features.refreshAll() }
        return nil
    }

    /// Refreshes an expiring access token before it expires, for as long as the sync loop runs.
    /// Always returns nil: the sync loop alone ends a session.
    private func keepTokenFresh(_ authenticated: MatrixSession.Authenticated) async -> ServeEnd? {
        guard var login = authenticated.login else { return nil }
        let session = MatrixSession(configuration: configuration, http: http, store: store, logger: logger)
        var backoff = makeBackoff()
        while let due = login.refreshDue {
            guard await pause(.seconds(max(0, due.timeIntervalSinceNow))) else { return nil }
            do {
                login = try await session.refresh(login, client: authenticated.client)
                backoff.reset()
            } catch let error where !error.isRetryable {
                // The sync's refusal, once the access token ends, says whether the device lives
                // on (a login to it again) or was logged out (a new device).
                logger.warning(
                    "The Matrix refresh token was refused; logging in again when the access token expires",
                    metadata: ["error": "\(error)"])
                return nil
            } catch {
                // Until the token expires: then the sync's refusal takes over.
                logger.warning("Could not refresh the Matrix access token; retrying", metadata: ["error": "\(error)"])
                guard await pause(backoff.nextDelay()) else { return nil }
            }
        }
        return nil
    }

    /// The messages of previews that expired unanswered are redacted as they expire: the sweep
    /// sleeps until the next expiry of this account's previews (a minute at most), or until one is
    /// shown, so an idle bot does not wake once a second. Returns nil when cancelled or stopping.
    private func takeBackExpiredPreviews(sender: MatrixReplySender, shown: WakeSignal) async -> ServeEnd? {
        let account = sender.shownPreviews.account
        while !isStopping {
            let next = await bot.nextPreviewExpiry(shownBy: account)
            let wait = next.map { max(.zero, $0 - .now) } ?? .seconds(60)
            guard await pause(wait, orUntil: shown) else { return nil }
            for withdrawn in await bot.expiredPreviews(shownBy: account) {
                guard let shown = withdrawn.shownMessageID else { continue }
                await sender.withdrawPreview(
                    withdrawn, room: withdrawn.conversation, transactionID: MatrixTransactionID.expiry(of: shown))
            }
        }
        return nil
    }

    /// Sleeps unless shutting down; false when the adapter should stop.
    func pause(_ duration: Duration) async -> Bool {
        (try? await cancellingOnGracefulShutdown { try await Task.sleep(for: duration) }) != nil && !isStopping
    }

    /// `pause`, ended early by a signal of `wakeUp`.
    private func pause(_ duration: Duration, orUntil wakeUp: WakeSignal) async -> Bool {
        // A shutdown cancels the wait, which the checks below then see.
        await cancellingOnGracefulShutdown { await wakeUp.wait(upTo: duration) }
        return !isStopping && !Task.isCancelled
    }

    static func serverName(_ configuration: MatrixConfiguration) -> String {
        if let colon = configuration.user.firstIndex(of: ":") {
            return String(configuration.user[configuration.user.index(after: colon)...])
        }
        return URL(string: configuration.homeserver)?.host ?? "localhost"
    }
}
