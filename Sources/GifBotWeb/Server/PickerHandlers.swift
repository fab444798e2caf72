import Foundation
import GifBotCore
import Hummingbird

/// The picker's routes. Every one needs a session whose person asked `!web` in the channel (the
/// grant their link gave, which ends when they leave it); anything else is the plain 403.
struct PickerHandlers: Sendable {
    let pages: WebPages
    let picker: any WebPicking

    private var gallery: WebGallery { pages.gallery }
    private var paths: WebPaths { pages.paths }

    /// Who acts, where, and what the page needs to render.
    struct Asker {
        let session: WebSession
        let channel: CollectionChannel
        let csrf: String
        /// The widget's token when the picker runs in a room widget; its links carry it.
        let widgetToken: String?
        /// What the pages call the channel (a Matrix room's name, not its id).
        let name: String
        var user: ChatUser {
            ChatUser(network: session.user.network, id: session.user.userID, displayName: session.user.userID)
        }
    }

    func search(_ request: Request, context: some RequestContext) async throws -> Response {
        guard let asker = try await asker(request, context) else { return pages.forbidden() }
        let fields = FormFields(request.uri.query ?? "")
        let query = Self.query(fields)
        let page = try await pickerPage(asker, request)
        let notice = try await notice(fields, asker)
        guard !query.isEmpty else {
            async let trending = picker.trendingSearches()
            let recent = try await picker.recentSearches(of: asker.session.user)
            return WebPages.html(
                page.search(query: "", grid: nil, trending: await trending, recent: recent, notice: notice))
        }
        let offset = Self.offset(fields)
        let grid = try await results(.search(query), offset: offset, asker) { next in
            paths.picker(asker.channel, query: query, offset: next)
        }
        return WebPages.html(page.search(query: query, grid: grid, trending: [], recent: [], notice: notice))
    }

    func trending(_ request: Request, context: some RequestContext) async throws -> Response {
        guard let asker = try await asker(request, context) else { return pages.forbidden() }
        let fields = FormFields(request.uri.query ?? "")
        let grid = try await results(.trending, offset: Self.offset(fields), asker) { next in
            paths.picker(asker.channel, tab: .trending, offset: next)
        }
        return WebPages.html(
            try await pickerPage(asker, request).list(.trending, grid: grid, notice: try await notice(fields, asker)))
    }

    /// The person's favorites that the channel's rating allows, newest first.
    func favorites(_ request: Request, context: some RequestContext) async throws -> Response {
        guard let asker = try await asker(request, context) else { return pages.forbidden() }
        let fields = FormFields(request.uri.query ?? "")
        let rating = await picker.pickerRating(for: asker.user, in: asker.channel.channel)
        let shown = try await gallery.favorites.favorites(of: asker.session.user).filter {
            ContentPolicy.allows(rated: $0.rating, maximum: rating)
        }
        let offset = Self.offset(fields)
        let size = GifBot.pickerPageSize
        let grid = PickerPage.Grid(
            items: shown.dropFirst(offset).prefix(size).map(PickerItem.init),
            more: offset + size < shown.count
                ? paths.picker(asker.channel, tab: .favorites, offset: offset + size) : nil,
            empty: "No favorites that \(asker.name) allows yet: press Favorite on a GIF.")
        return WebPages.html(
            try await pickerPage(asker, request).list(.favorites, grid: grid, notice: try await notice(fields, asker)))
    }

    /// The channel's collection, newest first.
    func collection(_ request: Request, context: some RequestContext) async throws -> Response {
        guard let asker = try await asker(request, context), let store = gallery.collections else {
            return pages.forbidden()
        }
        let fields = FormFields(request.uri.query ?? "")
        let offset = Self.offset(fields)
        let size = GifBot.pickerPageSize
        let found = try await store.collectionEntries(
            CollectionQuery(channel: asker.channel, offset: offset, limit: size))
        let rating = await picker.pickerRating(for: asker.user, in: asker.channel.channel)
        let grid = PickerPage.Grid(
            items: found.entries.filter { ContentPolicy.allows(rated: $0.rating, maximum: rating) }.map(
                PickerItem.init),
            more: offset + size < found.total
                ? paths.picker(asker.channel, tab: .collection, offset: offset + size) : nil,
            empty: "Nothing saved in \(asker.name) yet.")
        return WebPages.html(
            try await pickerPage(asker, request).list(.collection, grid: grid, notice: try await notice(fields, asker)))
    }

