import Foundation
import GifBotCore
import HTTPListening
import HTTPTypes
import Hummingbird
import Logging

/// The route handlers: who the browser is (session cookie), whether the page is theirs, and
/// the page. Anything not theirs, and any bad link, is the same plain 403.
struct WebPages: Sendable {
    let gallery: WebGallery
    let layout: PageLayout
    let simple: SimplePages

    init(gallery: WebGallery) {
        self.gallery = gallery
        layout = PageLayout(paths: WebPaths(base: gallery.settings.basePath))
        simple = SimplePages(layout: layout, commandPrefix: gallery.commandPrefix)
    }

    var paths: WebPaths { layout.paths }
    var access: WebAccess { gallery.access }

    func home(_ request: Request) async throws -> Response {
        let session = try await session(of: request)
        var channels: [NamedChannel] = []
        if let session { channels = try await namedChannels(of: session) }
        return Self.html(
            simple.home(
                session: session, csrf: try await signOut(session), channels: channels,
                pickers: gallery.picker == nil ? [] : channels))
    }

    /// The channels where the session's person asked for a link, with their names.
    private func namedChannels(of session: WebSession) async throws -> [NamedChannel] {
        var named: [NamedChannel] = []
        for channel in try await access.channels(of: session) {
            let name = await gallery.picker?.conversationName(
                CollectionChannel(network: session.user.network, channel: channel))
            named.append(NamedChannel(channel: channel, name: name ?? channel))
        }
        return named
    }

    func loginForm(_ request: Request) async throws -> Response {
        let token = FormFields(request.uri.query ?? "")["token"] ?? ""
        switch try await access.check(token) {
        case .failure(let rejection): return refuse(rejection)
        case .success(let ticket): return Self.html(simple.login(token: token, user: ticket.user))
        }
    }

    func login(_ request: Request, context: some RequestContext) async throws -> Response {
        let form = try await form(request)
        switch try await access.redeem(form["token"] ?? "") {
        case .failure(let rejection): return refuse(rejection)
        case .success(let cookie):
            gallery.metrics.login("ok")
            guard let session = try await access.session(cookie: cookie) else { return forbidden() }
            var response = Self.redirect(to: paths.favorites(session.user))
            response.setCookie(sessionCookie(cookie, maxAge: Int(WebAccess.sessionLifetime)))
            return response
        }
    }

    /// Needs the session's CSRF token: another site cannot sign a person out.
    func logout(_ request: Request) async throws -> Response {
        if let session = try await session(of: request) {
            guard try await access.isValidCSRF(try await form(request)["csrf"] ?? "", for: session) else {
                return forbidden()
            }
            try await access.end(session)
        }
        var response = Self.redirect(to: paths.home)
        response.setCookie(sessionCookie("", maxAge: 0))
        return response
    }

    func favorites(_ request: Request, context: some RequestContext) async throws -> Response {
        guard let (session, user) = try await owner(request, context) else { return forbidden() }
        let query = FormFields(request.uri.query ?? "")
        let text = String((query["q"] ?? "").trimmingCharacters(in: .whitespaces).prefix(100))
        let page = query["page"].flatMap { Int($0) } ?? 1
        let list = try await gallery.favorites.favorites(of: user)
        let pickers = gallery.picker == nil ? [] : try await namedChannels(of: session)
        return Self.html(
            FavoritesPage(layout: layout).render(
                list, of: user, query: text, page: page, csrf: try await access.csrfToken(for: session), notice: nil,
                pickers: pickers))
    }

    func gif(_ request: Request, context: some RequestContext) async throws -> Response {
        guard let (session, user) = try await owner(request, context) else { return forbidden() }
        let gifID = context.parameters.get("gif") ?? ""
        guard let favorite = try await gallery.favorites.favorites(of: user).first(where: { $0.gifID == gifID }) else {
            return Self.html(simple.notFound(), status: .notFound)
        }
        return Self.html(
            GifPage(layout: layout, commandPrefix: gallery.commandPrefix).render(
                favorite, of: user, csrf: try await access.csrfToken(for: session)))
    }

    func remove(_ request: Request, context: some RequestContext) async throws -> Response {
        guard let (session, user) = try await owner(request, context) else { return forbidden() }
        let form = try await form(request)
        guard try await access.isValidCSRF(form["csrf"] ?? "", for: session) else { return forbidden() }
        let gifID = context.parameters.get("gif") ?? ""
        if try await gallery.favorites.removeFavorite(gifID, of: user) { gallery.metrics.favoriteRemoved() }
        return Self.redirect(to: paths.favorites(user))
    }

