import AsyncHTTPClient
import GifBotCore
import NIOHTTP1

/// The Matrix side of the picker widget's question "who is this, and are they in the room?":
/// an OpenID token (MSC1960) is checked with the bot's own homeserver, whose server name it must
/// name (`/_matrix/federation/v1/openid/userinfo`, which answers with the token's user), and
/// membership is read by the account in the room.
public struct MatrixWidgetIdentity: Sendable {
    private let http: MatrixHTTP
    private let serverName: String
    private let bot: GifBot
    private let timeout: Duration

    public init(configuration: MatrixConfiguration, httpClient: HTTPClient, bot: GifBot) {
        http = MatrixHTTP(client: httpClient, baseURL: configuration.homeserver)
        serverName = MatrixAdapter.serverName(configuration)
        self.bot = bot
        timeout = configuration.timing.requestTimeout
    }

    /// The user the homeserver says the token belongs to; nil for another server's token, or one
    /// the homeserver does not know (forged, expired), or an answer naming a user of another server.
    public func userID(openIDToken token: String, serverName claimed: String) async -> String? {
        guard claimed.lowercased() == serverName.lowercased() else { return nil }
        // The token travels in the query, as the endpoint asks; the HTTP layer logs no query.
        guard
            let answer = try? await http.request(
                .GET, "/_matrix/federation/v1/openid/userinfo", query: [("access_token", token)], accessToken: nil,
                timeout: timeout
            ).json(),
            let user = answer["sub"]?.string, user.hasPrefix("@"),
            user.lowercased().hasSuffix(":" + serverName.lowercased())
        else { return nil }
        return user
    }

    /// Whether `userID` is joined to `room`, as an account of the bot in that room reads it.
    public func isJoined(_ userID: String, room: String) async -> Bool {
        await bot.isJoined(userID, in: room, network: MatrixAdapter.network)
    }
}
