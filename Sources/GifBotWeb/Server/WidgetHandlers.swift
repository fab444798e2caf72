import Foundation
import GifBotCore
import Hummingbird

/// The picker as a Matrix room widget: the page the widget opens (framed only by
/// `web.widget_origins`), and the exchange of the OpenID token its client gave for a token that
/// opens that room's picker for the person the homeserver vouched for, if they are in the room.
struct WidgetHandlers: Sendable {
    let pages: WebPages
    let identity: any WidgetIdentityChecking

    private var gallery: WebGallery { pages.gallery }

    func page(_ request: Request, context: some RequestContext) async throws -> Response {
        guard let channel = context.parameters.get("channel").flatMap(ChannelHandle.channel(from:)) else {
            return pages.forbidden()
        }
        return WebPages.html(WidgetPage(layout: pages.layout).render(session: pages.paths.widgetSession(channel)))
    }

    func session(_ request: Request, context: some RequestContext) async throws -> Response {
        guard let channel = context.parameters.get("channel").flatMap(ChannelHandle.channel(from:)),
            channel.network == identity.network
        else { return try refuse("This is not a room's widget.") }
        let form = try await pages.form(request)
        guard let token = form["access_token"], !token.isEmpty, token.utf8.count <= 512,
            let server = form["matrix_server_name"], !server.isEmpty, server.utf8.count <= 255
        else { return try refuse("Your client gave no OpenID token.") }
        guard let userID = await identity.userID(openIDToken: token, serverName: server) else {
            gallery.metrics.widgetSession("refused")
            return try refuse("Your homeserver did not vouch for you (or is not this bot's).")
        }
        guard await identity.isJoined(userID, room: channel.channel) else {
            gallery.metrics.widgetSession("not_member")
            return try refuse("You are not in this room.")
        }
        let widgetToken = try await gallery.access.widgetToken(
            for: UserKey(network: channel.network, userID: userID), in: channel)
        gallery.metrics.widgetSession("ok")
        return try WebPages.json(["picker": pages.paths.picker(channel) + "?wt=" + widgetToken])
    }

    private func refuse(_ reason: String) throws -> Response {
        try WebPages.json(["error": reason], status: .forbidden)
    }
}