    // MARK: Collections

    func collection(_ request: Request, context: some RequestContext) async throws -> Response {
        let session = try await session(of: request)
        guard let (store, channel) = try await visibleChannel(context, session) else { return forbidden() }
        let query = FormFields(request.uri.query ?? "")
        let text = String((query["q"] ?? "").trimmingCharacters(in: .whitespaces).prefix(100))
        let tag = query["tag"].flatMap(CollectionLimits.tag)
        let page = max(1, min(10_000, query["page"].flatMap { Int($0) } ?? 1))
        let entries = try await store.collectionEntries(
            CollectionQuery(
                channel: channel, tag: tag, text: text.isEmpty ? nil : text,
                offset: (page - 1) * CollectionPages.pageSize, limit: CollectionPages.pageSize))
        return Self.html(
            collectionPages.grid(
                entries, tags: try await store.collectionTags(in: channel), of: channel, tag: tag, query: text,
                pageNumber: page, signOut: try await signOut(session)))
    }

    func collectionEntry(_ request: Request, context: some RequestContext) async throws -> Response {
        let session = try await session(of: request)
        guard let (store, channel) = try await visibleChannel(context, session) else { return forbidden() }
        guard let entry = try await store.collectionEntry(context.parameters.get("gif") ?? "", in: channel) else {
            return Self.html(simple.notFound(), status: .notFound)
        }
        return Self.html(collectionPages.entry(entry, signOut: try await signOut(session)))
    }

    var collectionPages: CollectionPages { CollectionPages(layout: layout, commandPrefix: gallery.commandPrefix) }

    /// A public collection, or one the session's user asked `!web` in.
    private func visibleChannel(
        _ context: some RequestContext, _ session: WebSession?
    ) async throws -> ((any CollectionStore), CollectionChannel)? {
        guard let store = gallery.collections,
            let channel = context.parameters.get("channel").flatMap(ChannelHandle.channel(from:))
        else { return nil }
        if let session, session.user.network == channel.network,
            try await access.channels(of: session).contains(channel.channel)
        {
            return (store, channel)
        }
        return try await store.collectionPolicy(for: channel).isPublic ? (store, channel) : nil
    }

    // MARK: Who is asking

    func session(of request: Request) async throws -> WebSession? {
        guard let cookie = request.cookies[gallery.cookieName]?.value, !cookie.isEmpty else { return nil }
        return try await access.session(cookie: cookie)
    }

    /// The sign-out button's CSRF token; nil without a session.
    private func signOut(_ session: WebSession?) async throws -> String? {
        guard let session else { return nil }
        return try await access.csrfToken(for: session)
    }

    /// The session, when the page's user is the session's own.
    private func owner(_ request: Request, _ context: some RequestContext) async throws -> (WebSession, UserKey)? {
        guard let session = try await session(of: request),
            let user = context.parameters.get("user").flatMap(UserHandle.user(from:)), user == session.user
        else { return nil }
        return (session, user)
    }

    func form(_ request: Request) async throws -> FormFields {
        var request = request
        let body = try await request.collectBody(upTo: gallery.settings.listener.maxBodyBytes)
        return FormFields(String(buffer: body))
    }

    // MARK: Responses

    private func refuse(_ rejection: LoginRejection) -> Response {
        gallery.metrics.login("\(rejection)")
        gallery.logger.notice("Refused a login link", metadata: ["reason": "\(rejection)"])
        return forbidden()
    }

    func forbidden() -> Response { Self.html(simple.forbidden(), status: .forbidden) }

    private func sessionCookie(_ value: String, maxAge: Int) -> Cookie {
        Cookie(
            name: gallery.cookieName, value: value, maxAge: maxAge, path: "/", secure: gallery.settings.isSecure,
            httpOnly: true, sameSite: .lax)
    }

    static func html(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        var response = Response(status: status, body: .init(byteBuffer: ByteBuffer(string: page)))
        response.headers[.contentType] = "text/html; charset=utf-8"
        return response
    }

    /// A JSON answer for the pages' scripts (suggestions, a toggle's state, a widget's picker).
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        var response = Response(
            status: status, body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(value))))
        response.headers[.contentType] = "application/json"
        return response
    }

    /// 303: the browser follows with a GET, so a reload never posts again.
    static func redirect(to location: String) -> Response {
        var response = Response(status: .seeOther)
        response.headers[.location] = location
        return response
    }
}