    /// Search terms completing what is typed, as JSON for the page's script.
    func suggest(_ request: Request, context: some RequestContext) async throws -> Response {
        guard try await asker(request, context) != nil else { return pages.forbidden() }
        let prefix = Self.query(FormFields(request.uri.query ?? ""))
        let terms = prefix.isEmpty ? [] : await picker.searchSuggestions(for: prefix)
        return try WebPages.json(terms)
    }

    /// One GIF larger, with a caption field.
    func gif(_ request: Request, context: some RequestContext) async throws -> Response {
        guard let asker = try await asker(request, context) else { return pages.forbidden() }
        switch await picker.pickerGif(context.parameters.get("gif") ?? "", for: asker.user, in: asker.channel.channel) {
        case .failure(let failure):
            return WebPages.html(pages.simple.message(failure.message), status: .notFound)
        case .success(let card):
            let notice = try await notice(FormFields(request.uri.query ?? ""), asker)
            return WebPages.html(try await pickerPage(asker, request).gif(PickerItem(large: card), notice: notice))
        }
    }

    // MARK: Actions

    /// The Favorite toggle (`favorite=<id>` or `unfavorite=<id>`): `!fav <id>` or `!unfav <id>` in
    /// the channel, and its answer.
    func favorite(_ request: Request, context: some RequestContext) async throws -> Response {
        guard let asker = try await asker(request, context) else { return pages.forbidden() }
        let form = try await pages.form(request)
        let starred = form["favorite"]
        guard try await gallery.access.isValidCSRF(form["csrf"] ?? "", for: asker.session),
            let gifID = starred ?? form["unfavorite"]
        else { return pages.forbidden() }
        let said = await picker.pickerFavorite(gifID, on: starred != nil, by: asker.user, in: asker.channel.channel)
        let pressed = try await gallery.favorites.favorites(of: asker.session.user).contains { $0.gifID == gifID }
        return try await answer(said, pressed: pressed, to: request, form, asker)
    }

    /// "Post to <channel>": the bot posts the GIF there, as if the person had picked it in chat.
    func post(_ request: Request, context: some RequestContext) async throws -> Response {
        guard let asker = try await asker(request, context) else { return pages.forbidden() }
        let form = try await pages.form(request)
        guard try await gallery.access.isValidCSRF(form["csrf"] ?? "", for: asker.session), let gifID = form["gif"]
        else {
            return pages.forbidden()
        }
        let caption = form["caption"].map { String($0.prefix(400)) }
        let said: String
        switch await picker.pick(gifID, caption: caption, by: asker.user, in: asker.channel.channel, now: .now) {
        case .posted:
            gallery.metrics.picked()
            said = "Posted to \(asker.name)."
        case .refused(let reason): said = reason
        }
        return try await answer(said, pressed: nil, to: request, form, asker)
    }

    /// For the page's script (it asks for JSON) the sentence and the toggle's state; for a plain
    /// form, back to the page it came from, the sentence signed into its address.
    private func answer(
        _ said: String, pressed: Bool?, to request: Request, _ form: FormFields, _ asker: Asker
    ) async throws -> Response {
        if request.headers[.accept] == "application/json" {
            return try WebPages.json(Answer(notice: said, pressed: pressed))
        }
        let back = form["back"].flatMap { isOwnPage($0, of: asker.channel) ? $0 : nil } ?? paths.picker(asker.channel)
        let signed = try await gallery.access.signedNotice(said, for: asker.session)
        return WebPages.redirect(to: back + (back.contains("?") ? "&" : "?") + "notice=" + WebPaths.encode(signed))
    }

