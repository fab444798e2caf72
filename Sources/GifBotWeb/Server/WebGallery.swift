import CoreMetrics
import Foundation
import GifBotCore
import HTTPListening
import Hummingbird
import Logging
import ServiceLifecycle

/// The web gallery: login links, sessions and the favorites pages, on Hummingbird. `service()`
/// is what the bot's service group runs; `router()` is what the tests drive in-process.
public struct WebGallery: Sendable {
    let settings: WebSettings
    let access: WebAccess
    let favorites: any WebFavorites
    /// Channels' collections; nil shows none (tests of the favorites alone).
    let collections: (any CollectionStore)?
    /// The bot's side of the picker; nil leaves the picker out (tests of the favorites alone).
    let picker: (any WebPicking)?
    /// Who uses the picker widget; nil (or no `web.widget_origins`) leaves the widget out.
    let widgetIdentity: (any WidgetIdentityChecking)?
    let commandPrefix: String
    let metrics: WebMetrics
    let logger: Logger

    public init(
        settings: WebSettings, access: WebAccess, favorites: any WebFavorites,
        collections: (any CollectionStore)? = nil, picker: (any WebPicking)? = nil,
        widgetIdentity: (any WidgetIdentityChecking)? = nil, commandPrefix: String,
        metricsFactory: any MetricsFactory = MetricsSystem.factory, logger: Logger
    ) {
        self.settings = settings
        self.access = access
        self.favorites = favorites
        self.collections = collections
        self.picker = picker
        self.widgetIdentity = widgetIdentity
        self.commandPrefix = commandPrefix
        metrics = WebMetrics(factory: metricsFactory)
        self.logger = logger
    }

    /// The HTTP server as a Service of the bot's group; it stops with the group's graceful shutdown.
    /// Bounded by `settings.listener` (see `LimitedListener`), so slow or idle connections cannot
    /// take the descriptors the chat connections and GIF sources need.
    public func service() -> some ServiceLifecycle.Service {
        let listener = LimitedListener(name: "The gallery", limits: settings.listener, logger: logger)
        return ListenerService(
            responder: router().buildResponder(), listener: listener,
            address: .hostname(settings.host, port: settings.port), logger: logger)
    }

    public func router() -> Router<GalleryRequestContext> {
        let router = Router(context: GalleryRequestContext.self)
        let pages = WebPages(gallery: self)
        router.add(
            middleware: GalleryMiddleware(
                headers: SecurityHeaders(
                    extraImageSources: settings.extraImageSources, widgetOrigins: settings.widgetOrigins),
                pages: pages,
                metrics: metrics, logger: logger))
        // Inside the one above: a refused request still gets the security headers and its log line.
        router.add(middleware: RateLimitMiddleware(settings.limits))
        router.add(middleware: TransferEncodingMiddleware())
        router.add(middleware: SameOriginMiddleware(origin: settings.origin, pages: pages, logger: logger))
        for (path, asset) in Self.assets {
            router.get(RouterPath(path)) { request, _ in asset.response(to: request) }
        }
        // Browsers ask for it on their own; there is none, and a 404 would be a console error.
        router.get("favicon.ico") { _, _ in Response(status: .noContent) }
        router.get("/") { request, _ in try await pages.home(request) }
        router.get("login") { request, _ in try await pages.loginForm(request) }
        router.post("login") { request, context in try await pages.login(request, context: context) }
        router.post("logout") { request, _ in try await pages.logout(request) }
        router.get("u/:user/favorites") { request, context in try await pages.favorites(request, context: context) }
        router.get("u/:user/favorites/:gif") { request, context in try await pages.gif(request, context: context) }
        router.post("u/:user/favorites/:gif/remove") { request, context in
            try await pages.remove(request, context: context)
        }
        router.get("c/:channel") { request, context in try await pages.collection(request, context: context) }
        router.get("c/:channel/:gif") { request, context in
            try await pages.collectionEntry(request, context: context)
        }
        if let picker { addPicker(PickerHandlers(pages: pages, picker: picker), to: router) }
        if picker != nil, let widgetIdentity, !settings.widgetOrigins.isEmpty {
            let widget = WidgetHandlers(pages: pages, identity: widgetIdentity)
            router.get("w/:channel") { request, context in try await widget.page(request, context: context) }
            router.post("w/:channel/session") { request, context in
                try await widget.session(request, context: context)
            }
        }
        return router
    }

    private func addPicker(_ handlers: PickerHandlers, to router: Router<GalleryRequestContext>) {
        router.get("p/:channel") { request, context in try await handlers.search(request, context: context) }
        router.get("p/:channel/trending") { request, context in try await handlers.trending(request, context: context) }
        router.get("p/:channel/favorites") { request, context in
            try await handlers.favorites(request, context: context)
        }
        router.get("p/:channel/collection") { request, context in
            try await handlers.collection(request, context: context)
        }
        router.get("p/:channel/suggest") { request, context in try await handlers.suggest(request, context: context) }
        router.get("p/:channel/gif/:gif") { request, context in try await handlers.gif(request, context: context) }
        router.post("p/:channel/favorite") { request, context in
            try await handlers.favorite(request, context: context)
        }
        router.post("p/:channel/post") { request, context in try await handlers.post(request, context: context) }
    }

    /// The gallery's own files, each made (and gzipped) once.
    private static let assets: [(String, StaticAsset)] = [
        ("assets/gallery.css", StaticAsset(Assets.stylesheet, type: "text/css; charset=utf-8")),
        ("assets/copy.js", StaticAsset(Assets.copyScript, type: "text/javascript; charset=utf-8")),
        ("assets/picker.js", StaticAsset(PickerScript.source, type: "text/javascript; charset=utf-8")),
        ("assets/widget.js", StaticAsset(WidgetScript.source, type: "text/javascript; charset=utf-8")),
    ]

    var cookieName: String { settings.isSecure ? "__Host-gifbot_session" : "gifbot_session" }
}