    /// Only the picker's own pages for this channel: a form cannot send the person elsewhere.
    private func isOwnPage(_ address: String, of channel: CollectionChannel) -> Bool {
        let own = paths.picker(channel)
        guard address == own || address.hasPrefix(own + "/") || address.hasPrefix(own + "?") else { return false }
        return !address.contains("//") && !address.unicodeScalars.contains { $0.value < 0x21 || $0 == "\\" }
    }

    /// What the page's script reads back from a form: the sentence, and a toggle's new state
    /// (left out for a post).
    private struct Answer: Encodable {
        let notice: String
        let pressed: Bool?
    }

    // MARK: Results

    private func results(
        _ listing: PickerListing, offset: Int, _ asker: Asker, more: (Int) -> String
    ) async throws -> PickerPage.Grid {
        do {
            let found = try await picker.pickerResults(
                listing, offset: offset, for: asker.user, in: asker.channel.channel)
            let empty: String =
                switch listing {
                case .search(let query) where offset == 0:
                    "No GIFs found for \"\(query)\" that \(asker.name) allows."
                case .trending where offset == 0: "Nothing trending right now that \(asker.name) allows."
                default: "No more GIFs."
                }
            return PickerPage.Grid(
                items: found.cards.map { PickerItem($0) }, more: found.nextOffset.map(more), empty: empty)
        } catch let failure as PickerFailure {
            return PickerPage.Grid(items: [], more: nil, empty: failure.message)
        }
    }

    // MARK: Who is asking

    /// A session whose person asked `!web` in the channel (a cookie), or a widget's token for it
    /// (`wt`). With a token, the token alone counts: a cookie's session is never shown in a
    /// frame another site made.
    func asker(_ request: Request, _ context: some RequestContext) async throws -> Asker? {
        guard let channel = context.parameters.get("channel").flatMap(ChannelHandle.channel(from:)) else {
            return nil
        }
        if let token = FormFields(request.uri.query ?? "")["wt"] {
            guard gallery.widgetIdentity != nil, !gallery.settings.widgetOrigins.isEmpty,
                let session = try await gallery.access.widgetSession(token, for: channel)
            else { return nil }
            return Asker(
                session: session, channel: channel, csrf: try await gallery.access.csrfToken(for: session),
                widgetToken: token, name: await picker.conversationName(channel))
        }
        guard let session = try await pages.session(of: request), channel.network == session.user.network,
            try await gallery.access.channels(of: session).contains(channel.channel)
        else { return nil }
        return Asker(
            session: session, channel: channel, csrf: try await gallery.access.csrfToken(for: session),
            widgetToken: nil, name: await picker.conversationName(channel))
    }

    private func pickerPage(_ asker: Asker, _ request: Request) async throws -> PickerPage {
        let favorites = try await gallery.favorites.favorites(of: asker.session.user)
        return PickerPage(
            layout: pages.layout, channel: asker.channel, channelName: asker.name, csrf: asker.csrf,
            widgetToken: asker.widgetToken,
            favorites: Set(favorites.map(\.gifID)),
            back: Self.withoutNotice(request.uri.path, request.uri.query))
    }

    private func notice(_ fields: FormFields, _ asker: Asker) async throws -> String? {
        guard let signed = fields["notice"] else { return nil }
        return try await gallery.access.notice(signed, for: asker.session)
    }

    static func query(_ fields: FormFields) -> String {
        String((fields["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(100))
    }

    static func offset(_ fields: FormFields) -> Int {
        max(0, min(10_000, fields["offset"].flatMap { Int($0) } ?? 0))
    }

    /// The page's own address (path and query, as the browser asked it) without a notice, for
    /// its forms to come back to.
    static func withoutNotice(_ path: String, _ query: String?) -> String {
        let kept = (query ?? "").split(separator: "&").filter { !$0.hasPrefix("notice=") }
        return kept.isEmpty ? path : path + "?" + kept.joined(separator: "&")
    }
}
